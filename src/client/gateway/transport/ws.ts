import type { Json } from '@metamask/utils';

import {
  errorFromHttp,
  GatewayError,
  InvalidResponseError,
  TimeoutError,
  TransportClosedError,
} from '../errors';
import { encodeRequest, parseResponse, unwrapResponse } from './envelope';
import type { Transport } from './types';

/** A `message` event. */
export type MessageEventLike = {
  /** The message: a string for text frames. */
  data: unknown;
};

/** An `error` event; `ws` (not browsers) says why in `message`. */
export type ErrorEventLike = {
  /** 'error'. */
  type: string;
  /** E.g. "Unexpected server response: 401" for a refused handshake. */
  message?: unknown;
};

/** A `close` event. */
export type CloseEventLike = {
  /** The close code (1000 normal, 1006 abnormal, …). */
  code: number;
  /** The close reason. */
  reason: string;
};

/**
 * The part of the WebSocket API the client uses. The browser's `WebSocket` and the `ws`
 * package both fit, so Node (which before v22 has no global WebSocket) injects `ws`.
 */
export type WebSocketLike = {
  /** 0 connecting, 1 open, 2 closing, 3 closed. */
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: 'open', listener: () => void): void;
  addEventListener(
    type: 'message',
    listener: (event: MessageEventLike) => void,
  ): void;
  addEventListener(
    type: 'close',
    listener: (event: CloseEventLike) => void,
  ): void;
  addEventListener(
    type: 'error',
    listener: (event: ErrorEventLike) => void,
  ): void;
};

/** A WebSocket constructor: `globalThis.WebSocket` or `ws`. */
export type WebSocketConstructor = new (url: string) => WebSocketLike;

/** Options of {@link createWsTransport}. */
export type WsTransportOptions = {
  /** `{ws_url}/ws/v3/<API_KEY>`. */
  url: string;
  /** The constructor to open sockets with (named like the global it replaces). */
  // eslint-disable-next-line @typescript-eslint/naming-convention
  WebSocket: WebSocketConstructor;
  /** Time for one call, connecting included. */
  timeoutMs: number;
};

/** A call waiting for its answer. */
type Pending = {
  /** The method, for messages. */
  method: string;
  /** Settles the call with its result. */
  resolve: (result: Json) => void;
  /** Settles the call with an error. */
  reject: (error: GatewayError) => void;
};

/** One socket and the calls that depend on it. */
type Connection = {
  /** The socket. */
  socket: WebSocketLike;
  /** Calls sent (or queued) on this socket and not yet answered, by request id. */
  pending: Map<number, Pending>;
  /** Envelopes waiting for the socket to open, by request id. */
  queue: Map<number, string>;
  /** What the last `error` event said (ws reports a refused handshake's status there). */
  lastError: string | undefined;
};

const CONNECTING = 0;
const OPEN = 1;
const CLOSED = 3;
const NORMAL_CLOSURE = 1000;

/**
 * Creates the WebSocket transport. Answers are matched to calls by id. The socket opens
 * on the first call; when it drops, every call pending on it fails with
 * TransportClosedError (the gateway may or may not have run it, so it is not resent)
 * and the next call opens a new socket.
 *
 * @param options - Transport options.
 * @returns The transport.
 */
export function createWsTransport(options: WsTransportOptions): Transport {
  const { url, WebSocket: Socket, timeoutMs } = options;
  let nextId = 1;
  let current: Connection | undefined;
  let closedByClient = false;

  /**
   * The live connection, or a new one when there is none or it is closing.
   *
   * @returns The connection.
   */
  function connect(): Connection {
    if (current && current.socket.readyState <= OPEN) {
      return current;
    }
    const connection: Connection = {
      socket: new Socket(url),
      pending: new Map(),
      queue: new Map(),
      lastError: undefined,
    };
    const { socket } = connection;
    socket.addEventListener('open', () => {
      for (const text of connection.queue.values()) {
        socket.send(text);
      }
      connection.queue.clear();
    });
    socket.addEventListener('message', (event) => {
      settleAnswer(connection, event.data);
    });
    socket.addEventListener('error', (event) => {
      connection.lastError =
        typeof event.message === 'string' ? event.message : 'WebSocket error';
    });
    socket.addEventListener('close', (event) => {
      if (current === connection) {
        current = undefined;
      }
      failPending(connection, event.code, event.reason);
    });
    current = connection;
    return connection;
  }

  return {
    kind: 'ws',

    /**
     * Sends one call on the live socket (opening one if needed).
     *
     * @param method - The method.
     * @param params - The params array.
     * @returns The result.
     */
    async request(method, params): Promise<Json> {
      if (closedByClient) {
        throw new TransportClosedError(`${method}: the client was closed`, {
          method,
          code: NORMAL_CLOSURE,
        });
      }
      const id = nextId;
      nextId += 1;
      const connection = connect();
      const text = encodeRequest(id, method, params);
      return new Promise<Json>((resolve, reject) => {
        const timer = setTimeout(() => {
          connection.pending.delete(id);
          connection.queue.delete(id);
          reject(
            new TimeoutError(`${method}: no answer within ${timeoutMs} ms`, {
              method,
            }),
          );
        }, timeoutMs);
        connection.pending.set(id, {
          method,
          resolve: settleWith(timer, resolve),
          reject: settleWith(timer, reject),
        });
        if (connection.socket.readyState === CONNECTING) {
          connection.queue.set(id, text);
        } else {
          connection.socket.send(text);
        }
      });
    },

    /**
     * Closes the socket; pending calls fail with TransportClosedError, later calls too.
     */
    async close(): Promise<void> {
      closedByClient = true;
      const connection = current;
      if (!connection) {
        return;
      }
      current = undefined;
      failPending(connection, NORMAL_CLOSURE, 'closed by the client');
      await new Promise<void>((resolve) => {
        connection.socket.addEventListener('close', () => resolve());
        connection.socket.close(NORMAL_CLOSURE);
        if (connection.socket.readyState === CLOSED) {
          resolve();
        }
      });
    },
  };
}

/**
 * Settles the pending call an incoming message answers. Messages that are not answers
 * to a pending call (notifications, late answers after a timeout) are ignored.
 *
 * @param connection - The connection the message came on.
 * @param data - The message data.
 */
function settleAnswer(connection: Connection, data: unknown): void {
  if (typeof data !== 'string') {
    return;
  }
  const response = parseResponse(data);
  if (typeof response?.id !== 'number') {
    return;
  }
  const pending = connection.pending.get(response.id);
  if (!pending) {
    return;
  }
  connection.pending.delete(response.id);
  let result: Json;
  try {
    result = unwrapResponse(response, response.id, pending.method);
  } catch (error) {
    pending.reject(
      error instanceof GatewayError
        ? error
        : new InvalidResponseError(`${pending.method}: unreadable answer`, {
            method: pending.method,
            cause: error,
          }),
    );
    return;
  }
  pending.resolve(result);
}

/**
 * Fails every call pending on a connection that closed. A handshake the server refused
 * with an HTTP status (reported by `ws` in the error event) maps like an HTTP answer, so
 * a wrong key gives AuthError over WebSocket too.
 *
 * @param connection - The closed connection.
 * @param code - The close code.
 * @param reason - The close reason.
 */
function failPending(
  connection: Connection,
  code: number,
  reason: string,
): void {
  const refused = /Unexpected server response: (\d{3})/u.exec(
    connection.lastError ?? '',
  );
  const detail = reason ? `code ${code}, ${reason}` : `code ${code}`;
  for (const { method, reject } of connection.pending.values()) {
    reject(
      refused?.[1]
        ? errorFromHttp({
            status: Number(refused[1]),
            method,
            text: refused[0],
          })
        : new TransportClosedError(
            `${method}: WebSocket closed before the answer (${detail})`,
            {
              method,
              code,
              cause:
                connection.lastError === undefined
                  ? undefined
                  : new Error(connection.lastError),
            },
          ),
    );
  }
  connection.pending.clear();
  connection.queue.clear();
}

/**
 * Wraps a promise settler so that settling also stops the call's timer.
 *
 * @param timer - The call's timeout timer.
 * @param settle - `resolve` or `reject`.
 * @returns The wrapped settler.
 */
function settleWith<Value>(
  timer: ReturnType<typeof setTimeout>,
  settle: (value: Value) => void,
): (value: Value) => void {
  return (value) => {
    clearTimeout(timer);
    settle(value);
  };
}
