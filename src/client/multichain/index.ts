export { createMultichainClient } from './client';
export { MultichainErrorCode } from './errors';
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
