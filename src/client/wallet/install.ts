import { registerWallet } from '@wallet-standard/wallet';

import { createSnapnetClient } from '../snap';
import type { StarknetStandardWallet } from './standard';
import { createStandardWallet } from './standard';
import type { SnapnetWallet, SnapnetWalletOptions } from './wallet';
import { createWalletFace, SNAPNET_WALLET_ID } from './wallet';

/** What {@link installSnapnetWallet} made discoverable. */
export type InstalledSnapnetWallet = {
  /** The wallet-API object, also at `window.starknet_<id>`. */
  wallet: SnapnetWallet;
  /** The Wallet Standard wallet (`starknet:walletApi`, `standard:*`), its own session. */
  standardWallet: StarknetStandardWallet;
  /** Stops both faces' polling for good. */
  dispose(): void;
};

/**
 * Makes the snapnet wallet discoverable by dapps that never heard of it, both ways they
 * look: at `window.starknet_snapnet` (get-starknet v4 and older scan `window.starknet*`)
 * and as a Wallet Standard wallet with the `starknet:walletApi`, `standard:connect`,
 * `standard:disconnect` and `standard:events` features on Starknet mainnet and Sepolia
 * (get-starknet v5, starknet.js `WalletAccountV5`/`V6`). The two faces share the snap
 * client but each has its own session (chain, events, polling): a dapp uses one, and
 * the other must neither poll for it nor tell it about changes it did not see.
 *
 * @param options - As for `createSnapnetWallet`.
 * @param target - Where to put `starknet_<id>` (default: `globalThis`, the page's `window`).
 * @returns The wallet object and its Wallet Standard form.
 */
export function installSnapnetWallet(
  options: SnapnetWalletOptions,
  target: object = globalThis,
): InstalledSnapnetWallet {
  const client = createSnapnetClient(options);
  const { wallet } = createWalletFace(options, client, false);
  const standardWallet = createStandardWallet(options, client);
  Reflect.set(target, `starknet_${options.id ?? SNAPNET_WALLET_ID}`, wallet);
  registerWallet(standardWallet);
  return {
    wallet,
    standardWallet,
    dispose: (): void => {
      wallet.dispose();
      standardWallet.dispose();
    },
  };
}
