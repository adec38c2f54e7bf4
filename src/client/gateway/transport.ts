import {
  BaseError,
  http,
  SocketClosedError,
  UnknownRpcError,
  WebSocketRequestError,
  webSocket,
  withRetry,
} from 'viem';

import { RateLimitError, statusOf, toGatewayError } from './errors';
import { redact } from './redact';
import { ExecutionRevertedError } from './revert';

/** `fetch` as viem's http transport calls it; inject one for proxies, logging or mocks. */
export type FetchFunction = (
  input: string | URL | Request,
  init?: RequestInit,
) => Promise<Response>;

/** Where a transport sends: an HTTP(S) URL (with a fetch) or a WS(S) URL. */
export type TransportOptions = {
  url: string;
  timeoutMs: number;
  fetch?: FetchFunction | undefined;
  /** The API key (as given, and as in the URL): taken out of every error. */
  secrets: readonly string[];
};

/** Sends one JSON-RPC call and returns its result. */
export type RequestFunction = (
  method: string,
  params: readonly unknown[],
) => Promise<unknown>;

// viem's transport request, and close() for a socket.
type Sender = {
  request: (args: {
    method: string;
    params: readonly unknown[];
  }) => Promise<unknown>;
  close?: () => Promise<void>;
};

/** A transport: sends one call (viem's errors, or the gateway's refusals); close(). */
export type Transport = {
  request: RequestFunction;
  close: () => Promise<void>;
};

/**
 * Creates viem's `http` transport or, for a ws(s) URL, its `webSocket` transport, with
 * viem's retries off: the gateway's own policy runs above. Its failures come out as the
 * gateway's refusals or revert, or viem's error, and never with the API key in them.
 *
 * @param options - Where and with what.
 * @returns The transport.
 */
export function createTransport(options: TransportOptions): Transport {
  const { url, timeoutMs: timeout, fetch: fetchFn, secrets } = options;
  const { request, close }: Sender = /^wss?:/u.test(url)
    ? socketTransport(url, timeout)
    : http(url, { fetchFn, timeout })({ retryCount: 0 });
  return {
    request: async (method, params): Promise<unknown> =>
      request({ method, params }).catch((error: unknown) => {
        throw redact(toGatewayError(error, method), secrets);
      }),
    close: async (): Promise<void> => close?.(),
  };
}

// What a WebSocket that did not open tells: nothing about why, by the WebSocket API.
const NOT_OPENED = `The WebSocket did not open. A wrong API key is refused at the handshake, which WebSockets do not report: an HTTP client of the same key gets AuthError`;

// viem's webSocket transport without keep-alive pings or its reconnect loop: the first
// call opens the socket and, after a drop, the next call opens a new one. viem keeps a
// dropped socket in its cache, so a drop closes it there. Calls pending on a dropped
// socket fail; none is resent (they may have run).
function socketTransport(url: string, timeout: number): Sender {
  const { request, value } = webSocket(url, {
    keepAlive: false,
    reconnect: false,
    timeout,
  })({ retryCount: 0 });
  let open = false; // a socket may be open, for close()
  let closed = false;
  const closeSocket = async (): Promise<void> => {
    open = false;
    (await value?.getRpcClient())?.close();
  };
  return {
    request: async ({ method, params }): Promise<unknown> => {
      if (closed) {
        throw new SocketClosedError({ url });
      }
      try {
        const result = await request({ method, params });
        open = true;
        return result;
      } catch (error) {
        if (!opened(error)) {
          // viem's details come from the cause: the explanation, then the event.
          const cause = new Error(NOT_OPENED, { cause: error });
          const body = { method, params };
          throw new WebSocketRequestError({ body, cause, url });
        }
        open = true;
        if (isSocketFailure(error)) {
          await closeSocket().catch(() => undefined);
        }
        throw error;
      }
    },
    close: async (): Promise<void> => {
      closed = true;
      if (open) {
        await closeSocket();
      }
    },
  };
}

// Whether a WebSocket call failed after its socket opened: viem rejects with the socket's
// own 'error' event, not an Error, when it never opened (UnknownRpcError around it).
function opened(error: unknown): boolean {
  return !(error instanceof UnknownRpcError) || error.cause instanceof Error;
}

// Whether a socket call failed because the socket dropped or was closed: viem rejects
// pending calls with SocketClosedError, and sends on a closed one with
// WebSocketRequestError.
function isSocketFailure(error: unknown): boolean {
  return (
    error instanceof BaseError &&
    error.walk(
      (each) =>
        each instanceof SocketClosedError ||
        each instanceof WebSocketRequestError,
    ) !== null
  );
}

/** How failed attempts are retried. */
export type RetryOptions = {
  /** Total attempts, the first included (1 = no retry). */
  attempts: number;
  /** Backoff before the 2nd attempt, doubled for each later one. */
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

// The wait before another attempt, or undefined not to retry. Rate limits, 408 and 5xx
// wait `Retry-After` (unless above maxDelayMs) or a jittered backoff. Never auth, quota,
// params, reverts, timeouts or drops (the call may have run): unlike viem's policy.
function retryDelay(
  error: unknown,
  attempt: number,
  { baseDelayMs, maxDelayMs }: RetryOptions,
): number | undefined {
  if (error instanceof ExecutionRevertedError) {
    return undefined; // it ran, whatever HTTP status came with it
  }
  const limited = error instanceof RateLimitError;
  if (limited && error.retryAfterMs !== undefined) {
    return error.retryAfterMs <= maxDelayMs ? error.retryAfterMs : undefined;
  }
  const status = statusOf(error) ?? 0;
  if (!limited && status !== 408 && status < 500) {
    return undefined;
  }
  const backoff = Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1));
  return Math.round(backoff / 2 + (Math.random() * backoff) / 2);
}

/**
 * Retries a request function under the gateway's policy: the first attempt runs bare
 * (the hot path), a retryable failure continues in viem's `withRetry`.
 *
 * @param send - Sends one attempt.
 * @param options - Retry options.
 * @returns The retrying request function.
 */
export function retrying(
  send: RequestFunction,
  options: RetryOptions,
): RequestFunction {
  type Attempt = { count: number; error: Error };
  const delay = ({ count, error }: Attempt): number | undefined =>
    retryDelay(error, count + 2, options);
  const policy = {
    retryCount: options.attempts - 2,
    shouldRetry: (attempt: Attempt): boolean => delay(attempt) !== undefined,
    delay: (attempt: Attempt): number => delay(attempt) ?? 0,
  };
  return async (method, params) => {
    try {
      return await send(method, params);
    } catch (error) {
      const first = retryDelay(error, 1, options);
      if (first === undefined || options.attempts < 2) {
        throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, first));
      return withRetry(async () => send(method, params), policy);
    }
  };
}
