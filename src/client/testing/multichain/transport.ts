import type {
  Transport,
  TransportRequest,
  TransportResponse,
} from '@metamask/multichain-api-client';

import type { SessionEngine } from './engine';
import { MultichainError, MultichainErrorCode } from './errors';
import { subscribe } from './session';

/** An upstream `Transport` wired to a {@link SessionEngine}, with test controls. */
export type InMemoryTransport = Transport & {
  /** Drops the connection like a closed extension port: requests fail with 4900. */
  simulateDisconnect: () => void;
  /** Every request that reached the wallet, in order. */
  readonly requests: readonly TransportRequest[];
  readonly connectCount: number;
};

/**
 * Creates a transport to a session engine that behaves like MetaMask's where it matters:
 * JSON-RPC envelopes (errors resolved, not thrown), notifications only while connected,
 * callbacks dropped by `disconnect()` and by `connect()` on a connected transport (as the
 * window.postMessage one does), so a client must subscribe again. Timeouts are ignored.
 *
 * @param engine - {@link createSessionEngine}, or any engine answering the same way.
 * @returns The transport, a plain object (a test may spread it and replace a member).
 */
export function createInMemoryTransport(
  engine: Pick<SessionEngine, 'handleRequest' | 'subscribe'>,
): InMemoryTransport {
  const callbacks = new Set<(data: unknown) => void>();
  const requests: TransportRequest[] = [];
  let connected = false;
  let connectCount = 0;
  const disconnected = (message: string): MultichainError =>
    new MultichainError(MultichainErrorCode.Disconnected, message);
  // Upstream's `request` lets the caller name the response type; what comes back is the
  // engine's JSON-RPC envelope, as MetaMask answers it.
  async function request<
    Request extends TransportRequest,
    Response extends TransportResponse,
  >(sent: Request): Promise<Response> {
    if (!connected) {
      throw disconnected('Transport not connected');
    }
    requests.push(sent);
    const response = await engine.handleRequest(sent);
    if (!connected) {
      throw disconnected('Transport disconnected before the wallet answered');
    }
    const envelope = { id: requests.length, jsonrpc: '2.0', ...response };
    return envelope as Response;
  }
  engine.subscribe((notification) => {
    for (const listener of connected ? [...callbacks] : []) {
      listener(notification);
    }
  });
  return {
    connect: async (): Promise<void> => {
      if (connected) {
        callbacks.clear();
      }
      connected = true;
      connectCount += 1;
    },
    disconnect: async (): Promise<void> => {
      connected = false;
      callbacks.clear();
    },
    isConnected: () => connected,
    request,
    onNotification: (callback) => subscribe(callbacks, callback),
    simulateDisconnect: (): void => {
      connected = false;
    },
    get requests(): readonly TransportRequest[] {
      return [...requests];
    },
    get connectCount(): number {
      return connectCount;
    },
  };
}
