/**
 * Typed-data scalars as starknet.js hashes them, for describeTypedData.ts: numbers,
 * addresses, text, bools, selectors, and a revision 1 u256 as one number.
 */
import { isObject } from '@metamask/utils';
import { hash } from 'starknet';

import { toFelt64 } from '../api/felt';
import { InvalidField } from '../errors';
import { hashedNumber, hashedScalar } from '../starknet/review/typedDataValue';

const HEX_TYPES = new Set(['ContractAddress', 'ClassHash']);
const SHOW_HEX_OVER = 2n ** 32n;
const U128 = 2n ** 128n;

/**
 * A `bool` as hashed: `true`/`false` (hashed as 1/0); a number as the number it is.
 * Text is refused: revision 0 hashes `"false"` as the short string 0x66616c7365,
 * which no dialog may show as the boolean it looks like (revision 1 refuses it too).
 *
 * @param value - The value.
 * @param path - Path for errors.
 * @returns Shown text.
 */
function boolShown(value: unknown, path: string): { shown: string } {
  if (typeof value === 'boolean') {
    return { shown: String(value) };
  }
  const hashed = hashedScalar(value, path);
  if (hashed.text !== undefined) {
    throw new InvalidField(
      path,
      `is a bool holding text (${JSON.stringify(hashed.text)}), which is signed as that text, not as a boolean: send true or false`,
    );
  }
  return { shown: hashed.value.toString() };
}

/**
 * A `selector` as starknet.js hashes it: 0x-hex as is, any other string as the keccak
 * of its text (shown beside it). A JSON number is refused: starknet.js hashes the
 * keccak of its digits, never the number it looks like.
 *
 * @param value - The value.
 * @param path - Path for errors.
 * @returns Shown text.
 */
function selectorShown(value: unknown, path: string): { shown: string } {
  if (typeof value !== 'string') {
    throw new InvalidField(
      path,
      'is a selector given as a JSON number, which is signed as the keccak of its digits: give the 0x-hex selector or the function name as a string',
    );
  }
  if (/^0x[0-9a-f]*$/iu.test(value)) {
    return { shown: toFelt64(hashedScalar(value, path).value) };
  }
  return { shown: `${value} (${toFelt64(hash.getSelectorFromName(value))})` };
}

/**
 * A scalar as hashed: numbers in decimal (with hex when large), addresses in hex,
 * text in quotes and marked.
 *
 * @param type - Its SNIP-12 type.
 * @param value - The value.
 * @param path - Path for errors.
 * @param revision1 - Whether the typed data is revision 1.
 * @returns Shown text and whether it is text.
 */
export function scalar(
  type: string,
  value: unknown,
  path: string,
  revision1: boolean,
): { shown: string; text?: true } {
  if (type === 'bool') {
    return boolShown(value, path);
  }
  if (type === 'string' && revision1) {
    if (typeof value !== 'string') {
      throw new InvalidField(path, 'must be a string');
    }
    return { shown: JSON.stringify(value), text: true };
  }
  if (type === 'selector') {
    return selectorShown(value, path);
  }
  const hashed = hashedScalar(value, path, type === 'i128');
  if (hashed.text !== undefined) {
    return { shown: JSON.stringify(hashed.text), text: true };
  }
  if (HEX_TYPES.has(type) || type === 'selector') {
    return { shown: toFelt64(hashed.value) };
  }
  const decimal = hashed.value.toString();
  const givenInHex = typeof value === 'string' && /^0x/iu.test(value);
  return {
    shown:
      givenInHex || hashed.value >= SHOW_HEX_OVER
        ? `${decimal} (0x${hashed.value.toString(16)})`
        : decimal,
  };
}

/**
 * A revision 1 `u256` as the one number it is (low + high·2^128), not as its two
 * halves: `low 1000, high 1` would read as 1000. Hex beside it, as for large felts.
 *
 * @param value - `{ low, high }` (its keys checked by structNodes).
 * @param path - Path for errors.
 * @returns The number.
 */
export function u256Shown(value: unknown, path: string): string {
  const halves = isObject(value) ? value : {};
  const total =
    hashedNumber(halves.low, `${path}.low`, U128) +
    hashedNumber(halves.high, `${path}.high`, U128) * U128;
  return total >= SHOW_HEX_OVER
    ? `${total.toString()} (0x${total.toString(16)})`
    : total.toString();
}
