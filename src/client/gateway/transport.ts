import { custom, http, HttpRequestError, RpcRequestError } from 'viem';
import { TimeoutError as ViemTimeoutError, withRetry, withTimeout } from 'viem';
import type { GetSocketParameters, SocketRpcClient } from 'viem/utils';
import { getSocketRpcClient } from 'viem/utils';

import { HttpError, RateLimitError } from './errors';
import { toGatewayError, TransportClosedError } from './errors';

/** `fetch` as viem's http transport calls it; inject one for proxies, logging or mocks. */
export type FetchFunction = (
  input: string | URL | Request,
  init?: RequestInit,
) => Promise<Response>;

/** The part of the WebSocket API used: the browser's `WebSocket` and `ws` both fit. */
export type WebSocketLike = {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: 'open' | 'close', listener: () => void): void;
  addEventListener(
    type: 'message',
    listener: (event: { data: unknown }) => void,
  ): void;
  addEventListener(
    type: 'error',
    listener: (event: { message?: unknown }) => void,
  ): void;
};

/** A WebSocket constructor: `globalThis.WebSocket` or `ws`. */
export type WebSocketConstructor = new (url: string) => WebSocketLike;

/** Where a transport sends, and with what: a fetch, or a WebSocket constructor. */
export type TransportOptions = {
  url: string;
  timeoutMs: number;
  fetch?: FetchFunction | undefined;
  socket?: WebSocketConstructor | undefined;
};

/** Sends one JSON-RPC call and returns its result. */
export type RequestFunction = (
  method: string,
  params: readonly unknown[],
) => Promise<unknown>;

/**
 * Creates viem's `http` transport or, with a WebSocket constructor, a `custom` one on
 * viem's socket RPC client; viem's retries off, its errors made {@link GatewayError}s.
 *
 * @param options - Where and with what.
 * @returns The request function and close().
 */
export function createTransport(options: TransportOptions): {
  request: RequestFunction;
  close: () => Promise<void>;
} {
  const { url, timeoutMs: timeout, fetch: fetchFn } = options;
  const socket = options.socket && socketProvider(url, timeout, options.socket);
  const transport = socket ? custom(socket) : http(url, { fetchFn, timeout });
  const { request } = transport({ retryCount: 0 });
  let closed = false;
  return {
    request: async (method, params): Promise<unknown> => {
      if (closed) {
        const message = `${method}: the client was closed`;
        throw new TransportClosedError(message, { method, code: 1000 });
      }
      try {
        return await request({ method, params });
      } catch (error) {
        throw toGatewayError(error, method);
      }
    },
    close: async (): Promise<void> => {
      closed = true;
      await socket?.close();
    },
  };
}

type SocketClient = SocketRpcClient<object>;
type RpcResponse = Parameters<GetSocketParameters['onResponse']>[0];
type Body = { method: string; params?: unknown };

// An EIP-1193 provider over one socket at a time, opened by the first call and again
// by the next call after a drop. Calls pending on a dropped socket fail; they may have
// run, so none is resent.
function socketProvider(
  url: string,
  timeout: number,
  Socket: WebSocketConstructor,
): { request: (body: Body) => Promise<unknown>; close: () => Promise<void> } {
  const key = `snapnet-gateway-${Math.random()}`;
  let live: Promise<SocketClient> | undefined;
  // Forgets a connection; closing it also drops it from viem's socket client cache.
  const forget = async (dropped = live): Promise<void> => {
    live = live === dropped ? undefined : live;
    await dropped?.then((client) => client.close()).catch(() => undefined);
  };
  const connect = async (): Promise<SocketClient> => {
    if (!live) {
      const opening: Promise<SocketClient> = getSocketRpcClient({
        getSocket: async (handlers) =>
          openSocket(new Socket(url), url, handlers, async () =>
            forget(opening),
          ),
        keepAlive: false,
        reconnect: false,
        key,
        url,
      });
      opening.catch(async () => forget(opening));
      live = opening;
    }
    return live;
  };
  return {
    async request(body): Promise<unknown> {
      const send = async (): Promise<RpcResponse> =>
        (await connect()).requestAsync({ body, timeout });
      const errorInstance = new ViemTimeoutError({ body, url });
      const answer = await withTimeout(send, { timeout, errorInstance });
      if (answer.error) {
        throw new RpcRequestError({ body, error: answer.error, url });
      }
      return answer.result;
    },
    close: async () => forget(),
  };
}

// Opens a WebSocket and waits until it is open. A refused handshake becomes an
// HttpRequestError with the status `ws` reports, so that a wrong key is an AuthError.
async function openSocket(
  socket: WebSocketLike,
  url: string,
  handlers: GetSocketParameters,
  onDrop: () => Promise<void>,
): Promise<SocketClient['socket']> {
  const describe = (message: unknown): string =>
    typeof message === 'string' ? message : 'WebSocket error';
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', resolve);
    socket.addEventListener('error', ({ message }) => {
      const details = `${describe(message)} (${url})`;
      const status = /Unexpected server response: (\d{3})/u.exec(details)?.[1];
      const code = status === undefined ? undefined : Number(status);
      reject(new HttpRequestError({ url, details, status: code }));
    });
  });
  socket.addEventListener('message', ({ data }) => {
    try {
      handlers.onResponse(JSON.parse(String(data)) as RpcResponse);
    } catch {
      // Not JSON, or not a JSON-RPC answer: no call to answer.
    }
  });
  socket.addEventListener('close', () => {
    handlers.onClose();
    onDrop().catch(() => undefined);
  });
  socket.addEventListener('error', ({ message }) =>
    handlers.onError(new Error(describe(message))),
  );
  return {
    close: (): void => {
      socket.close(1000);
      handlers.onClose();
    },
    request: ({ body }): void => socket.send(JSON.stringify(body)),
  };
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
  const limited = error instanceof RateLimitError;
  if (limited && error.retryAfterMs !== undefined) {
    return error.retryAfterMs <= maxDelayMs ? error.retryAfterMs : undefined;
  }
  const status = error instanceof HttpError ? (error.status ?? 0) : 0;
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
