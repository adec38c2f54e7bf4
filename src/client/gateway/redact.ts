import { isObject } from '@metamask/utils';

// Whether a value is an Error (also of another realm, as fetch's are under a test runner).
const isError = (value: unknown): value is Error =>
  Object.prototype.toString.call(value) === '[object Error]';

/**
 * Takes the API key out of a failed call's error before it leaves the client: the key is
 * the last segment of the gateway's URL, and viem prints the URL in its errors' message,
 * `metaMessages`, `url` and stack, and in every error wrapping them. In place, along the
 * `cause` chain, each own string (and string list) has the key replaced by `***`, so that
 * the URL reads `…/v3/***`. A cause that is not an Error (a WebSocket's error event,
 * whose socket carries the URL) is dropped.
 *
 * @param error - What the transport threw.
 * @param secrets - The key, as given and as in the URL.
 * @returns The same error, without the key.
 */
export function redact(error: unknown, secrets: readonly string[]): unknown {
  const holds = (text: unknown): text is string =>
    typeof text === 'string' && secrets.some((secret) => text.includes(secret));
  const clean = (text: unknown): unknown =>
    holds(text)
      ? secrets.reduce((out, secret) => out.split(secret).join('***'), text)
      : text;
  // Bounded: a cause chain is short, and one that loops stops here.
  let each: unknown = error;
  for (let depth = 0; depth < 32 && isError(each) && isObject(each); depth++) {
    for (const name of Object.getOwnPropertyNames(each)) {
      const value = each[name];
      if (holds(value)) {
        each[name] = clean(value);
      } else if (Array.isArray(value) && value.some(holds)) {
        each[name] = value.map(clean); // viem's metaMessages
      }
    }
    if (each.cause !== undefined && !isError(each.cause)) {
      each.cause = undefined;
    }
    each = each.cause;
  }
  return error;
}
