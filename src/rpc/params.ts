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
  const [error, params] = validate(raw ?? {}, struct, { coerce: true });
  if (error) {
    throw toInvalidField(error);
  }
  return params;
}
