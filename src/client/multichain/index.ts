export { createMultichainClient } from './client';
export type * from './engine';
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
export type * from './requests';
export type * from './types';
export {
  CreateSessionParamsStruct,
  CreateSessionResultStruct,
  GetSessionResultStruct,
  InvokeMethodParamsStruct,
  InvokeMethodResultStruct,
  ScopeObjectStruct,
  ScopeRequestStruct,
  SessionPropertiesStruct,
  SessionScopesStruct,
} from './requests';
