import { registerWallet } from '@wallet-standard/wallet';

import type { StarknetStandardWallet } from './standard';
import { createStandardWallet } from './standard';
import type { SnapnetWallet, SnapnetWalletOptions } from './wallet';
import { createSnapnetWallet, SNAPNET_WALLET_ID } from './wallet';

/** What {@link installSnapnetWallet} made discoverable. */
export type InstalledSnapnetWallet = {
  /** The wallet-API object, also at `window.starknet_<id>`. */
  wallet: SnapnetWallet;
  /** The same wallet as a Wallet Standard wallet (`starknet:walletApi`, `standard:*`). */
  standardWallet: StarknetStandardWallet;
};

/**
 * Makes the snapnet wallet discoverable by dapps that never heard of it, both ways they
 * look: at `window.starknet_snapnet` (get-starknet v4 and older scan `window.starknet*`)
 * and as a Wallet Standard wallet with the `starknet:walletApi`, `standard:connect`,
 * `standard:disconnect` and `standard:events` features on Starknet mainnet and Sepolia
 * (get-starknet v5, starknet.js `WalletAccountV5`/`V6`), both backed by the same
 * wallet object.
 *
 * @param options - As for {@link createSnapnetWallet}.
 * @param target - Where to put `starknet_<id>` (default: `globalThis`, the page's `window`).
 * @returns The wallet object and its Wallet Standard form.
 */
export function installSnapnetWallet(
  options: SnapnetWalletOptions,
  target: object = globalThis,
): InstalledSnapnetWallet {
  const wallet = createSnapnetWallet(options);
  const standardWallet = createStandardWallet(wallet);
  Reflect.set(target, `starknet_${options.id ?? SNAPNET_WALLET_ID}`, wallet);
  registerWallet(standardWallet);
  return { wallet, standardWallet };
}
