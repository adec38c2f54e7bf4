/**
 * Gateway client: typed JSON-RPC to a blockchain gateway over viem's HTTP and WebSocket
 * transports, with input checks, a credit ledger, retries and typed errors (interface
 * area A).
 */
export { createGatewayClient } from './client';
export type { GatewayClient, GatewayClientOptions } from './client';

export {
  AuthError,
  ConfigurationError,
  ExecutionRevertedError,
  GatewayError,
  HttpError,
  InvalidParamsError,
  InvalidResponseError,
  LocalErrorCode,
  MethodNotFoundError,
  QuotaExceededError,
  RateLimitError,
  ServerError,
  TimeoutError,
  TransportClosedError,
} from './errors';
export type { GatewayErrorOptions } from './errors';

export {
  decodeRevertData,
  describeRevert,
  ERROR_SELECTOR,
  PANIC_NAMES,
  PANIC_SELECTOR,
} from './revert';
export type { RevertReason } from './revert';

export { createCreditLedger, METHOD_CREDITS, utcDay } from './credits';
export type { CreditBalance, CreditLedger, CreditReservation } from './credits';

export { GATEWAY_NETWORKS } from './networks';
export type { ChainFamily, GatewayNetwork, NetworkPreset } from './networks';

export { DEFAULT_RETRY } from './retry';
export type { RetryOptions } from './retry';

export type {
  FetchFunction,
  WebSocketConstructor,
  WebSocketLike,
} from './transport';
export type { BlockParameter, BlockTag, QuantityInput } from './structs';

export {
  CallObjectStruct,
  EvmTransactionStruct,
  UncleBlockStruct,
} from './evm';
export type { CallObject, EvmTransaction, UncleBlock } from './evm';
export {
  BlockProductionResultStruct,
  GetBlockProductionConfigStruct,
  SimulateTransactionConfigStruct,
  SimulationResultStruct,
} from './solana';
export type {
  BlockProductionResult,
  GetBlockProductionConfig,
  SimulateTransactionConfig,
  SimulationResult,
} from './solana';
