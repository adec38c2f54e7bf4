import { shortString } from 'starknet';

import { FIELD_PRIME } from '../../api/felt';
import { InvalidField } from '../../errors';

/**
 * What starknet.js hashes for one scalar of SNIP-12 typed data in a numeric field
 * (felt, shortstring, u128, i128, ContractAddress, ClassHash, timestamp, …): its
 * `getHex` reads a decimal or 0x-hex string as a number and any other string as a
 * short string. A dialog must show that hashed value, so strings that a reader takes
 * for a number but starknet.js hashes as text ("0.000001", "1,000") are refused here.
 */
export type HashedScalar = {
  /** The felt starknet.js puts in the hash. */
  value: bigint;
  /** Set when the value is text encoded as a short string: the text itself. */
  text?: string;
};

const DECIMAL = /^[0-9]+$/u;
const HEX = /^0x[0-9a-f]+$/iu;
const SIGNED_DECIMAL = /^-[0-9]+$/u;
/** Digits with separators, signs, a decimal point or an exponent: a number to a reader. */
const NUMBER_LIKE = /^[+-]?[0-9.,_' ]*[0-9][0-9.,_' eE+-]*$/u;
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/u;

/**
 * Reads a JS number the way starknet.js would hash it, refusing what JSON may already
 * have rounded.
 *
 * @param value - The number.
 * @param path - Field path for the error.
 * @returns Its value.
 */
function numberValue(value: number, path: string): bigint {
  if (!Number.isSafeInteger(value)) {
    throw new InvalidField(
      path,
      'is not a safe integer: write large or fractional values as a decimal or 0x-hex string',
    );
  }
  return BigInt(value);
}

/**
 * Reads a string that is not a number as the short string starknet.js hashes.
 *
 * @param value - The string.
 * @param path - Field path for the error.
 * @returns Its encoded value and text.
 */
function textValue(value: string, path: string): HashedScalar {
  if (
    value === '' ||
    value.trim() !== value ||
    CONTROL.test(value) ||
    NUMBER_LIKE.test(value) ||
    /^0[xbo]/iu.test(value)
  ) {
    throw new InvalidField(
      path,
      `(${JSON.stringify(value)}) looks like a number but is not a decimal or 0x-hex integer, so it would be signed as text: write the integer itself`,
    );
  }
  if (!shortString.isShortString(value) || !shortString.isASCII(value)) {
    throw new InvalidField(
      path,
      'is text longer than 31 characters or not ASCII, which a numeric field cannot hold',
    );
  }
  return { value: BigInt(shortString.encodeShortString(value)), text: value };
}

/**
 * The felt that starknet.js hashes for a scalar in a numeric typed-data field, with
 * the text when it is a short string. Negative values are accepted only for i128.
 *
 * @param value - The value as found in the message or domain.
 * @param path - Field path for errors (e.g. `typedDataMessage.message.Nonce`).
 * @param signed - Whether the field is an i128.
 * @returns The hashed value.
 * @throws InvalidField naming the path when it is ambiguous or not a scalar.
 */
export function hashedScalar(
  value: unknown,
  path: string,
  signed = false,
): HashedScalar {
  let result: HashedScalar;
  if (typeof value === 'number') {
    result = { value: numberValue(value, path) };
  } else if (typeof value !== 'string') {
    throw new InvalidField(
      path,
      'must be a decimal or 0x-hex string, a safe integer, or short text',
    );
  } else if (DECIMAL.test(value) || HEX.test(value)) {
    result = { value: BigInt(value) };
  } else if (signed && SIGNED_DECIMAL.test(value)) {
    result = { value: BigInt(value) };
  } else {
    result = textValue(value, path);
  }
  if (result.value >= FIELD_PRIME || (!signed && result.value < 0n)) {
    throw new InvalidField(path, 'is not a felt (below the field prime)');
  }
  return result;
}

/**
 * A hashed scalar that must be a number, not text (addresses, amounts, timestamps).
 *
 * @param value - The value.
 * @param path - Field path for errors.
 * @param bound - Exclusive upper bound.
 * @returns The number.
 * @throws InvalidField when it is text or out of range.
 */
export function hashedNumber(
  value: unknown,
  path: string,
  bound: bigint = FIELD_PRIME,
): bigint {
  const hashed = hashedScalar(value, path);
  if (hashed.text !== undefined) {
    throw new InvalidField(
      path,
      `is text (${JSON.stringify(hashed.text)}), where a decimal or 0x-hex number is expected`,
    );
  }
  if (hashed.value >= bound) {
    throw new InvalidField(path, `must be below ${bound.toString()}`);
  }
  return hashed.value;
}
