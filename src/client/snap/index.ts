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
  SnapnetClient,
  SnapnetClientBase,
  SnapnetClientOptions,
} from './client';
export { createSnapnetClient } from './client';
export type { DiscoveryOptions } from './discovery';
export {
  DEFAULT_DISCOVERY_TIMEOUT_MS,
  discoverProvider,
  discoverProviders,
  isEip1193Provider,
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
  MethodNotFoundError,
  NodeError,
  NotFoundError,
  NotSupportedError,
  ProviderNotFoundError,
  SnapNotInstalledError,
  SnapnetError,
  SnapnetErrorCode,
  toSnapnetError,
  UserRejectedError,
} from './errors';
export type {
  Eip1193Provider,
  Eip6963ProviderDetail,
  Eip6963ProviderInfo,
  InstalledSnap,
  MethodFunction,
  ParamsOf,
  ResultOf,
  ShortName,
  SnapMethod,
  SnapnetMethods,
  SnapnetRequest,
} from './types';
export { METHOD_PREFIX } from './types';
