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

import { toGatewayError } from './classify';
import type { RequestFunction } from './credits';
import { TransportClosedError } from './errors';

/** `fetch` as viem's http transport calls it; inject one for proxies, logging or mocks. */
export type FetchFunction = (
  input: string | URL | Request,
  init?: RequestInit,
) => Promise<Response>;

/** The part of the WebSocket API used: the browser's `WebSocket` and `ws` both fit. */
export type WebSocketLike = {
  readonly readyState: number; // 0 connecting, 1 open, 2 closing, 3 closed
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
 * Creates viem's `http` transport, or a `custom` one over viem's socket RPC client (id
 * matching, timeouts, failing pending calls on a drop). viem's retries are off (the
 * client retries under the gateway's policy); errors become GatewayErrors here.
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
    async request(method, params): Promise<unknown> {
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
    async close(): Promise<void> {
      closed = true;
      await socket?.close();
    },
  };
}

/** An EIP-1193 provider over the socket, and its close. */
type SocketProvider = {
  request(args: { method: string; params?: unknown }): Promise<unknown>;
  close(): Promise<void>;
};
type SocketClient = SocketRpcClient<SocketState>;

// One socket at a time, opened by the first call and again by the next call after a
// drop. Calls pending on a dropped socket fail; they may have run, so none is resent.
function createSocket(
  options: TransportOptions & { kind: 'ws' },
): SocketProvider {
  const { url, timeoutMs } = options;
  const key = `snapnet-gateway-${Math.random()}`;
  let live: Promise<SocketClient> | undefined;
  // Forgets a connection (closing it removes it from viem's socket client cache).
  const forget = async (dropped?: Promise<SocketClient>): Promise<void> => {
    if (live === dropped) {
      live = undefined;
    }
    await dropped?.then((client) => client.close()).catch(() => undefined);
  };
  const connect = async (): Promise<SocketClient> => {
    if (!live) {
      const opening: Promise<SocketClient> = getSocketRpcClient({
        getSocket: async (handlers) =>
          openSocket(options, handlers, async () => forget(opening)),
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
    async request({ method, params }): Promise<unknown> {
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
    close: async () => forget(live),
  };
}

type RpcResponse = Parameters<GetSocketParameters['onResponse']>[0];
type SocketState = { readonly readyState: number };

// Opens one WebSocket and waits for it to open. A refused handshake becomes an
// HttpRequestError with the status `ws` reports, so that a wrong key is an AuthError.
async function openSocket(
  options: TransportOptions & { kind: 'ws' },
  handlers: GetSocketParameters,
  onDrop: () => Promise<void>,
): Promise<Socket<SocketState>> {
  const socket = new options.WebSocket(options.url);
  const describe = (message: unknown): string =>
    typeof message === 'string' ? message : 'WebSocket error';
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', resolve);
    socket.addEventListener('error', ({ message }) => {
      const text = describe(message);
      const status = /Unexpected server response: (\d{3})/u.exec(text)?.[1];
      const details = `${text} (${options.url})`;
      const code = status ? Number(status) : undefined;
      reject(new HttpRequestError({ url: options.url, details, status: code }));
    });
  });
  socket.addEventListener('message', ({ data }) => {
    try {
      const parsed: unknown = JSON.parse(String(data));
      if (is(parsed, JsonRpcResponseStruct)) {
        handlers.onResponse(parsed as RpcResponse);
      }
    } catch {
      // Not JSON: no call to answer.
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
    get readyState(): number {
      return socket.readyState;
    },
    close(): void {
      socket.close(1000);
      handlers.onClose();
    },
    request({ body }): void {
      socket.send(JSON.stringify(body));
    },
  };
}
