import type { Json } from '@metamask/utils';

import type { SessionEngine } from './engineTypes';
import { MultichainError, MultichainErrorCode } from './errors';

/** A request as the client hands it to a transport. */
export type TransportRequest = {
  /** The wallet method, e.g. `wallet_createSession`. */
  method: string;
  /** Its params; the wallet methods always take an object. */
  params?: Json;
};

/** Per-request options a transport accepts. */
export type TransportRequestOptions = {
  /** Milliseconds before the transport gives up on this request. */
  timeout?: number;
};

/**
 * The transport the client talks through. It is the shape of `Transport` in
 * `@metamask/multichain-api-client`, so a dapp passes that package's `getDefaultTransport()`
 * (externally_connectable on Chrome, window.postMessage elsewhere) unchanged.
 */
export type MultichainTransport = {
  /** Time allowed for the first request after connecting; see the upstream package. */
  warmupTimeout?: number;
  /** Opens the connection to the wallet. */
  connect: () => Promise<void>;
  /** Closes it; the upstream transports also forget every notification callback. */
  disconnect: () => Promise<void>;
  /** Whether the connection is open now (false after the extension port dropped). */
  isConnected: () => boolean;
  /**
   * Resolves with the JSON-RPC response (`{ id, jsonrpc, result }` or `{ id, jsonrpc,
   * error }`); throws only when the transport itself fails (not connected, timeout).
   */
  request: (
    request: TransportRequest,
    options?: TransportRequestOptions,
  ) => Promise<unknown>;
  /** Receives every pushed message (`{ jsonrpc, method, params }`); returns the remover. */
  onNotification: (callback: (data: unknown) => void) => () => void;
};

/** A MultichainTransport wired to a {@link SessionEngine}, with test controls. */
export type InMemoryTransport = MultichainTransport & {
  /**
   * Drops the connection as a closed extension port does: `isConnected()` turns false,
   * pushed notifications are lost, requests fail with 4900 until `connect()` is called.
   */
  simulateDisconnect: () => void;
  /** Every request that reached the wallet, in order, to assert what was (not) sent. */
  readonly requests: readonly TransportRequest[];
  /** How many times `connect()` was called. */
  readonly connectCount: number;
};

/**
 * Creates a transport that talks to a session engine in memory, behaving like the
 * MetaMask transports where it matters: responses are JSON-RPC envelopes (errors are
 * resolved, not thrown), notifications arrive only while connected, `disconnect()` drops
 * every notification callback and so does `connect()` on a connected transport (as the
 * window.postMessage transport does), so a client must subscribe again after connecting.
 * Request timeouts are accepted and ignored: the engine always answers.
 *
 * @param engine - The wallet-side engine to answer requests: {@link createSessionEngine},
 * or any other that answers requests and pushes notifications the same way.
 * @returns The transport.
 */
export function createInMemoryTransport(
  engine: Pick<SessionEngine, 'handleRequest' | 'subscribe'>,
): InMemoryTransport {
  const callbacks = new Set<(data: unknown) => void>();
  const requests: TransportRequest[] = [];
  let connected = false;
  let connectCount = 0;
  let nextId = 1;

  engine.subscribe((notification) => {
    if (connected) {
      for (const callback of [...callbacks]) {
        callback(notification);
      }
    }
  });

  /**
   * Answers one request through the engine, in a JSON-RPC envelope.
   *
   * @param message - The request.
   * @returns The response envelope.
   * @throws {MultichainError} 4900 when not connected, or disconnected meanwhile.
   */
  async function request(message: TransportRequest): Promise<unknown> {
    if (!connected) {
      throw new MultichainError(
        MultichainErrorCode.Disconnected,
        'Transport not connected',
      );
    }
    const id = nextId;
    nextId += 1;
    requests.push(message);
    const response = await engine.handleRequest(message);
    if (!connected) {
      throw new MultichainError(
        MultichainErrorCode.Disconnected,
        'Transport disconnected before the wallet answered',
      );
    }
    return { id, jsonrpc: '2.0', ...response };
  }

  const transport: InMemoryTransport = {
    /** Opens the connection; on an open one, forgets the callbacks first. */
    connect: async () => {
      if (connected) {
        callbacks.clear();
      }
      connected = true;
      connectCount += 1;
    },
    /** Closes the connection and forgets the callbacks. */
    disconnect: async () => {
      connected = false;
      callbacks.clear();
    },
    /** @returns Whether connected. */
    isConnected: () => connected,
    request,
    /**
     * @param callback - Receives pushed messages while connected.
     * @returns The remover.
     */
    onNotification: (callback) => {
      callbacks.add(callback);
      return () => {
        callbacks.delete(callback);
      };
    },
    /** Drops the connection, keeping the callbacks (like a closed port). */
    simulateDisconnect: () => {
      connected = false;
    },
    /** @returns A copy of the request log. */
    get requests() {
      return [...requests];
    },
    /** @returns The connect count. */
    get connectCount() {
      return connectCount;
    },
  };
  return transport;
}
