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
 * Whether an attempt's failure is worth retrying: rate limits (429, -32005, -33200,
 * -33300), 408 and 5xx. Never auth (401/403), quota (402, -33000), invalid params
 * (-32602), reverts (3), timeouts or dropped sockets (the call may have run).
 *
 * @param error - What the attempt threw.
 * @returns Whether to retry.
 */
export function isRetryable(error: unknown): boolean {
  if (error instanceof RateLimitError) {
    return true;
  }
  return (
    error instanceof HttpError &&
    error.status !== undefined &&
    (error.status === 408 || error.status >= 500)
  );
}

/**
 * The wait before the next attempt: the gateway's `Retry-After` when it gave one,
 * otherwise exponential backoff with jitter (half fixed, half random, so that clients
 * that failed together do not retry together).
 *
 * @param error - What the failed attempt threw.
 * @param attempt - The attempt that failed, from 1.
 * @param options - Retry options.
 * @param random - Source of jitter in [0, 1).
 * @returns The delay in ms, or undefined when the gateway asks for a longer wait than
 * `maxDelayMs` allows.
 */
export function retryDelay(
  error: unknown,
  attempt: number,
  options: RetryOptions,
  random: () => number = Math.random,
): number | undefined {
  if (error instanceof RateLimitError && error.retryAfterMs !== undefined) {
    return error.retryAfterMs <= options.maxDelayMs
      ? error.retryAfterMs
      : undefined;
  }
  const backoff = Math.min(
    options.maxDelayMs,
    options.baseDelayMs * 2 ** (attempt - 1),
  );
  return Math.round(backoff / 2 + (random() * backoff) / 2);
}

/**
 * Runs an attempt until it succeeds, fails for good, or attempts run out.
 *
 * @param attempt - One attempt; receives its number, from 1.
 * @param options - Retry options.
 * @returns The first successful result.
 * @throws The last attempt's error.
 */
export async function withRetry<Result>(
  attempt: (attemptNumber: number) => Promise<Result>,
  options: RetryOptions,
): Promise<Result> {
  for (let attemptNumber = 1; ; attemptNumber++) {
    try {
      return await attempt(attemptNumber);
    } catch (error) {
      const delay =
        attemptNumber < options.attempts && isRetryable(error)
          ? retryDelay(error, attemptNumber, options)
          : undefined;
      if (delay === undefined) {
        throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
