import type { Struct } from '@metamask/superstruct';
import { is, validate } from '@metamask/superstruct';
import type { Hex } from '@metamask/utils';

import { InvalidParamsError, InvalidResponseError } from './errors';
import type { BlockTag } from './structs';
import { BlockTagStruct, QuantityStruct } from './structs';

/** A quantity as callers like to write it: canonical hex, a number or a bigint. */
export type QuantityInput = Hex | number | bigint;

/** A block parameter: a tag or a block number. */
export type BlockParameter = BlockTag | QuantityInput;

/**
 * Checks a parameter against its struct before anything is sent, because a refusal by
 * the node costs credits and a round trip.
 *
 * @param struct - The parameter's struct.
 * @param value - The value given.
 * @param method - The method, for the message.
 * @param name - The parameter's name, for the message.
 * @returns The value, narrowed.
 * @throws {InvalidParamsError} Naming the parameter and the path inside it.
 */
export function assertParam<Type>(
  struct: Struct<Type, unknown>,
  value: unknown,
  method: string,
  name: string,
): Type {
  let result;
  try {
    result = validate(value, struct);
  } catch (cause) {
    // superstruct describes a refused value with `${value}`, which throws for an
    // object that cannot become a string (own `toString` data, no prototype).
    throw new InvalidParamsError(
      `${method}: invalid ${name}: not a value of the expected shape`,
      { method, cause },
    );
  }
  const [error, checked] = result;
  if (error) {
    const path = [name, ...error.path.map(String)].join('.');
    throw new InvalidParamsError(
      `${method}: invalid ${path}: ${error.message}`,
      {
        method,
        cause: error,
      },
    );
  }
  return checked;
}

/**
 * Checks an answer against the documented shape of the method's result.
 *
 * @param struct - The result struct.
 * @param value - The `result` member of the answer.
 * @param method - The method, for the message.
 * @returns The value, narrowed.
 * @throws {InvalidResponseError} When the answer does not match.
 */
export function assertResult<Type>(
  struct: Struct<Type, unknown>,
  value: unknown,
  method: string,
): Type {
  const [error, checked] = validate(value, struct);
  if (error) {
    const path = error.path.length > 0 ? ` at ${error.path.join('.')}` : '';
    throw new InvalidResponseError(
      `${method}: unexpected result${path}: ${error.message}`,
      { method, cause: error },
    );
  }
  return checked;
}

/**
 * Turns a quantity input into the canonical hex the node expects.
 *
 * @param value - Hex, number or bigint.
 * @param method - The method, for the message.
 * @param name - The parameter's name, for the message.
 * @returns Canonical hex (`0x0`, `0x1a`).
 * @throws {InvalidParamsError} For negative, fractional, unsafe or non-canonical values.
 */
export function toQuantity(value: unknown, method: string, name: string): Hex {
  if (typeof value === 'bigint' && value >= 0n) {
    return `0x${value.toString(16)}`;
  }
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) {
    return `0x${value.toString(16)}`;
  }
  if (typeof value === 'number' || typeof value === 'bigint') {
    throw new InvalidParamsError(
      `${method}: invalid ${name}: expected a non-negative safe integer, got ${String(value)}`,
      { method },
    );
  }
  return assertParam(QuantityStruct, value, method, name);
}

/**
 * Turns a block parameter into its wire form: a tag as is, a number as canonical hex.
 *
 * @param value - The block parameter.
 * @param method - The method, for the message.
 * @param name - The parameter's name, for the message.
 * @returns The tag or hex block number.
 * @throws {InvalidParamsError} For anything else.
 */
export function toBlockParameter(
  value: unknown,
  method: string,
  name: string,
): BlockTag | Hex {
  // Only a string can be a tag (and `is` would throw describing some objects).
  if (typeof value === 'string' && is(value, BlockTagStruct)) {
    return value;
  }
  if (typeof value === 'string' && !value.startsWith('0x')) {
    throw new InvalidParamsError(
      `${method}: invalid ${name}: expected a hex block number or one of latest, earliest, pending, safe, finalized, got ${JSON.stringify(value)}`,
      { method },
    );
  }
  return toQuantity(value, method, name);
}
