import type { Json } from '@metamask/utils';
import { getErrorMessage } from '@metamask/utils';
import {
  BaseError,
  HttpRequestError,
  RpcRequestError,
  TimeoutError as ViemTimeoutError,
} from 'viem';

import type { GatewayErrorOptions } from './errors';
import {
  AuthError,
  ExecutionRevertedError,
  GatewayError,
  HttpError,
  InvalidParamsError,
  InvalidResponseError,
  LocalErrorCode,
  MethodNotFoundError,
  QuotaExceededError,
  RateLimitError,
  ServerError,
  TimeoutError,
  TransportClosedError,
} from './errors';

// Maps what viem's transports throw to the gateway's error classes, in one place for
// HTTP and WebSocket.

const RATE_LIMIT_CODES = new Set([-32005, -33200, -33300]);

function errorFromRpc(
  message: string,
  options: GatewayErrorOptions & { code: number },
): GatewayError {
  const { code } = options;
  if (code === 3) {
    return new ExecutionRevertedError(message, options);
  }
  if (code === -32602) {
    return new InvalidParamsError(message, options);
  }
  if (code === -32601) {
    return new MethodNotFoundError(message, options);
  }
  if (RATE_LIMIT_CODES.has(code)) {
    return new RateLimitError(message, options);
  }
  if (code === -33000) {
    return new QuotaExceededError(message, options);
  }
  return code <= -32000 && code >= -32099
    ? new ServerError(message, options)
    : new GatewayError(message, options);
}

function errorFromHttp(
  message: string,
  options: GatewayErrorOptions & { code: number; status: number },
): GatewayError {
  const { status } = options;
  if (status === 401 || status === 403) {
    return new AuthError(message, options);
  }
  if (status === 402) {
    return new QuotaExceededError(message, options);
  }
  if (status === 429) {
    return new RateLimitError(message, options);
  }
  return status === 408 || status >= 500 || options.code === status
    ? new HttpError(message, options)
    : errorFromRpc(message, options);
}

/**
 * Reads a `Retry-After` header: delay-seconds or an HTTP date.
 *
 * @param value - The header value.
 * @returns The wait in ms (not below 0), or undefined when absent or unreadable.
 */
export function parseRetryAfter(
  value: string | null | undefined,
): number | undefined {
  const trimmed = value?.trim() ?? '';
  if (/^\d+(?:\.\d+)?$/u.test(trimmed)) {
    return Math.round(Number(trimmed) * 1000);
  }
  const date = trimmed === '' ? NaN : Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/**
 * Turns what viem's transports throw (RpcRequestError, HttpRequestError, TimeoutError,
 * socket errors) into the gateway's classes, keeping viem's error as `cause`.
 *
 * @param error - What the transport threw.
 * @param method - The JSON-RPC method called.
 * @returns The matching {@link GatewayError}.
 */
export function toGatewayError(error: unknown, method: string): GatewayError {
  if (error instanceof GatewayError) {
    return error;
  }
  const found = (kind: abstract new (...args: never[]) => unknown): unknown =>
    error instanceof BaseError
      ? error.walk((each) => each instanceof kind)
      : null;
  const rpc = found(RpcRequestError);
  const http = found(HttpRequestError);
  const answer = rpc instanceof RpcRequestError ? rpc : undefined;
  const refused = http instanceof HttpRequestError ? http : undefined;
  const options = {
    method,
    cause: error,
    status: answer?.status ?? refused?.status,
    retryAfterMs: parseRetryAfter(
      (answer ?? refused)?.headers?.get('Retry-After'),
    ),
  };
  if (answer) {
    const data = isJson(answer.data) ? answer.data : undefined;
    const rpcOptions = { ...options, code: answer.code, data };
    return options.status === undefined
      ? errorFromRpc(answer.details, rpcOptions)
      : errorFromHttp(answer.details, {
          ...rpcOptions,
          status: options.status,
        });
  }
  if (options.status !== undefined) {
    const body = refused?.details.replace(/^"|"$/gu, '').trim() ?? '';
    const message = body === '' ? `HTTP ${options.status}` : body;
    return errorFromHttp(message, {
      ...options,
      status: options.status,
      code: options.status,
    });
  }
  if (found(ViemTimeoutError)) {
    return new TimeoutError(`${method}: no answer in time`, options);
  }
  if (refused?.cause instanceof SyntaxError) {
    return new InvalidResponseError(`${method}: answer is not JSON`, options);
  }
  return new TransportClosedError(`${method}: ${getErrorMessage(error)}`, {
    ...options,
    code: LocalErrorCode.TransportClosed,
  });
}

function isJson(value: unknown): value is Json {
  return value !== undefined;
}
