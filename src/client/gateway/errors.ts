import type { Struct } from '@metamask/superstruct';
import { validate } from '@metamask/superstruct';
import type { Json } from '@metamask/utils';
import { getErrorMessage } from '@metamask/utils';
import { BaseError, HttpRequestError, isHex, RpcRequestError } from 'viem';
import { TimeoutError as ViemTimeoutError } from 'viem';

import type { SnapnetErrorOptions } from '../errors';
import { dataMember, SnapnetError } from '../errors';
import type { RevertReason } from './revert';
import { decodeRevertData, describeRevert } from './revert';

/** Codes of local refusals, on the JSON-RPC (or HTTP) codes of the same meaning. */
export const LocalErrorCode = {
  Configuration: -32600,
  InvalidParams: -32602,
  InvalidResponse: -32603,
  QuotaExceeded: -33000,
  Timeout: 408,
  TransportClosed: 1006,
} as const;

/** Options of a gateway error: the dapp-side ones, the HTTP status, Retry-After. */
export type GatewayErrorOptions = Partial<SnapnetErrorOptions> & {
  status?: number | undefined;
  retryAfterMs?: number | undefined;
};

/** Base of every gateway client error: a {@link SnapnetError} plus the HTTP status. */
export class GatewayError extends SnapnetError {
  readonly status: number | undefined;

  constructor(message: string, options: GatewayErrorOptions = {}) {
    super(message, { ...options, code: options.code ?? -32603 });
    this.name = 'GatewayError';
    this.status = options.status;
  }
}

// A named subclass (`name` survives minifiers); `fixed`: `code` overrides any given.
function subclass(
  name: string,
  code?: number,
  fixed = code !== undefined,
): typeof GatewayError {
  return class extends GatewayError {
    constructor(message: string, options: GatewayErrorOptions = {}) {
      super(message, fixed ? { ...options, code } : { code, ...options });
      this.name = name;
    }
  };
}

/** The client is misconfigured for this call (-32600), e.g. eth_call over WebSocket. */
export const ConfigurationError = subclass('ConfigurationError', -32600);
/**
 * Invalid parameters (-32602), refused locally before sending or by the node: a
 * GatewayError that is also an `InvalidParamsError` (the shared class matches by code).
 */
export const GatewayInvalidParams = subclass('InvalidParamsError', -32602);
/** The node does not know the method (-32601); also a `MethodNotFoundError`. */
export const GatewayMethodNotFound = subclass('MethodNotFoundError', -32601);
/** The gateway's answer is not the documented shape (-32603). */
export const InvalidResponseError = subclass('InvalidResponseError', -32603);
/** No answer within `timeoutMs` (408). */
export const TimeoutError = subclass('TimeoutError', 408);
/** The connection failed or dropped before the answer (1006; 1000 after close()). */
export const TransportClosedError = subclass(
  'TransportClosedError',
  1006,
  false,
);
/** The API key was refused: 401, or 403 "rejected due to project ID settings". */
export const AuthError = subclass('AuthError');
/** The daily credit balance is spent (402, -33000, or the local budget). */
export const QuotaExceededError = subclass('QuotaExceededError');
/** An HTTP status without a more specific meaning (408, 5xx, 404, …). */
export const HttpError = subclass('HttpError');

// The classes above are also types, as a class declaration would be.
export type ConfigurationError = GatewayError;
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
    const seconds = dataMember(options.data, 'backoff_seconds');
    const backoff = typeof seconds === 'number' && seconds >= 0;
    this.retryAfterMs =
      options.retryAfterMs ??
      (backoff ? Math.round(seconds * 1000) : undefined);
  }
}

/** A node server error in -32000…-32099 (`contextSlot` read from -32016's data). */
export class ServerError extends GatewayError {
  override name = 'ServerError';

  readonly contextSlot: number | undefined;

  constructor(message: string, options: GatewayErrorOptions) {
    super(message, options);
    const slot = dataMember(options.data, 'contextSlot');
    this.contextSlot = typeof slot === 'number' ? slot : undefined;
  }
}

/** eth_call reverted (code 3): raw `data`, its decoding `revert`, a readable `reason`. */
export class ExecutionRevertedError extends GatewayError {
  override readonly code = 3;

  override name = 'ExecutionRevertedError';

  readonly revert: RevertReason;

  readonly reason: string | undefined;

  constructor(message: string, options: GatewayErrorOptions = {}) {
    super(message, options);
    const { data } = options;
    const raw = typeof data === 'string' && isHex(data, { strict: true });
    this.revert = decodeRevertData(raw ? data : '0x');
    this.reason = describeRevert(this.revert);
  }
}

/** Errors of attempts refused without running them: their credits come back. */
export const REFUSED = [
  AuthError,
  QuotaExceededError,
  RateLimitError,
  HttpError,
];

// The class of an answered error, by HTTP status first, then by JSON-RPC code.
const CLASS_OF = new Map<number | undefined, typeof GatewayError>([
  [401, AuthError],
  [403, AuthError],
  [402, QuotaExceededError],
  [429, RateLimitError],
  [3, ExecutionRevertedError],
  [-32602, GatewayInvalidParams],
  [-32601, GatewayMethodNotFound],
  [-32005, RateLimitError],
  [-33200, RateLimitError],
  [-33300, RateLimitError],
  [-33000, QuotaExceededError],
]);

function classOf(code: number, status?: number): typeof GatewayError {
  const http = status === 408 || (status ?? 0) >= 500 || code === status;
  const server = code <= -32000 && code >= -32099 ? ServerError : GatewayError;
  return (
    CLASS_OF.get(status) ??
    (http ? HttpError : undefined) ??
    CLASS_OF.get(code) ??
    server
  );
}

// A `Retry-After` header (delay-seconds or an HTTP date) in ms, not below 0.
function parseRetryAfter(value: string | null = ''): number | undefined {
  if (/^\s*\d+(?:\.\d+)?\s*$/u.test(value ?? '')) {
    return Math.round(Number(value) * 1000);
  }
  const date = Date.parse(value ?? '');
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/**
 * Turns what viem's transports throw into a {@link GatewayError}, viem's as `cause`.
 *
 * @param error - What the transport threw.
 * @param method - The JSON-RPC method called.
 * @returns The gateway error.
 */
export function toGatewayError(error: unknown, method: string): GatewayError {
  type Kind<Type> = abstract new (...args: never[]) => Type;
  const find = <Type>(kind: Kind<Type>): Type | undefined =>
    (error instanceof BaseError
      ? error.walk((each) => each instanceof kind)
      : undefined) as Type | undefined;
  const answer = find(RpcRequestError);
  const refused = find(HttpRequestError);
  const status = answer?.status ?? refused?.status;
  const header = (answer ?? refused)?.headers?.get('Retry-After');
  const retryAfterMs = parseRetryAfter(header);
  const options = { method, cause: error, status, retryAfterMs };
  if (answer ?? status !== undefined) {
    const body = refused?.details.replace(/^"|"$/gu, '').trim() ?? '';
    const message = answer?.details ?? (body === '' ? `HTTP ${status}` : body);
    const code = answer?.code ?? status ?? 0;
    const data = answer?.data as Json | undefined; // parsed JSON
    return new (classOf(code, status))(message, { ...options, code, data });
  }
  if (find(ViemTimeoutError)) {
    return new TimeoutError(`${method}: no answer in time`, options);
  }
  if (refused?.cause instanceof SyntaxError) {
    return new InvalidResponseError(`${method}: answer is not JSON`, options);
  }
  const message = `${method}: ${getErrorMessage(error)}`;
  return new TransportClosedError(message, options);
}

/**
 * The error of a parameter (named: refused before sending) or of an answer.
 *
 * @param method - The method.
 * @param name - The parameter's dotted path; omitted for a result.
 * @param detail - What is wrong.
 * @param cause - What was caught, if anything.
 * @returns An InvalidParamsError or InvalidResponseError.
 */
export function invalid(
  method: string,
  name: string | undefined,
  detail: string,
  cause?: unknown,
): GatewayError {
  const Failure = name ? GatewayInvalidParams : InvalidResponseError;
  const message = `${method}: invalid ${name ?? 'result'}${detail}`;
  return new Failure(message, { method, cause });
}

/**
 * Checks a parameter (named) or an answer (unnamed) against a struct.
 *
 * @param struct - The struct.
 * @param value - The value given or received.
 * @param method - The method, for the message.
 * @param name - The parameter's name; omitted for a result.
 * @returns The value, narrowed.
 */
export function check<Type>(
  struct: Struct<Type, unknown>,
  value: unknown,
  method: string,
  name?: string,
): Type {
  let result;
  try {
    result = validate(value, struct);
  } catch (cause) {
    // superstruct prints a refused value with `${value}`, which throws for some.
    throw invalid(method, name, '', cause);
  }
  const [error, checked] = result;
  if (error) {
    const at = error.path.map((key) => `.${String(key)}`).join('');
    throw invalid(method, name, `${at}: ${error.message}`, error);
  }
  return checked;
}
