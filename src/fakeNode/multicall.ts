/**
 * Decoding of an account's `__execute__` calldata into calls, in the two formats
 * starknet.js produces: Cairo 1 (Argent Cairo-1 accounts) and Cairo 0 (the proxy).
 */
import type { Call } from './ledger';
import type { AccountData } from './state';

/**
 * Decodes an account's `__execute__` calldata into calls: Cairo 1
 * `[n, (to, selector, len, ...data)...]` or Cairo 0
 * `[n, (to, selector, offset, len)..., total, ...data]`.
 *
 * @param flavour - Account flavour (decides the format).
 * @param calldata - The transaction's calldata.
 * @returns The calls, or undefined when the calldata is malformed.
 */
export function decodeMulticall(
  flavour: AccountData['flavour'],
  calldata: bigint[],
): Call[] | undefined {
  const [count, ...rest] = calldata;
  if (count === undefined || count > 1000n) {
    return undefined;
  }
  const calls: Call[] = [];
  if (flavour === 'argent') {
    let at = 0;
    for (let i = 0n; i < count; i++) {
      const [to, selector, length] = rest.slice(at, at + 3);
      if (to === undefined || selector === undefined || length === undefined) {
        return undefined;
      }
      const data = rest.slice(at + 3, at + 3 + Number(length));
      if (length > BigInt(rest.length) || data.length !== Number(length)) {
        return undefined;
      }
      calls.push({ to, selector, calldata: data });
      at += 3 + data.length;
    }
    return at === rest.length ? calls : undefined;
  }
  const data = rest.slice(Number(count) * 4 + 1);
  for (let i = 0; i < Number(count); i++) {
    const [to, selector, offset, length] = rest.slice(i * 4, i * 4 + 4);
    if (
      to === undefined ||
      selector === undefined ||
      offset === undefined ||
      length === undefined
    ) {
      return undefined;
    }
    if (offset + length > BigInt(data.length)) {
      return undefined;
    }
    calls.push({
      to,
      selector,
      calldata: data.slice(Number(offset), Number(offset + length)),
    });
  }
  return rest[Number(count) * 4] === BigInt(data.length) ? calls : undefined;
}
