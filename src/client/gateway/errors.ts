import { hasProperty, isObject } from '@metamask/utils';
import { isHex } from 'viem';

import type { SnapnetErrorOptions } from '../errors';
import { SnapnetError } from '../errors';
import type { RevertReason } from './revert';
import { decodeRevertData, describeRevert } from './revert';

/**
 * Codes of errors raised locally, on the JSON-RPC codes of the same meaning, so that
 * callers switch on `code` alike whether the refusal was local or remote.
 */
export const LocalErrorCode = {
  Configuration: -32600, // invalid request: the client cannot make this call
  InvalidParams: -32602, // a parameter failed the client's checks
  InvalidResponse: -32603, // the gateway's answer could not be used
  QuotaExceeded: -33000, // the local daily budget is spent (the gateway's code)
  Timeout: 408, // no answer within timeoutMs (HTTP request timeout)
  TransportClosed: 1006, // the connection dropped before an answer
} as const;

/** What a gateway error carries: the dapp-side error options plus the HTTP status. */
export type GatewayErrorOptions = Partial<SnapnetErrorOptions> & {
  /** HTTP status of the answer, when there was one. */
  status?: number | undefined;
  /** From `Retry-After` or `error.data.backoff_seconds`, in ms. */
  retryAfterMs?: number | undefined;
};

/** Base of every gateway client error: a {@link SnapnetError} plus the HTTP status. */
export class GatewayError extends SnapnetError {
  readonly status: number | undefined;

  constructor(message: string, options: GatewayErrorOptions = {}) {
    const code = options.code ?? LocalErrorCode.InvalidResponse;
    super(message, { ...options, code });
    this.name = 'GatewayError';
    this.status = options.status;
  }
}

// A named subclass: one `instanceof` per failure users catch, the name kept in
// `error.name` (minifiers rename classes). `fixed`: `code` replaces any code given.
function subclass(
  name: string,
  code?: number,
  fixed = code !== undefined,
): typeof GatewayError {
  return class extends GatewayError {
    constructor(message: string, options: GatewayErrorOptions = {}) {
      super(message, {
        ...options,
        code: fixed ? code : (options.code ?? code),
      });
      this.name = name;
    }
  };
}

/** The client is misconfigured for this call (e.g. eth_call on a WebSocket client). */
export const ConfigurationError = subclass(
  'ConfigurationError',
  LocalErrorCode.Configuration,
);
/** Invalid parameters (-32602), refused locally before sending or by the node. */
export const InvalidParamsError = subclass(
  'InvalidParamsError',
  LocalErrorCode.InvalidParams,
);
/** The node does not know the method (-32601). */
export const MethodNotFoundError = subclass('MethodNotFoundError', -32601);
/** The gateway's answer is not the documented shape (-32603). */
export const InvalidResponseError = subclass(
  'InvalidResponseError',
  LocalErrorCode.InvalidResponse,
);
/** No answer arrived within `timeoutMs` (408). */
export const TimeoutError = subclass('TimeoutError', LocalErrorCode.Timeout);
/** The connection failed or dropped before the answer (1006; 1000 after close()). */
export const TransportClosedError = subclass(
  'TransportClosedError',
  LocalErrorCode.TransportClosed,
  false,
);
/** The API key was refused: 401, or 403 "rejected due to project ID settings". */
export const AuthError = subclass('AuthError');
/** The daily credit balance is spent (402, -33000, or the local budget). Never retried. */
export const QuotaExceededError = subclass('QuotaExceededError');
/** An HTTP status without a more specific meaning (408, 5xx, 404, …). */
export const HttpError = subclass('HttpError');

// The classes above are also types, as a class declaration would be.
export type ConfigurationError = GatewayError;
export type InvalidParamsError = GatewayError;
export type MethodNotFoundError = GatewayError;
export type InvalidResponseError = GatewayError;
export type TimeoutError = GatewayError;
export type TransportClosedError = GatewayError;
export type AuthError = GatewayError;
export type QuotaExceededError = GatewayError;
export type HttpError = GatewayError;

/** Too many requests (429, -32005, -33200, -33300); retries wait `retryAfterMs`. */
export class RateLimitError extends GatewayError {
  override name = 'RateLimitError';

  /** From `Retry-After` or `error.data.backoff_seconds`. */
  readonly retryAfterMs: number | undefined;

  constructor(message: string, options: GatewayErrorOptions) {
    super(message, options);
    const seconds = member(options.data, 'backoff_seconds');
    this.retryAfterMs =
      options.retryAfterMs ??
      (typeof seconds === 'number' && seconds >= 0
        ? Math.round(seconds * 1000)
        : undefined);
  }
}

/** A node server error in -32000…-32099 (`contextSlot` read from -32016's data). */
export class ServerError extends GatewayError {
  override name = 'ServerError';

  readonly contextSlot: number | undefined;

  constructor(message: string, options: GatewayErrorOptions) {
    super(message, options);
    const slot = member(options.data, 'contextSlot');
    this.contextSlot = typeof slot === 'number' ? slot : undefined;
  }
}

/**
 * eth_call reverted (code 3): `data` is the raw revert data, `revert` its decoding and
 * `reason` one readable line, so that callers need no ABI decoder for common cases.
 */
export class ExecutionRevertedError extends GatewayError {
  override readonly code = 3;

  override name = 'ExecutionRevertedError';

  readonly revert: RevertReason;

  readonly reason: string | undefined;

  constructor(message: string, options: GatewayErrorOptions = {}) {
    super(message, options);
    const raw = typeof options.data === 'string' ? options.data : '';
    this.revert = decodeRevertData(isHex(raw, { strict: true }) ? raw : '0x');
    this.reason = describeRevert(this.revert);
  }
}

function member(data: unknown, key: string): unknown {
  return isObject(data) && hasProperty(data, key) ? data[key] : undefined;
}
