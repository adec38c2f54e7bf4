import type { Json } from '@metamask/utils';

import type { SessionEngine } from './engineTypes';
import { MultichainError, MultichainErrorCode } from './errors';
import { subscribe } from './session';

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

/** The in-memory transport; see {@link createInMemoryTransport}. */
class EngineTransport {
  readonly #engine: Pick<SessionEngine, 'handleRequest' | 'subscribe'>;

  readonly #callbacks = new Set<(data: unknown) => void>();

  readonly #requests: TransportRequest[] = [];

  #connected = false;

  #connectCount = 0;

  #nextId = 1;

  constructor(engine: Pick<SessionEngine, 'handleRequest' | 'subscribe'>) {
    this.#engine = engine;
    engine.subscribe((notification) => {
      if (this.#connected) {
        for (const callback of [...this.#callbacks]) {
          callback(notification);
        }
      }
    });
  }

  /** @returns A copy of the request log. */
  get requests(): readonly TransportRequest[] {
    return [...this.#requests];
  }

  /** @returns The connect count. */
  get connectCount(): number {
    return this.#connectCount;
  }

  /** Opens the connection; on an open one, forgets the callbacks first. */
  async connect(): Promise<void> {
    if (this.#connected) {
      this.#callbacks.clear();
    }
    this.#connected = true;
    this.#connectCount += 1;
  }

  /** Closes the connection and forgets the callbacks. */
  async disconnect(): Promise<void> {
    this.#connected = false;
    this.#callbacks.clear();
  }

  /** @returns Whether connected. */
  isConnected(): boolean {
    return this.#connected;
  }

  /**
   * Answers one request through the engine, in a JSON-RPC envelope.
   *
   * @param message - The request.
   * @returns The response envelope.
   * @throws {MultichainError} 4900 when not connected, or disconnected meanwhile.
   */
  async request(message: TransportRequest): Promise<unknown> {
    if (!this.#connected) {
      throw new MultichainError(
        MultichainErrorCode.Disconnected,
        'Transport not connected',
      );
    }
    const id = this.#nextId;
    this.#nextId += 1;
    this.#requests.push(message);
    const response = await this.#engine.handleRequest(message);
    if (!this.#connected) {
      throw new MultichainError(
        MultichainErrorCode.Disconnected,
        'Transport disconnected before the wallet answered',
      );
    }
    return { id, jsonrpc: '2.0', ...response };
  }

  /**
   * @param callback - Receives pushed messages while connected.
   * @returns The remover.
   */
  onNotification(callback: (data: unknown) => void): () => void {
    return subscribe(this.#callbacks, callback);
  }

  /** Drops the connection, keeping the callbacks (like a closed port). */
  simulateDisconnect(): void {
    this.#connected = false;
  }
}

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
  const transport = new EngineTransport(engine);
  // A plain object of bound functions, so a test can spread it and replace one member.
  return {
    connect: async () => transport.connect(),
    disconnect: async () => transport.disconnect(),
    isConnected: () => transport.isConnected(),
    request: async (message) => transport.request(message),
    onNotification: (callback) => transport.onNotification(callback),
    simulateDisconnect: () => transport.simulateDisconnect(),
    get requests(): readonly TransportRequest[] {
      return transport.requests;
    },
    get connectCount(): number {
      return transport.connectCount;
    },
  };
}
