import type { Json } from '@metamask/utils';
import { getErrorMessage } from '@metamask/utils';
import {
  BaseError,
  HttpRequestError,
  RpcRequestError,
  TimeoutError as ViemTimeoutError,
  withRetry as viemWithRetry,
} from 'viem';

import type { RequestFunction } from './credits';
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

// What viem's transports throw, mapped to the gateway's classes, and the retry policy.

type Options = GatewayErrorOptions & { code: number };
const BY_CODE = new Map<number, typeof GatewayError>([
  [3, ExecutionRevertedError],
  [-32602, InvalidParamsError],
  [-32601, MethodNotFoundError],
  [-32005, RateLimitError],
  [-33200, RateLimitError],
  [-33300, RateLimitError],
  [-33000, QuotaExceededError],
]);
const BY_STATUS = new Map<number, typeof GatewayError>([
  [401, AuthError],
  [403, AuthError],
  [402, QuotaExceededError],
  [429, RateLimitError],
]);

function isJson(value: unknown): value is Json {
  return value !== undefined;
}

function classOf({ code, status }: Options): typeof GatewayError {
  const byStatus = status === undefined ? undefined : BY_STATUS.get(status);
  if (byStatus) {
    return byStatus;
  }
  if (
    status !== undefined &&
    (status === 408 || status >= 500 || code === status)
  ) {
    return HttpError;
  }
  const server = code <= -32000 && code >= -32099 ? ServerError : GatewayError;
  return BY_CODE.get(code) ?? server;
}

// A `Retry-After` header (delay-seconds or an HTTP date) in ms, not below 0.
function parseRetryAfter(value: string | null | undefined): number | undefined {
  const trimmed = value?.trim() ?? '';
  if (/^\d+(?:\.\d+)?$/u.test(trimmed)) {
    return Math.round(Number(trimmed) * 1000);
  }
  const date = trimmed === '' ? NaN : Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/**
 * Turns what viem's transports throw into the gateway's classes, viem's error as `cause`.
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
  const status = answer?.status ?? refused?.status;
  const header = (answer ?? refused)?.headers?.get('Retry-After');
  const options = {
    method,
    cause: error,
    status,
    retryAfterMs: parseRetryAfter(header),
  };
  if (answer) {
    const data = isJson(answer.data) ? answer.data : undefined;
    const full = { ...options, code: answer.code, data };
    return new (classOf(full))(answer.details, full);
  }
  if (status !== undefined) {
    const body = refused?.details.replace(/^"|"$/gu, '').trim() ?? '';
    const full = { ...options, code: status };
    return new (classOf(full))(body === '' ? `HTTP ${status}` : body, full);
  }
  if (found(ViemTimeoutError)) {
    return new TimeoutError(`${method}: no answer in time`, options);
  }
  if (refused?.cause instanceof SyntaxError) {
    return new InvalidResponseError(`${method}: answer is not JSON`, options);
  }
  const code = LocalErrorCode.TransportClosed;
  const message = `${method}: ${getErrorMessage(error)}`;
  return new TransportClosedError(message, { ...options, code });
}

/** How failed attempts are retried. */
export type RetryOptions = {
  /** Total attempts, the first included (1 = no retry). */
  attempts: number;
  /** Backoff before the 2nd attempt; doubled for each later one. */
  baseDelayMs: number;
  /** Cap on one wait; a longer `Retry-After` is thrown at once as RateLimitError. */
  maxDelayMs: number;
};

/** Three attempts, 250 ms then 500 ms apart, never waiting more than 5 s. */
export const DEFAULT_RETRY: RetryOptions = {
  attempts: 3,
  baseDelayMs: 250,
  maxDelayMs: 5000,
};

// The wait before retrying, or undefined not to. Rate limits, 408 and 5xx are retried
// after `Retry-After` (unless above maxDelayMs) or jittered backoff. Never auth, quota,
// params, reverts, timeouts or drops (the call may have run) — unlike viem's policy.
function retryDelay(
  error: unknown,
  attempt: number,
  options: RetryOptions,
): number | undefined {
  const limited = error instanceof RateLimitError;
  if (limited && error.retryAfterMs !== undefined) {
    const wait = error.retryAfterMs;
    return wait <= options.maxDelayMs ? wait : undefined;
  }
  const status = error instanceof HttpError ? (error.status ?? 0) : 0;
  if (!limited && status !== 408 && status < 500) {
    return undefined;
  }
  const { baseDelayMs, maxDelayMs } = options;
  const backoff = Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1));
  return Math.round(backoff / 2 + (Math.random() * backoff) / 2);
}

/**
 * Sends a call under the gateway's retry policy. The first attempt runs bare (the hot
 * path); only a retryable failure enters viem's `withRetry` for the remaining ones.
 *
 * @param send - Sends one attempt.
 * @param method - The method.
 * @param params - Its params.
 * @param options - Retry options.
 * @returns The first successful result.
 * @throws The last attempt's error.
 */
export async function withRetry(
  send: RequestFunction,
  method: string,
  params: readonly unknown[],
  options: RetryOptions,
): Promise<unknown> {
  try {
    return await send(method, params);
  } catch (error) {
    const first = retryDelay(error, 1, options);
    if (first === undefined || options.attempts < 2) {
      throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, first));
    const delays: (number | undefined)[] = [first];
    return viemWithRetry(async () => send(method, params), {
      retryCount: options.attempts - 2,
      shouldRetry: ({ count, error: failed }) => {
        delays[count + 1] = retryDelay(failed, count + 2, options);
        return delays[count + 1] !== undefined;
      },
      delay: ({ count }) => delays[count + 1] ?? 0,
    });
  }
}
