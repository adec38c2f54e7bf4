/**
 * The snap's icon (`images/icon.svg`), inlined so the adapter needs no asset loader;
 * a test checks it is the same file.
 */
export const SNAPNET_ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#0c0c4f"/><path d="M18 40c6 6 22 6 28-4M20 26l6-6 6 6-6 6z" stroke="#ec796b" stroke-width="5" fill="none" stroke-linecap="round"/><circle cx="44" cy="20" r="4" fill="#fff"/></svg>';

/**
 * The icon as the wallet API wants it: a `data:image/svg+xml;base64,…` URI, which
 * get-starknet's wallet list and the Wallet Standard both accept.
 */
export const SNAPNET_ICON =
  `data:image/svg+xml;base64,${btoa(SNAPNET_ICON_SVG)}` as const;
