/**
 * Gateway client: typed JSON-RPC to a blockchain gateway over viem's HTTP and WebSocket
 * transports, with input checks, a credit ledger, retries and typed errors.
 */
export {
  createGatewayClient,
  type GatewayClient,
  type GatewayClientOptions,
} from './client';
export {
  AuthError,
  ConfigurationError,
  ExecutionRevertedError,
  GatewayError,
  HttpError,
  InvalidResponseError,
  LocalErrorCode,
  QuotaExceededError,
  RateLimitError,
  ServerError,
  TimeoutError,
  TransportClosedError,
  type GatewayErrorOptions,
} from './errors';
// The gateway's -32602 / -32601 classes; `isSnapnetError(error, -32602)` matches every
// client's refusal.
export {
  GatewayInvalidParams as InvalidParamsError,
  GatewayMethodNotFound as MethodNotFoundError,
} from './errors';
export { isSnapnetError } from '../errors';
export * from './revert';
export * from './credits';
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
  type WebSocketConstructor,
  type WebSocketLike,
} from './transport';
export {
  CallObjectStruct,
  EvmTransactionStruct,
  UncleBlockStruct,
  type BlockParameter,
  type BlockTag,
  type CallObject,
  type EvmTransaction,
  type QuantityInput,
  type UncleBlock,
} from './evm';
export {
  BlockProductionResultStruct,
  GetBlockProductionConfigStruct,
  SimulateTransactionConfigStruct,
  SimulationResultStruct,
  type BlockProductionResult,
  type GetBlockProductionConfig,
  type SimulateTransactionConfig,
  type SimulationResult,
} from './solana';
