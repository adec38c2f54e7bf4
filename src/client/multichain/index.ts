export { createMultichainClient } from './client';
export type {
  EngineNotification,
  EngineResponse,
  InvokeHandler,
  SessionEngine,
  SessionEngineOptions,
  SessionProposal,
  SupportedScope,
} from './engine';
export { createSessionEngine } from './engine';
export type { SnapnetErrorOptions } from '../errors';
export { InvalidParamsError, SnapnetError } from '../errors';
export type { MultichainErrorObject } from './errors';
export {
  MULTICHAIN_ERROR_MESSAGES,
  MultichainError,
  MultichainErrorCode,
} from './errors';
export type { NormalizedScope } from './scopes';
export {
  fromStarknetChainId,
  normalizeStarknetAddress,
  parseStarknetAccountId,
  STARKNET_MAINNET,
  STARKNET_NAMESPACE,
  STARKNET_SEPOLIA,
  toStarknetAccountId,
  toStarknetChainId,
} from './starknet';
export type { StarknetAccount } from './starknet';
export type { InMemoryTransport } from './transport';
export { createInMemoryTransport } from './transport';
export type {
  CreateSessionParams,
  CreateSessionResult,
  GetSessionResult,
  InvokeMethod,
  InvokeMethodParams,
  InvokeMethodResult,
  MultichainClient,
  MultichainClientOptions,
  MultichainTransport,
  ScopeObject,
  ScopeRequest,
  ScopeString,
  Session,
  SessionChangedEvent,
  SessionProperties,
  SessionScopes,
  SessionState,
  SnapnetRpcApi,
  StarknetRpc,
  TransportRequest,
  TransportRequestOptions,
  TypedInvokeParams,
  TypedInvokeResult,
  TypedScope,
  WalletNotifyEvent,
} from './types';
export {
  CreateSessionResultStruct,
  GetSessionResultStruct,
  InvokeMethodResultStruct,
  ScopeObjectStruct,
  SessionPropertiesStruct,
  SessionScopesStruct,
} from './types';
export {
  CreateSessionParamsStruct,
  InvokeMethodParamsStruct,
  ScopeRequestStruct,
} from './requests';
