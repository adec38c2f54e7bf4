import type { FeltInput } from '../../api/felt';
import {
  HEX_FELT_PATTERN,
  joinSignature,
  parseFelt,
  splitSignature,
  toFelt64,
} from '../../api/felt';
import type { Call } from '../../api/transaction';
import { formatUnits } from '../../api/units';
import { invalidParams as invalid } from '../errors';

/**
 * Conversions dapps need around the snap's answers: signatures as the snap returns them,
 * felts and u256 values as bigints, token amounts with decimals. They throw
 * {@link InvalidParamsError} (naming what was wrong) rather than returning garbage.
 */

const DECIMAL = /^[0-9]{1,78}$/u;
const U128 = 2n ** 128n;
const U256 = 2n ** 256n;

export type { FeltInput } from '../../api/felt';

/** A u256 as Cairo stores it: two felts, `value = low + high·2^128`. */
export type U256 = { low: string; high: string };

/**
 * Reads a felt as a bigint, checking it is one (non-negative, below the field prime).
 *
 * @param value - The felt as bigint, integer, 0x-hex or decimal string.
 * @param field - What the value is, named in the error.
 * @returns Its value.
 * @throws {InvalidParamsError} When it is not a felt.
 */
export function feltToBigInt(value: FeltInput, field = 'felt'): bigint {
  const parsed = parseFelt(value);
  if (parsed === undefined) {
    throw invalid(field, `${String(value)} is not a felt`);
  }
  return parsed;
}

/**
 * Writes a felt the way the snap returns addresses, keys and hashes (`0x` + 64 lowercase
 * hex digits), so values compare as plain strings.
 *
 * @param value - The felt.
 * @param field - What the value is, named in the error.
 * @returns The padded hex.
 * @throws {InvalidParamsError} When it is not a felt.
 */
export function bigIntToFelt(value: FeltInput, field = 'felt'): string {
  return toFelt64(feltToBigInt(value, field));
}

/**
 * Splits `snapnet_signMessage`'s answer (`0x` + r + s, 64 hex digits each) into the
 * `[r, s]` pair starknet.js and account contracts take.
 *
 * @param signature - The signature string.
 * @returns `[r, s]` as `0x` + 64 hex digits.
 * @throws {InvalidParamsError} When it is not 0x + 128 hex digits.
 */
export function signatureToArray(signature: string): [string, string] {
  const parts = splitSignature(signature);
  if (!parts) {
    throw invalid('signature', 'expected 0x followed by 128 hex digits');
  }
  return [toFelt64(parts[0]), toFelt64(parts[1])];
}

/**
 * Joins `[r, s]` (e.g. from `snapnet_signTransaction`) into the single string form
 * `snapnet_signMessage` returns.
 *
 * @param signature - `[r, s]` as felts.
 * @returns `0x` + r + s, 64 hex digits each.
 * @throws {InvalidParamsError} When it is not two felts.
 */
export function signatureFromArray(signature: readonly FeltInput[]): string {
  const [rValue, sValue] = signature;
  if (signature.length !== 2 || rValue === undefined || sValue === undefined) {
    throw invalid('signature', 'expected [r, s]');
  }
  return joinSignature([
    feltToBigInt(rValue, 'signature.0'),
    feltToBigInt(sValue, 'signature.1'),
  ]);
}

/**
 * Reads a u256: `{ low, high }`, the `[low, high]` felts an ERC-20 `balanceOf` returns,
 * or one hex/decimal string of the whole value (as `snapnet_getErc20TokenBalance` answers).
 *
 * @param value - The u256.
 * @returns Its value.
 * @throws {InvalidParamsError} When a half is not below 2^128, or the value not below 2^256.
 */
export function u256ToBigInt(
  value: U256 | readonly [FeltInput, FeltInput] | FeltInput,
): bigint {
  if (typeof value === 'object') {
    const [low, high] = 'low' in value ? [value.low, value.high] : value;
    const lowValue = feltToBigInt(low, 'u256.low');
    const highValue = feltToBigInt(high, 'u256.high');
    if (lowValue >= U128 || highValue >= U128) {
      throw invalid('u256', 'low and high must each be below 2^128');
    }
    return lowValue + highValue * U128;
  }
  const whole =
    typeof value === 'string' &&
    (HEX_FELT_PATTERN.test(value) || DECIMAL.test(value))
      ? BigInt(value)
      : undefined;
  const parsed = typeof value === 'string' ? whole : BigInt(value);
  if (parsed === undefined || parsed < 0n || parsed >= U256) {
    throw invalid('u256', `${String(value)} is not a u256`);
  }
  return parsed;
}

/**
 * Splits a value into the two felts of a u256, e.g. for ERC-20 `transfer` calldata.
 *
 * @param value - A non-negative value below 2^256.
 * @returns `{ low, high }` as 0x-hex.
 * @throws {InvalidParamsError} When it is out of range.
 */
export function bigIntToU256(value: bigint): U256 {
  if (value < 0n || value >= U256) {
    throw invalid('u256', `${value} is not a u256`);
  }
  return {
    low: `0x${(value % U128).toString(16)}`,
    high: `0x${(value / U128).toString(16)}`,
  };
}

/**
 * Checks a token's decimals.
 *
 * @param decimals - The token's decimals.
 */
function checkDecimals(decimals: number): void {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 255) {
    throw invalid('decimals', 'expected an integer between 0 and 255');
  }
}

/**
 * Formats a raw token amount for people: `1500000000000000000n`, 18 → `"1.5"`. Exact (no
 * floating point); trailing zeros of the fraction are dropped.
 *
 * @param amount - Raw amount (bigint, or a hex/decimal string as the snap returns balances).
 * @param decimals - The token's decimals (18 for ETH and STRK, 6 for USDC).
 * @param options - Formatting options.
 * @param options.maxFractionDigits - Truncate (not round) the fraction to this many digits.
 * @returns The decimal text.
 * @throws {InvalidParamsError} For a negative amount or bad decimals.
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
 * Reads an amount typed by a person into the raw integer a contract takes:
 * `"1.5"`, 18 → `1500000000000000000n`.
 *
 * @param text - A non-negative decimal number (`.` as separator, no exponent).
 * @param decimals - The token's decimals.
 * @returns The raw amount.
 * @throws {InvalidParamsError} For anything else, or more fraction digits than `decimals`.
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
 * The call of an ERC-20 `transfer(recipient, amount: u256)`, ready for
 * `snapnet_executeTxn` / `snapnet_estimateFee` / `snapnet_signTransaction`.
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
