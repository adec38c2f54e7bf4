import { withRetry as viemWithRetry } from 'viem';

import { HttpError, RateLimitError } from './errors';

/** How failed attempts are retried. */
export type RetryOptions = {
  /** Total attempts, the first included (1 = no retry). */
  attempts: number;
  /** Backoff before the 2nd attempt; doubled for each later one. */
  baseDelayMs: number;
  /**
   * Cap on one wait. A `Retry-After` longer than this is not waited for: the
   * RateLimitError is thrown at once, carrying `retryAfterMs` for the caller.
   */
  maxDelayMs: number;
};

/** Three attempts, 250 ms then 500 ms apart, never waiting more than 5 s. */
export const DEFAULT_RETRY: RetryOptions = {
  attempts: 3,
  baseDelayMs: 250,
  maxDelayMs: 5000,
};

/**
 * The wait before retrying a failed attempt, or undefined not to retry. Rate limits
 * (429, -32005, -33200, -33300), 408 and 5xx are retried, after the gateway's
 * `Retry-After` when given (unless above `maxDelayMs`), else after exponential backoff
 * with jitter. Never auth (401/403), quota (402, -33000), invalid params, reverts,
 * timeouts or dropped sockets (the call may have run) — unlike viem's own retry policy,
 * which retries 403 and timeouts.
 *
 * @param error - What the attempt threw.
 * @param attempt - The attempt that failed, from 1.
 * @param options - Retry options.
 * @returns The delay in ms, or undefined.
 */
export function retryDelay(
  error: unknown,
  attempt: number,
  options: RetryOptions,
): number | undefined {
  if (error instanceof RateLimitError && error.retryAfterMs !== undefined) {
    return error.retryAfterMs <= options.maxDelayMs
      ? error.retryAfterMs
      : undefined;
  }
  const status = error instanceof HttpError ? error.status : undefined;
  if (
    !(error instanceof RateLimitError) &&
    !(status !== undefined && (status === 408 || status >= 500))
  ) {
    return undefined;
  }
  const backoff = Math.min(
    options.maxDelayMs,
    options.baseDelayMs * 2 ** (attempt - 1),
  );
  return Math.round(backoff / 2 + (Math.random() * backoff) / 2);
}

/**
 * Runs an attempt with viem's `withRetry` under the gateway's policy ({@link retryDelay}).
 *
 * @param attempt - One attempt.
 * @param options - Retry options.
 * @returns The first successful result.
 * @throws The last attempt's error.
 */
export async function withRetry<Result>(
  attempt: () => Promise<Result>,
  options: RetryOptions,
): Promise<Result> {
  const delays: (number | undefined)[] = [];
  return viemWithRetry(attempt, {
    retryCount: options.attempts - 1,
    shouldRetry: ({ count, error }) => {
      delays[count] = retryDelay(error, count + 1, options);
      return delays[count] !== undefined;
    },
    delay: ({ count }) => delays[count] ?? 0,
  });
}
