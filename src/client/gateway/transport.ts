import { is } from '@metamask/superstruct';
import { JsonRpcResponseStruct } from '@metamask/utils';
import {
  custom,
  http,
  HttpRequestError,
  RpcRequestError,
  TimeoutError as ViemTimeoutError,
  withTimeout,
} from 'viem';
import type { GetSocketParameters, Socket, SocketRpcClient } from 'viem/utils';
import { getSocketRpcClient } from 'viem/utils';

import type { RequestFunction } from './credits';
import { toGatewayError, TransportClosedError } from './errors';

/** `fetch` as viem's http transport calls it; inject one for proxies, logging or mocks. */
export type FetchFunction = (
  input: string | URL | Request,
  init?: RequestInit,
) => Promise<Response>;

/**
 * The part of the WebSocket API the client uses. The browser's `WebSocket` and the `ws`
 * package both fit, so Node (no global WebSocket before v22) injects `ws`.
 */
export type WebSocketLike = {
  /** 0 connecting, 1 open, 2 closing, 3 closed. */
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

/** Where and how a transport sends. */
export type TransportOptions =
  | { kind: 'http'; url: string; fetch?: FetchFunction; timeoutMs: number }
  | {
      kind: 'ws';
      url: string;
      // eslint-disable-next-line @typescript-eslint/naming-convention
      WebSocket: WebSocketConstructor;
      timeoutMs: number;
    };

/** A transport: one request function, and close(). */
export type GatewayTransport = {
  /** Sends one call; throws {@link GatewayError}s. */
  request: RequestFunction;
  /** Closes the WebSocket (failing pending calls); a no-op for HTTP. */
  close(): Promise<void>;
};

/**
 * Creates the transport: viem's `http` transport, or a viem `custom` transport over
 * viem's socket RPC client (id matching, timeouts, failing pending calls on a drop) with
 * the injected WebSocket constructor. viem's own retries are off: the client retries
 * under the gateway's policy. Errors become {@link GatewayError}s here, once for both.
 *
 * @param options - URL, fetch or WebSocket, and the timeout.
 * @returns The transport.
 */
export function createTransport(options: TransportOptions): GatewayTransport {
  const socket = options.kind === 'ws' ? createSocket(options) : undefined;
  const viemTransport = socket
    ? custom(socket, { retryCount: 0 })
    : http(options.url, {
        fetchFn: options.kind === 'http' ? options.fetch : undefined,
        timeout: options.timeoutMs,
        retryCount: 0,
      });
  const { request } = viemTransport({ retryCount: 0 });
  let closed = false;
  return {
    async request(method, params) {
      if (closed) {
        throw new TransportClosedError(`${method}: the client was closed`, {
          method,
          code: 1000,
        });
      }
      try {
        return await request({ method, params });
      } catch (error) {
        throw toGatewayError(error, method);
      }
    },
    async close() {
      closed = true;
      await socket?.close();
    },
  };
}

function createSocket(options: TransportOptions & { kind: 'ws' }) {
  const { url, timeoutMs } = options;
  const key = `snapnet-gateway-${Math.random()}`;
  let current: Promise<SocketRpcClient<SocketState>> | undefined;

  const connect = async (): Promise<SocketRpcClient<SocketState>> => {
    const client = await current;
    if (client && client.socket.readyState <= 1) {
      return client;
    }
    client?.close();
    current = getSocketRpcClient({
      getSocket: async (handlers) => openSocket(options, handlers),
      keepAlive: false,
      reconnect: false,
      key,
      url,
    });
    current.catch(() => (current = undefined));
    return current;
  };

  return {
    async request({ method, params }: { method: string; params?: unknown }) {
      const body = { method, params };
      const response = await withTimeout(
        async () =>
          (await connect()).requestAsync({ body, timeout: timeoutMs }),
        {
          timeout: timeoutMs,
          errorInstance: new ViemTimeoutError({ body, url }),
        },
      );
      if (response.error) {
        throw new RpcRequestError({ body, error: response.error, url });
      }
      return response.result;
    },
    async close() {
      const client = await current?.catch(() => undefined);
      current = undefined;
      client?.close();
    },
  };
}

type RpcResponse = Parameters<GetSocketParameters['onResponse']>[0];

type SocketState = { readonly readyState: number };

async function openSocket(
  options: TransportOptions & { kind: 'ws' },
  handlers: GetSocketParameters,
): Promise<Socket<SocketState>> {
  const socket = new options.WebSocket(options.url);
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', resolve);
    socket.addEventListener('error', ({ message }) => {
      const text = typeof message === 'string' ? message : 'WebSocket error';
      const status = /Unexpected server response: (\d{3})/u.exec(text)?.[1];
      const details = `${text} (${options.url})`;
      reject(
        new HttpRequestError({
          url: options.url,
          details,
          status: status ? Number(status) : undefined,
        }),
      );
    });
  });
  socket.addEventListener('message', ({ data }) => {
    const parsed = typeof data === 'string' ? parseJson(data) : undefined;
    if (isRpcResponse(parsed)) {
      handlers.onResponse(parsed);
    }
  });
  socket.addEventListener('close', () => handlers.onClose());
  socket.addEventListener('error', ({ message }) =>
    handlers.onError(new Error(String(message ?? 'WebSocket error'))),
  );
  return {
    get readyState() {
      return socket.readyState;
    },
    close() {
      socket.close(1000);
      handlers.onClose();
    },
    request({ body }) {
      socket.send(JSON.stringify(body));
    },
  };
}

function isRpcResponse(value: unknown): value is RpcResponse {
  return is(value, JsonRpcResponseStruct);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
