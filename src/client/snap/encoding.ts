import type { FeltInput } from '../../api/felt';
import {
  joinSignature,
  parseFelt,
  splitSignature,
  toFelt64,
  toWireFelt,
} from '../../api/felt';
import type { Call } from '../../api/transaction';
import { formatUnits } from '../../api/units';
import { invalidParams as invalid } from '../errors';

// Conversions dapps need around the snap's answers, over the snap's own felt and units
// module (`src/api`). They throw InvalidParamsError naming the bad value.

export type { FeltInput } from '../../api/felt';

/** A u256 as Cairo stores it: two felts, `value = low + high·2^128`. */
export type U256 = { low: string; high: string };

const U128 = 2n ** 128n;

// The value, if it is a felt below `bound` (the field prime by default), else throws.
function parse(
  value: FeltInput,
  field: string,
  bound?: bigint,
  what = 'a felt',
): bigint {
  const parsed = parseFelt(value, bound);
  if (parsed === undefined) {
    throw invalid(field, `${String(value)} is not ${what}`);
  }
  return parsed;
}

/**
 * Reads a felt (bigint, safe integer, 0x-hex or decimal string) as a bigint.
 *
 * @param value - The felt.
 * @param field - What the value is, named in the error.
 * @returns Its value.
 */
export function feltToBigInt(value: FeltInput, field = 'felt'): bigint {
  return parse(value, field);
}

/**
 * Writes a felt as the snap returns addresses, keys and hashes (`0x` + 64 lowercase hex
 * digits), so values compare as plain strings.
 *
 * @param value - The felt.
 * @param field - What the value is, named in the error.
 * @returns The padded hex.
 */
export function bigIntToFelt(value: FeltInput, field = 'felt'): string {
  return toFelt64(parse(value, field));
}

/**
 * Splits `snapnet_signMessage`'s answer (`0x` + r + s) into the `[r, s]` pair
 * starknet.js and account contracts take.
 *
 * @param signature - `0x` + 128 hex digits.
 * @returns `[r, s]` as `0x` + 64 hex digits.
 */
export function signatureToArray(signature: string): [string, string] {
  const parts = splitSignature(signature);
  if (!parts) {
    throw invalid('signature', 'expected 0x followed by 128 hex digits');
  }
  return [toFelt64(parts[0]), toFelt64(parts[1])];
}

/**
 * Joins `[r, s]` (e.g. from `snapnet_signTransaction`) into `snapnet_signMessage`'s form.
 *
 * @param signature - `[r, s]` as felts.
 * @returns `0x` + r + s, 64 hex digits each.
 */
export function signatureFromArray(signature: readonly FeltInput[]): string {
  const [rValue, sValue] = signature;
  if (signature.length !== 2 || rValue === undefined || sValue === undefined) {
    throw invalid('signature', 'expected [r, s]');
  }
  return joinSignature([
    parse(rValue, 'signature.0'),
    parse(sValue, 'signature.1'),
  ]);
}

/**
 * Reads a u256: `{ low, high }`, the `[low, high]` an ERC-20 `balanceOf` returns, or the
 * whole value as one number or string (as `snapnet_getErc20TokenBalance` answers).
 *
 * @param value - The u256.
 * @returns Its value.
 */
export function u256ToBigInt(
  value: U256 | readonly [FeltInput, FeltInput] | FeltInput,
): bigint {
  if (typeof value !== 'object') {
    return parse(value, 'u256', U128 * U128, 'a u256');
  }
  const [low, high] = 'low' in value ? [value.low, value.high] : value;
  const half = 'below 2^128';
  return (
    parse(low, 'u256.low', U128, half) +
    parse(high, 'u256.high', U128, half) * U128
  );
}

/**
 * Splits a value into the two felts of a u256, e.g. for ERC-20 `transfer` calldata.
 *
 * @param value - A non-negative value below 2^256.
 * @returns `{ low, high }` as 0x-hex.
 */
export function bigIntToU256(value: bigint): U256 {
  const checked = parse(value, 'u256', U128 * U128, 'a u256');
  return { low: toWireFelt(checked % U128), high: toWireFelt(checked / U128) };
}

// Checks a token's decimals.
function checkDecimals(decimals: number): void {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 255) {
    throw invalid('decimals', 'expected an integer between 0 and 255');
  }
}

/**
 * Formats a raw token amount exactly for people (`1500000000000000000n`, 18 → `"1.5"`),
 * with the snap's own formatter.
 *
 * @param amount - Raw amount (bigint, or a hex/decimal string as the snap returns balances).
 * @param decimals - The token's decimals (18 for ETH and STRK, 6 for USDC).
 * @param options - Formatting options.
 * @param options.maxFractionDigits - Truncate (not round) the fraction to this many digits.
 * @returns The decimal text, without trailing zeros.
 */
export function formatTokenAmount(
  amount: bigint | string,
  decimals: number,
  options: { maxFractionDigits?: number } = {},
): string {
  checkDecimals(decimals);
  return formatUnits(u256ToBigInt(amount), decimals, options.maxFractionDigits);
}

/**
 * Reads an amount typed by a person into the raw integer a contract takes
 * (`"1.5"`, 18 → `1500000000000000000n`); refuses more fraction digits than `decimals`.
 *
 * @param text - A non-negative decimal number (`.` as separator, no exponent).
 * @param decimals - The token's decimals.
 * @returns The raw amount.
 */
export function parseTokenAmount(text: string, decimals: number): bigint {
  checkDecimals(decimals);
  const match = /^([0-9]+)?(?:\.([0-9]*))?$/u.exec(text.trim());
  const [, whole = '', fraction = ''] = match ?? [];
  if (!match || (whole === '' && fraction === '')) {
    throw invalid('amount', `"${text}" is not a decimal amount`);
  }
  if (fraction.length > decimals) {
    throw invalid('amount', `at most ${decimals} decimals`);
  }
  return BigInt(`${whole || '0'}${fraction.padEnd(decimals, '0')}`);
}

/**
 * The call of an ERC-20 `transfer(recipient, amount: u256)`, for `snapnet_executeTxn`,
 * `snapnet_estimateFee` or `snapnet_signTransaction`.
 *
 * @param token - The token contract address.
 * @param recipient - Who receives.
 * @param amount - Raw amount (see {@link parseTokenAmount}).
 * @returns The call.
 */
export function erc20TransferCall(
  token: string,
  recipient: string,
  amount: bigint,
): Call {
  const { low, high } = bigIntToU256(amount);
  return {
    contractAddress: bigIntToFelt(token, 'token'),
    entrypoint: 'transfer',
    calldata: [bigIntToFelt(recipient, 'recipient'), low, high],
  };
}
