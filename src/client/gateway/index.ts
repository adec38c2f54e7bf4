/**
 * Gateway client: typed JSON-RPC to a blockchain gateway over viem's HTTP and WebSocket
 * transports, with input checks, a credit ledger, retries and typed errors (interface
 * area A).
 */
export {
  createGatewayClient,
  type GatewayClient,
  type GatewayClientOptions,
} from './client';
export * from './errors';
export * from './revert';
export {
  createCreditLedger,
  METHOD_CREDITS,
  utcDay,
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
export { DEFAULT_RETRY, type RetryOptions } from './classify';
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
  type CallObject,
  type EvmTransaction,
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
