import type { Struct } from '@metamask/superstruct';
import { coerce, refine, string } from '@metamask/superstruct';

/**
 * Felts and addresses, in one place for the snap and the dapp clients (which bundle this
 * file, so it uses BigInt only: neither starknet.js nor @metamask/utils' hex module, which
 * brings lodash and noble hashes along).
 *
 * Two written forms exist on purpose:
 * - the documented form, `0x` + 64 lowercase digits ({@link toFelt64}): what the snap
 *   stores and returns to dapps, so equal values compare equal as strings;
 * - the wire form, `0x` + no leading zeros ({@link toWireFelt}): what the Starknet
 *   JSON-RPC spec's `FELT` pattern ({@link WIRE_FELT_PATTERN}) requires of requests.
 */

/** Starknet's field prime: every felt is below it. */
export const FIELD_PRIME = 2n ** 251n + 17n * 2n ** 192n + 1n;

/** Contract addresses are below 2^251 − 256 (the protocol's `ADDR_BOUND`). */
export const ADDRESS_BOUND = 2n ** 251n - 256n;

/** A felt as hex, in either form: `0x` and 1 to 64 hex digits, any case. */
export const HEX_FELT_PATTERN = /^0x[0-9a-f]{1,64}$/iu;

/** The spec's `FELT` pattern (Starknet JSON-RPC v0.10.0): no leading zeros. */
export const WIRE_FELT_PATTERN = /^0x(0|[a-fA-F1-9]{1}[a-fA-F0-9]{0,62})$/u;

const DECIMAL_PATTERN = /^[0-9]{1,78}$/u;

/** Anything that denotes a felt: bigint, safe integer, 0x-hex or decimal string. */
export type FeltInput = bigint | number | string;

/**
 * Reads a felt, checking it is one (non-negative and below the field prime).
 *
 * @param value - The felt as bigint, safe integer, 0x-hex (≤ 64 digits) or decimal string.
 * @param bound - Exclusive upper bound; {@link ADDRESS_BOUND} for addresses.
 * @returns Its value, or undefined when it is not a felt below `bound`.
 */
export function parseFelt(
  value: FeltInput,
  bound: bigint = FIELD_PRIME,
): bigint | undefined {
  let parsed: bigint | undefined;
  if (typeof value === 'bigint') {
    parsed = value;
  } else if (typeof value === 'number') {
    parsed = Number.isSafeInteger(value) ? BigInt(value) : undefined;
  } else if (HEX_FELT_PATTERN.test(value) || DECIMAL_PATTERN.test(value)) {
    parsed = BigInt(value);
  }
  return parsed !== undefined && parsed >= 0n && parsed < bound
    ? parsed
    : undefined;
}

/**
 * Writes a felt in the documented form, `0x` + 64 lowercase hex digits, the way the snap
 * stores and returns addresses, keys and hashes.
 *
 * @param value - A felt as hex, decimal string or bigint (not checked: parse first).
 * @returns The padded hex form.
 */
export function toFelt64(value: string | bigint): string {
  return `0x${BigInt(value).toString(16).padStart(64, '0')}`;
}

/**
 * Writes a felt in the spec's wire form, `0x` + no leading zeros (`0x0` for zero), as
 * the `FELT` pattern of Starknet JSON-RPC requires of every request.
 *
 * @param value - A felt as hex, decimal string or bigint (not checked: parse first).
 * @returns The minimal lowercase hex form.
 */
export function toWireFelt(value: string | bigint): string {
  return `0x${BigInt(value).toString(16)}`;
}

/**
 * Builds a struct accepting a 0x-hex felt below `bound`, coerced to the documented form.
 *
 * @param name - Struct name, shown in superstruct errors.
 * @param bound - Exclusive upper bound.
 * @param message - Error text for a value that is not one.
 * @returns The struct.
 */
function hexFeltStruct(
  name: string,
  bound: bigint,
  message: string,
): Struct<string, null> {
  const isOne = (value: string): boolean =>
    HEX_FELT_PATTERN.test(value) && parseFelt(value, bound) !== undefined;
  return coerce(
    refine(string(), name, (value) => isOne(value) || message),
    string(),
    (value) => (isOne(value) ? toFelt64(value) : value),
  );
}

/**
 * A felt: a `0x` hex (up to 64 digits) or decimal string below the field prime. Used for
 * calldata and other values passed through to Starknet as given.
 */
export const FeltStruct = refine(
  string(),
  'Felt',
  (value) =>
    parseFelt(value) !== undefined ||
    'Expected a felt: a 0x-prefixed hex or decimal string below the Starknet field prime',
);

/**
 * A hex felt normalized to `0x` + 64 lowercase digits, e.g. a transaction hash or key.
 * Normalizing on the way in means state and node answers compare as plain strings.
 */
export const HexFeltStruct = hexFeltStruct(
  'HexFelt',
  FIELD_PRIME,
  'Expected a 0x-prefixed hex felt (at most 64 hex digits, below the field prime)',
);

/** A Starknet contract address: 0x-hex below 2^251 − 256, normalized to 64 digits. */
export const AddressStruct = hexFeltStruct(
  'Address',
  ADDRESS_BOUND,
  'Expected a Starknet address: 0x-prefixed hex below 2^251 - 256',
);

const JOINED_SIGNATURE = /^0x[0-9a-f]{128}$/iu;

/**
 * Joins `[r, s]` into the single string `snapnet_signMessage` returns (starknet.md).
 *
 * @param signature - `[r, s]` as felts (not checked: parse first).
 * @returns `0x` + r (64 hex) + s (64 hex), lowercase.
 */
export function joinSignature(
  signature: readonly [string | bigint, string | bigint],
): string {
  return `0x${toFelt64(signature[0]).slice(2)}${toFelt64(signature[1]).slice(2)}`;
}

/**
 * Splits the joined signature string (`0x` + r + s, 64 hex digits each) into r and s.
 *
 * @param signature - The joined string.
 * @returns `[r, s]`, or undefined when it is not 0x + 128 hex digits.
 */
export function splitSignature(
  signature: string,
): [bigint, bigint] | undefined {
  if (!JOINED_SIGNATURE.test(signature)) {
    return undefined;
  }
  return [
    BigInt(`0x${signature.slice(2, 66)}`),
    BigInt(`0x${signature.slice(66)}`),
  ];
}
