import type { Json } from '@metamask/utils';
import { getErrorMessage, isObject } from '@metamask/utils';

import { familyGuard, SnapnetError } from '../../errors';
import { MultichainErrorCode } from '../../multichain/errors';

export { MultichainErrorCode } from '../../multichain/errors';

/** The standard message of each known code, used when the wallet sent none. */
export const MULTICHAIN_ERROR_MESSAGES: Readonly<Record<number, string>> = {
  4001: 'User rejected the request.',
  4100: 'The requested account and/or method has not been authorized by the user.',
  4900: 'The provider is disconnected from all chains.',
  5000: 'Unknown error with request',
  5100: 'Requested networks are not supported',
  5101: 'Requested methods are not supported',
  5102: 'Requested notifications are not supported',
  5201: 'Unknown method(s) requested',
  5202: 'Unknown notification(s) requested',
  5302: 'Invalid sessionProperties requested',
  [-32601]: 'The method does not exist / is not available.',
  [-32602]: 'Invalid method parameter(s).',
  [-32603]: 'Internal JSON-RPC error.',
};

/** The JSON-RPC error object as it travels on the wire. */
export type MultichainErrorObject = {
  code: number;
  message: string;
  data?: Json;
};

/**
 * The error of the in-memory session engine and transport, in the shared
 * {@link SnapnetError} family. It keeps the wallet's code, message and data unchanged, so a
 * dapp can branch on `code` and still show the wallet's own words.
 */
export class MultichainError extends SnapnetError {
  /**
   * @param code - The JSON-RPC error code.
   * @param message - Defaults to the standard message for `code`.
   * @param options - `data` (sent on the wire) and `cause` (kept locally).
   * @param options.data - Extra detail for the other side.
   * @param options.cause - What was caught.
   */
  constructor(
    code: number,
    message?: string,
    options: { data?: Json; cause?: unknown } = {},
  ) {
    super(message ?? MULTICHAIN_ERROR_MESSAGES[code] ?? `Error ${code}`, {
      code,
      ...options,
    });
    this.name = 'MultichainError';
  }

  /** @returns Whether the user declined in the wallet (4001). */
  isUserRejection(): boolean {
    return this.code === MultichainErrorCode.UserRejected;
  }

  /** @returns Whether it was not granted (4100): ask for a new session, don't retry. */
  isUnauthorized(): boolean {
    return this.code === MultichainErrorCode.Unauthorized;
  }

  /** @returns The wire form, as the engine answers it. */
  toJSON(): MultichainErrorObject {
    const { code, message, data } = this;
    return data === undefined ? { code, message } : { code, message, data };
  }
}

/**
 * Whether a value is a {@link MultichainError} (of `code`, if given), from any copy of
 * this package.
 */
export const isMultichainError =
  familyGuard<MultichainError>('MultichainError');

/**
 * Types received data as JSON: it was parsed from JSON already, so it is not walked
 * again (that would cost every dapp bundle a JSON walker for nothing).
 *
 * @param value - Data off the wire.
 * @returns The same value.
 */
export function wireJson(value: unknown): Json {
  return value as Json;
}

/**
 * Wraps anything caught into a MultichainError: one is kept as is, a JSON-RPC error object
 * keeps code, message and data, anything else gets `fallbackCode` and its message.
 *
 * @param caught - A thrown value or a response's `error`.
 * @param fallbackCode - The code when `caught` carries none.
 * @returns A MultichainError whose `cause` is `caught`.
 */
export function toMultichainError(
  caught: unknown,
  fallbackCode: number,
): MultichainError {
  const { code, message, data } = isObject(caught) ? caught : {};
  if (isMultichainError(caught)) {
    return caught;
  }
  return typeof code === 'number'
    ? new MultichainError(
        code,
        typeof message === 'string' && message !== '' ? message : undefined,
        { data: wireJson(data), cause: caught },
      )
    : new MultichainError(fallbackCode, getErrorMessage(caught), {
        cause: caught,
      });
}
