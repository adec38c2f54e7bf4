import type { Json } from '@metamask/utils';

/**
 * Carries one JSON-RPC call to the gateway and back. Transports map every failure to a
 * GatewayError; retries, credits and result checks live above them, once for both.
 */
export type Transport = {
  /** Which transport this is. */
  readonly kind: 'http' | 'ws';
  /**
   * Sends one call.
   *
   * @returns The `result` member of the answer.
   * @throws {GatewayError} For a JSON-RPC error, an HTTP refusal, a timeout or a drop.
   */
  request(method: string, params: readonly unknown[]): Promise<Json>;
  /** Releases the connection, failing calls still pending. */
  close(): Promise<void>;
};
