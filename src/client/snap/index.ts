export type { StarknetAccount } from './accountIds';
export {
  parseAccountId,
  STARKNET_CHAIN_IDS,
  STARKNET_MAINNET,
  STARKNET_SEPOLIA,
  toAccountId,
  toCaipChainId,
} from './accountIds';
export type {
  InstalledSnap,
  SnapnetClient,
  SnapnetClientBase,
  SnapnetClientOptions,
} from './client';
export { createSnapnetClient } from './client';
export type {
  DiscoveryOptions,
  Eip1193Provider,
  Eip6963ProviderDetail,
  Eip6963ProviderInfo,
} from './discovery';
export {
  discoverProvider,
  discoverProviders,
  METAMASK_RDNS,
} from './discovery';
export type { FeltInput, U256 } from './encoding';
export {
  bigIntToFelt,
  bigIntToU256,
  erc20TransferCall,
  feltToBigInt,
  formatTokenAmount,
  parseTokenAmount,
  signatureFromArray,
  signatureToArray,
  u256ToBigInt,
} from './encoding';
export type { SnapnetErrorOptions } from './errors';
export {
  InvalidParamsError,
  InvalidResultError,
  isNodeError,
  isSnapnetError,
  isSnapNotInstalledError,
  MethodNotFoundError,
  NodeError,
  NotFoundError,
  NotSupportedError,
  ProviderNotFoundError,
  SnapnetError,
  SnapnetErrorCode,
  SnapNotInstalledError,
  UserRejectedError,
} from './errors';
export type {
  MethodFunction,
  ParamsOf,
  ResultOf,
  ShortName,
  SnapMethod,
  SnapnetMethods,
  SnapnetRequest,
} from './types';
