import type { Struct } from '@metamask/superstruct';
import { validate } from '@metamask/superstruct';
import type { Json } from '@metamask/utils';
import {
  BaseError,
  HttpRequestError,
  RpcRequestError,
  WebSocketRequestError,
} from 'viem';

import type { SnapnetErrorOptions } from '../errors';
import {
  dataMember,
  familyGuard,
  InvalidParamsError,
  RpcErrorCode,
  SnapnetError,
} from '../errors';
import { ExecutionRevertedError } from './revert';

/** Options of a gateway refusal: the dapp-side ones, the HTTP status, Retry-After. */
export type GatewayErrorOptions = SnapnetErrorOptions & {
  status?: number | undefined;
  retryAfterMs?: number | undefined;
};

/**
 * What the three refusals share: the HTTP status when one came back. Not exported: a
 * caller branches on the three classes, or on `isGatewayRefusal` across package copies.
 */
class GatewayRefusal extends SnapnetError {
  readonly status: number | undefined;

  constructor(message: string, options: GatewayErrorOptions) {
    super(message, options);
    this.status = options.status;
  }
}

/**
 * The gateway refused the API key: 401, or 403 "rejected due to project ID settings".
 * `code` is the JSON-RPC code when the answer had one, else the HTTP status. Not retried;
 * fix the key (or its allow-lists in the operator's dashboard).
 */
export class AuthError extends GatewayRefusal {
  override name = 'AuthError';
}

/**
 * The daily credit balance is spent: 402, -33000, or the client's own `dailyCredits`
 * budget (then nothing was sent). Not retried: the balance resets at 00:00 UTC.
 */
export class QuotaExceededError extends GatewayRefusal {
  override name = 'QuotaExceededError';
}

/**
 * Too many requests (429, -32005, -33200, -33300). The client retries it after
 * `retryAfterMs` (from `Retry-After` or `data.backoff_seconds`) when that is within
 * `retry.maxDelayMs`; otherwise it is thrown at once so the caller can schedule.
 */
export class RateLimitError extends GatewayRefusal {
  override name = 'RateLimitError';

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

type Refusal = typeof AuthError | typeof QuotaExceededError;

// The refusal class of an answer, by HTTP status first, then by JSON-RPC code.
const REFUSAL_OF = new Map<number | undefined, Refusal>([
  [401, AuthError],
  [403, AuthError],
  [402, QuotaExceededError],
  [429, RateLimitError],
  [-32005, RateLimitError],
  [-33200, RateLimitError],
  [-33300, RateLimitError],
  [-33000, QuotaExceededError],
]);

// viem's answer errors in a chain: the JSON-RPC error, or the HTTP one.
function answerOf(error: unknown): {
  answer: RpcRequestError | undefined;
  http: HttpRequestError | undefined;
} {
  const find = (
    kind: typeof RpcRequestError | typeof HttpRequestError,
  ): unknown =>
    error instanceof BaseError
      ? (error.walk((each) => each instanceof kind) ?? undefined)
      : undefined;
  return {
    answer: find(RpcRequestError) as RpcRequestError | undefined,
    http: find(HttpRequestError) as HttpRequestError | undefined,
  };
}

/**
 * The HTTP status of a failed call, when the gateway answered with one.
 *
 * @param error - What the transport threw.
 * @returns The status, or undefined (no HTTP answer, or a WebSocket call).
 */
export function statusOf(error: unknown): number | undefined {
  const { answer, http } = answerOf(error);
  return answer?.status ?? http?.status;
}

// A `Retry-After` header (delay-seconds or an HTTP date) in ms, not below 0.
function parseRetryAfter(value: string | null = ''): number | undefined {
  if (/^\s*\d+(?:\.\d+)?\s*$/u.test(value ?? '')) {
    return Math.round(Number(value) * 1000);
  }
  const date = Date.parse(value ?? '');
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

// viem's http transport gives a body that is not JSON as a JSON string literal.
function bodyText(details: string): string {
  try {
    const text: unknown = JSON.parse(details);
    return typeof text === 'string' ? text.trim() : details;
  } catch {
    return details;
  }
}

/**
 * Picks out the failures a caller branches on (auth, quota, rate limit, a revert) from
 * what viem's transports threw; anything else is viem's own error, returned as it is.
 *
 * @param error - What the transport threw.
 * @param method - The JSON-RPC method called.
 * @returns An AuthError, QuotaExceededError, RateLimitError or ExecutionRevertedError
 * (viem's as `cause`), or `error` itself.
 */
export function toGatewayError(error: unknown, method: string): unknown {
  const { answer, http } = answerOf(error);
  const status = answer?.status ?? http?.status;
  const code = answer?.code ?? status;
  const Refusal = REFUSAL_OF.get(status) ?? REFUSAL_OF.get(code);
  const reverted =
    code === 3 || /^execution reverted/iu.test(answer?.details ?? '');
  if (answer && reverted && error instanceof BaseError) {
    return new ExecutionRevertedError(answer.data, error);
  }
  if (!Refusal || code === undefined) {
    return error;
  }
  const body = http ? bodyText(http.details) : '';
  const message = answer?.details ?? (body === '' ? `HTTP ${status}` : body);
  return new Refusal(message, {
    code,
    method,
    status,
    cause: error,
    data: answer?.data as Json | undefined, // parsed JSON
    retryAfterMs: parseRetryAfter(
      (answer ?? http)?.headers?.get('Retry-After'),
    ),
  });
}

/**
 * Whether the gateway refused an attempt without running it (auth, quota, rate limit,
 * an HTTP error status) or it was never sent (its WebSocket did not open, or was closed
 * before the send: viem's WebSocketRequestError): its credits come back.
 *
 * @param error - What the attempt threw.
 * @returns True for a refusal.
 */
export function isRefusal(error: unknown): boolean {
  return (
    error instanceof GatewayRefusal ||
    error instanceof WebSocketRequestError ||
    (!(error instanceof ExecutionRevertedError) &&
      (statusOf(error) ?? 0) >= 400)
  );
}

/**
 * The error of a parameter (named: refused before sending, -32602 with `data.field`) or
 * of an answer that is not the documented shape (unnamed: -32603).
 *
 * @param method - The method.
 * @param name - The parameter's dotted path; omitted for a result.
 * @param detail - What is wrong.
 * @param cause - What was caught, if anything.
 * @returns An InvalidParamsError, or a SnapnetError with code -32603.
 */
export function invalid(
  method: string,
  name: string | undefined,
  detail: string,
  cause?: unknown,
): SnapnetError {
  const message = `${method}: invalid ${name ?? 'result'}${detail}`;
  return name
    ? new InvalidParamsError(message, { method, cause, data: { field: name } })
    : new SnapnetError(message, { code: RpcErrorCode.Internal, method, cause });
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

/**
 * Whether an error is one of the gateway's own refusals (auth, quota, rate limit), across
 * copies of the package where `instanceof` fails; narrow further by `name` or `code`.
 */
export const isGatewayRefusal = familyGuard<
  AuthError | QuotaExceededError | RateLimitError
>('AuthError', 'QuotaExceededError', 'RateLimitError');
