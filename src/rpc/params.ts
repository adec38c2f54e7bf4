import { validate } from '@metamask/superstruct';
import type { StructError, Struct } from '@metamask/superstruct';
import type { JsonRpcParams } from '@metamask/utils';

import { InvalidField } from '../errors';

/**
 * Describes the first problem superstruct found, naming the field path so the dapp
 * developer knows exactly what to fix.
 *
 * @param error - The validation error.
 * @returns The domain error.
 */
function toInvalidField(error: StructError): InvalidField {
  const [failure] = error.failures();
  const path = failure?.path.join('.') ?? '';
  const message =
    failure?.type === 'never'
      ? 'unknown field'
      : (failure?.message ?? error.message);
  return new InvalidField(path || '(params)', message, { cause: error });
}

/**
 * A copy of a JSON value whose objects and arrays can always be turned into a string.
 * superstruct describes a refused value with `${value}`, which throws a TypeError for
 * an object that has its own `toString` key (`{"toString": 1}`), valid JSON a dapp
 * may send.
 *
 * @param value - The value.
 * @returns The copy, printable at every level.
 */
function printable(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) {
    return value;
  }
  const copy: Record<string, unknown> | unknown[] = Array.isArray(value)
    ? value.map(printable)
    : Object.fromEntries(
        Object.entries(value).map(([key, member]) => [key, printable(member)]),
      );
  Object.defineProperty(copy, Symbol.toPrimitive, {
    value: () => (Array.isArray(value) ? '[array]' : '[object Object]'),
  });
  return copy;
}

/**
 * Validates and normalizes (coerces) raw params. Missing params count as `{}`.
 *
 * @param struct - The method's params struct.
 * @param raw - What the dapp sent.
 * @returns The typed params.
 * @throws InvalidField naming the first bad field.
 */
export function parseParams<Params>(
  struct: Struct<Params>,
  raw: JsonRpcParams | undefined,
): Params {
  let result;
  try {
    result = validate(raw ?? {}, struct, { coerce: true });
    // `failures()` goes on validating lazily (and describing), so it may throw too.
    result[0]?.failures();
  } catch {
    // Only describing a refused value throws (see `printable`): validate again.
    result = validate(printable(raw ?? {}), struct, { coerce: true });
  }
  const [error, params] = result;
  if (error) {
    throw toInvalidField(error);
  }
  return params;
}
