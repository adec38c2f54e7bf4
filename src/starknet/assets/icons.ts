/**
 * The icons MetaMask shows beside the snap's tokens: one per token of the snap's own
 * list, a neutral one for any other token. Tiny SVGs (a coloured disc and the symbol)
 * built here as base64 data URIs, the only non-remote form snaps-sdk's
 * `AssetIconUrlStruct` accepts, so the bundle grows by bytes and no icon is fetched
 * from anywhere.
 */
const ICON_COLOURS: Readonly<Record<string, string>> = {
  ETH: '#627eea',
  STRK: '#0c0c4f',
  USDC: '#2775ca',
  USDT: '#26a17b',
};

const NEUTRAL_COLOUR = '#8a8f98';

/**
 * The data URI of a disc with a label.
 *
 * @param colour - Fill.
 * @param label - Text on it.
 * @returns `data:image/svg+xml;base64,…`.
 */
function disc(colour: string, label: string): string {
  const size = label.length > 3 ? 9 : 11;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="16" fill="${colour}"/><text x="16" y="20" font-size="${size}" fill="#fff" text-anchor="middle">${label}</text></svg>`;
  // ASCII only (the labels are the snap's own symbols): `btoa`, a snap global, is exact.
  return `data:image/svg+xml;base64,${btoa(svg)}`;
}

/**
 * The icon of a token.
 *
 * @param symbol - The symbol of a token of the snap's own list; undefined for any
 * other token (its symbol is the token's own word, not put in an image).
 * @returns The data URI.
 */
export function tokenIcon(symbol: string | undefined): string {
  const colour = symbol === undefined ? undefined : ICON_COLOURS[symbol];
  return colour && symbol ? disc(colour, symbol) : disc(NEUTRAL_COLOUR, '?');
}
