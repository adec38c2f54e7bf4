import { ec, num as felt } from 'starknet';

import { parseFelt, splitSignature } from '../../api/felt';
import { InvalidField } from '../../errors';

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

/** r and s are read as any 64-digit value; a value out of range simply fails to verify. */
const SIGNATURE_BOUND = 2n ** 256n;

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
    const joined = splitSignature(input);
    if (joined) {
      return joined;
    }
    try {
      parts = JSON.parse(input);
    } catch {
      parts = undefined;
    }
  }
  const [rValue, sValue]: unknown[] = Array.isArray(parts) ? parts : [];
  const [rFelt, sFelt] = [rValue, sValue].map((part) =>
    typeof part === 'string' ? parseFelt(part, SIGNATURE_BOUND) : undefined,
  );
  if (
    Array.isArray(parts) &&
    parts.length === 2 &&
    rFelt !== undefined &&
    sFelt !== undefined
  ) {
    return [rFelt, sFelt];
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
