import type { Struct } from '@metamask/superstruct';

/**
 * What an action needs from the client: one way to send (with credits, retries and the
 * result check), a warning channel and the block gas limit for eth_call's cap.
 */
export type GatewayContext = {
  /**
   * Sends a call and checks its result.
   *
   * @throws {GatewayError} As the transport, the ledger or the result check say.
   */
  send<Result>(
    method: string,
    params: readonly unknown[],
    result: Struct<Result, unknown>,
  ): Promise<Result>;
  /** Reports something the caller should change but that does not stop the call. */
  warn(message: string): void;
  /** The current block gas limit, when known (given, or fetched once and cached). */
  blockGasLimit(): Promise<bigint | undefined>;
};
