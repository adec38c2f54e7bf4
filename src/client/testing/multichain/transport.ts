import { MultichainError, MultichainErrorCode } from '../../multichain/errors';
import { subscribe } from '../../multichain/session';
import type {
  MultichainTransport,
  TransportRequest,
} from '../../multichain/types';
import type { SessionEngine } from './engine';

/** A MultichainTransport wired to a {@link SessionEngine}, with test controls. */
export type InMemoryTransport = MultichainTransport & {
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
  engine.subscribe((notification) => {
    for (const callback of connected ? [...callbacks] : []) {
      callback(notification);
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
    request: async (request): Promise<unknown> => {
      if (!connected) {
        throw disconnected('Transport not connected');
      }
      requests.push(request);
      const response = await engine.handleRequest(request);
      if (!connected) {
        throw disconnected('Transport disconnected before the wallet answered');
      }
      return { id: requests.length, jsonrpc: '2.0', ...response };
    },
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
