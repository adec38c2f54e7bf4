export { createMultichainClient } from './client';
export type { SnapnetErrorOptions } from '../errors';
export { isSnapnetError, SnapnetError } from '../errors';
export {
  isMultichainError,
  MultichainError,
  MultichainErrorCode,
} from './errors';
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
export type * from './types';
