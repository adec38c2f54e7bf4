/**
 * `snapnet/testing`: end-to-end tests of a dapp against the real snapnet snap, without a
 * browser extension or a network. A simulated MetaMask runs the built snap in
 * `@metamask/snaps-simulation`, a fake Starknet node verifies what it sends, and
 * `exposeToPage` puts the wallet into a Playwright page. Node only; needs the optional
 * peers `@metamask/snaps-simulation` and `starknet` (and Playwright for `exposeToPage`).
 */
export type {
  ConfirmationDialog,
  DialogAnswer,
  DialogPolicy,
  DialogView,
} from './dialogs';
export { dialogText } from './dialogs';
export type {
  FakeNodeClient,
  FakeStarknetNode,
  FakeStarknetNodeOptions,
  FakeTransaction,
  FeltLike,
  FakePaymasterClient,
  FundedAccount,
  PaymasterMode,
  PaymasterRequest,
  StateView,
} from './node';
export { ETH, STRK, startFakeStarknetNode } from './node';
export type {
  AnnouncedWalletInfo,
  ExposeToPageOptions,
  PlaywrightPageLike,
} from './page';
export { exposeToPage } from './page';
export type {
  SimulatedWallet,
  SimulatedWalletOptions,
  WalletCall,
} from './wallet';
export { createSimulatedWallet, SNAPNET_SNAP_ID } from './wallet';
export type {
  KeyringEvent,
  MetaMaskAssets,
  MetaMaskKeyring,
  MetaMaskSide,
} from './metamask';
export { createMetaMaskSide } from './metamask';
export type { WireAnswer, WireError } from './wire';
export { ProviderRpcError } from './wire';
export type {
  InvokeHandler,
  SessionEngine,
  SessionEngineOptions,
} from './multichain/engine';
export { createSessionEngine } from './multichain/engine';
export type { InMemoryTransport } from './multichain/transport';
export { createInMemoryTransport } from './multichain/transport';
export { isMultichainError, MultichainError } from './multichain/errors';
