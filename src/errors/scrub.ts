import { isObject } from '@metamask/utils';

/** Shortest query value or path segment taken for a secret (API keys are longer). */
const SECRET_MIN = 6;

/** Shortest path segment taken for a secret: `/v3/<key>`, `/v2/<key>` (keys are long). */
const PATH_SECRET_MIN = 16;

/**
 * What of a node URL a page must never read in an error: the URL itself, its query
 * (API keys live there: `?apikey=…`), each query value, credentials, and path segments
 * long enough to be a key (Infura's `/v3/<key>`, Alchemy's `/v2/<key>`). Longest
 * first, so a part never leaves a piece of a longer one behind.
 *
 * @param url - The node URL.
 * @returns The texts to remove.
 */
export function urlSecrets(url: string): string[] {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return [url];
  }
  const found = [
    url,
    parsed.href,
    `${parsed.origin}${parsed.pathname}`,
    `${parsed.pathname}${parsed.search}`,
    parsed.search,
    parsed.search.slice(1),
    parsed.username,
    parsed.password,
    ...[...parsed.searchParams.values()].filter(
      (value) => value.length >= SECRET_MIN,
    ),
    ...parsed.pathname
      .split('/')
      .filter((segment) => segment.length >= PATH_SECRET_MIN),
  ];
  return [...new Set(found)]
    .filter((text) => text.length >= SECRET_MIN || text === url)
    .sort((one, other) => other.length - one.length);
}

/**
 * The host name of a URL, without its port (a node may echo either).
 *
 * @param url - The URL.
 * @returns The host name, or '' for a malformed URL.
 */
function hostnameOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
}

/**
 * What a node failure is scrubbed of before it can reach anyone: its URL's secrets
 * ({@link urlSecrets}) always; also its host (with and without port) when the node
 * must not be named to the page (the user's own node: "your node").
 *
 * @param url - The node URL.
 * @param hidden - Whether the host is hidden too.
 * @returns `[text, replacement]` pairs for {@link scrubJson}.
 */
export function nodeScrubs(
  url: string,
  hidden: boolean,
): (readonly [string, string])[] {
  const secrets = urlSecrets(url).map((secret) => [secret, '…'] as const);
  if (!hidden) {
    return secrets;
  }
  let host = '';
  try {
    host = new URL(url).host;
  } catch {
    host = '';
  }
  return [
    ...secrets,
    ...[host, hostnameOf(url)]
      .filter((name) => name !== '')
      .map((name) => [name, 'your node'] as const),
  ];
}

/**
 * A JSON value with every occurrence of some texts replaced, in its strings and keys:
 * how a node failure is scrubbed before it can reach a page (a node may echo its URL,
 * host or key in a message or in its error data).
 *
 * @param value - The value (error details).
 * @param replacements - `[text, replacement]` pairs, applied in order.
 * @returns The value, scrubbed; the same value when nothing matched.
 */
export function scrubJson<Value extends Record<string, unknown>>(
  value: Value,
  replacements: readonly (readonly [string, string])[],
): Value {
  let text = JSON.stringify(value);
  for (const [secret, replacement] of replacements) {
    if (secret !== '') {
      // Matched as JSON text, so a secret with quotes or backslashes still matches.
      text = text.split(JSON.stringify(secret).slice(1, -1)).join(replacement);
    }
  }
  const scrubbed: unknown = JSON.parse(text);
  return { ...value, ...(isObject(scrubbed) ? scrubbed : {}) };
}
