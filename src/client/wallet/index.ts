export type { WalletApiErrorName } from './errors';
export {
  isStarknetWalletApiError,
  StarknetWalletApiError,
  toWalletApiError,
  WALLET_API_ERROR_CODES,
} from './errors';
export { SUPPORTED_SPECS, SUPPORTED_WALLET_API } from './versions';
export { SNAPNET_ICON } from './icon';
export type { InstalledSnapnetWallet } from './install';
export { installSnapnetWallet } from './install';
export { DEFAULT_POLL_INTERVAL_MS, MIN_POLL_INTERVAL_MS } from './session';
export type { SnapnetWallet, SnapnetWalletOptions } from './wallet';
export { createSnapnetWallet, SNAPNET_WALLET_ID } from './wallet';
export type { StarknetFeatures, StarknetStandardWallet } from './standard';
export { createStandardWallet } from './standard';
