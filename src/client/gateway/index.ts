/**
 * Gateway client: typed JSON-RPC to a blockchain gateway over viem's `http` and
 * `webSocket` transports, with input checks, a credit ledger and retries. It throws its
 * own class only for what a caller branches on (auth, quota, rate limit, a revert with its
 * reason); every other failure is viem's own error (`HttpRequestError`, `TimeoutError`, …)
 * or a shared snapnet one (`InvalidParamsError` for inputs refused before sending).
 */
export { createGatewayClient, type GatewayClient } from './client';
export type { GatewayClientOptions } from './types';
export {
  AuthError,
  isGatewayRefusal,
  QuotaExceededError,
  RateLimitError,
} from './errors';
export { ExecutionRevertedError } from './revert';
export { InvalidParamsError, isSnapnetError } from '../errors';
export {
  createCreditLedger,
  METHOD_CREDITS,
  type CreditBalance,
  type CreditLedger,
  type CreditReservation,
} from './credits';
export {
  GATEWAY_NETWORKS,
  type ChainFamily,
  type GatewayNetwork,
  type NetworkPreset,
} from './networks';
export {
  DEFAULT_RETRY,
  type FetchFunction,
  type RetryOptions,
} from './transport';
export type {
  BlockParameter,
  BlockTag,
  CallObject,
  EvmTransaction,
  QuantityInput,
  UncleBlock,
} from './evm';
export type {
  BlockProductionResult,
  GetBlockProductionConfig,
  SimulateTransactionConfig,
  SimulationResult,
} from './solana';
