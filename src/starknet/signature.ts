import { ec, num as felt } from 'starknet';

import { InvalidField } from '../errors';

/**
 * Signs a hash with a Stark key.
 *
 * @param hash - Message or transaction hash.
 * @param privateKey - The account's private key.
 * @returns `[r, s]` as hex strings.
 */
export function signHash(hash: string, privateKey: string): [string, string] {
  const signature = ec.starkCurve.sign(hash, privateKey);
  return [felt.toHex(signature.r), felt.toHex(signature.s)];
}

/**
 * Joins `[r, s]` into the single string signMessage returns (starknet.md).
 *
 * @param signature - `[r, s]`.
 * @returns `0x` + r (64 hex) + s (64 hex).
 */
export function joinSignature(signature: [string, string]): string {
  const pad = (value: string): string =>
    BigInt(value).toString(16).padStart(64, '0');
  return `0x${pad(signature[0])}${pad(signature[1])}`;
}

const JOINED = /^0x[0-9a-f]{128}$/iu;
const FELT = /^(0x[0-9a-f]{1,64}|[0-9]{1,78})$/iu;

/**
 * Reads a signature in any of the accepted forms: the joined string, a JSON array
 * string, or an array of `[r, s]`.
 *
 * @param input - What the dapp sent.
 * @returns r and s.
 * @throws InvalidField when it is none of those forms.
 */
export function readSignature(input: string | string[]): [bigint, bigint] {
  let parts: unknown = input;
  if (typeof input === 'string') {
    if (JOINED.test(input)) {
      return [
        BigInt(`0x${input.slice(2, 66)}`),
        BigInt(`0x${input.slice(66)}`),
      ];
    }
    try {
      parts = JSON.parse(input);
    } catch {
      parts = undefined;
    }
  }
  if (
    Array.isArray(parts) &&
    parts.length === 2 &&
    parts.every((part) => typeof part === 'string' && FELT.test(part))
  ) {
    return [BigInt(String(parts[0])), BigInt(String(parts[1]))];
  }
  throw new InvalidField(
    'signature',
    'expected 0x + 128 hex digits (r and s), a JSON array ["r", "s"], or an array [r, s] of felts',
  );
}

/**
 * Verifies a signature against a public key, without throwing on bad values.
 *
 * @param signature - r and s.
 * @param hash - The signed hash.
 * @param publicKey - Stark public key (x coordinate).
 * @returns Whether it verifies.
 */
export function verifyWithKey(
  signature: [bigint, bigint],
  hash: string,
  publicKey: string,
): boolean {
  try {
    const full = ec.starkCurve.ProjectivePoint.fromHex(
      `02${BigInt(publicKey).toString(16).padStart(64, '0')}`,
    );
    const parsed = new ec.starkCurve.Signature(signature[0], signature[1]);
    // Either y parity may be the signer's: a Stark key is only the x coordinate.
    return (
      ec.starkCurve.verify(parsed, hash, full.toHex(false)) ||
      ec.starkCurve.verify(parsed, hash, full.negate().toHex(false))
    );
  } catch {
    return false;
  }
}
