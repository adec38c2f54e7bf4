/**
 * Gateway client: typed JSON-RPC to a blockchain gateway over HTTP and WebSocket, with
 * input checks, a credit ledger, retries and typed errors (interface area A).
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

export type { FetchFunction } from './transport/http';
export type { WebSocketConstructor, WebSocketLike } from './transport/ws';
export type { BlockParameter, QuantityInput } from './validate';

export { EvmTransactionStruct } from './structs';
export type { BlockTag, EvmTransaction } from './structs';
export { CallObjectStruct } from './actions/call';
export type { CallObject } from './actions/call';
export {
  BlockProductionResultStruct,
  GetBlockProductionConfigStruct,
} from './actions/getBlockProduction';
export type {
  BlockProductionResult,
  GetBlockProductionConfig,
} from './actions/getBlockProduction';
export { UncleBlockStruct } from './actions/getUncleByBlockHashAndIndex';
export type { UncleBlock } from './actions/getUncleByBlockHashAndIndex';
export {
  SimulateTransactionConfigStruct,
  SimulationResultStruct,
} from './actions/simulateTransaction';
export type {
  SimulateTransactionConfig,
  SimulationResult,
} from './actions/simulateTransaction';
