/**
 * get-starknet v5 discovery (`createStore`) over an installed snapnet wallet
 * (as a dapp finds it): the store wraps `window.starknet_snapnet` in its own
 * `StarknetInjectedWallet`,
 * which subscribes to it for good, then prefers the same-name standard wallet. A dapp
 * that connects through the store and listens to nothing must not cause polling.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';

import type { InstalledSnapnetWallet } from '../../src/client/wallet';
import { installSnapnetWallet } from '../../src/client/wallet';
import { createScriptedSnap, SEPOLIA, SNAP_ID } from './scriptedSnap';

/** The page's `window` for wallet-standard and get-starknet: the global, with events. */
const events = new EventTarget();
const page = {
  window: globalThis,
  addEventListener: events.addEventListener.bind(events),
  removeEventListener: events.removeEventListener.bind(events),
  dispatchEvent: events.dispatchEvent.bind(events),
};

describe('get-starknet v5 createStore', () => {
  let installed: InstalledSnapnetWallet | undefined;

  beforeAll(() => {
    Object.assign(globalThis, page);
  });

  afterAll(() => {
    installed?.dispose();
    jest.useRealTimers();
    for (const key of [...Object.keys(page), 'starknet_snapnet']) {
      Reflect.deleteProperty(globalThis, key);
    }
  });

  it('polls nothing for a dapp that connected through the store and listens to nothing', async () => {
    jest.useFakeTimers();
    const snap = createScriptedSnap();
    installed = installSnapnetWallet({
      snapId: SNAP_ID,
      provider: snap.provider,
      pollIntervalMs: 1000,
    });
    // Loaded after install, as a dapp's bundle would run after the wallet's script.
    const { createStore } = await import('@starknet-io/get-starknet-discovery');
    const store = createStore({ eip1193Adapters: [] });
    const wallets = store.getWallets();
    expect(wallets.map((wallet) => wallet.name)).toStrictEqual(['snapnet']);
    const [wallet] = wallets;
    if (!wallet) {
      throw new Error('the store found no wallet');
    }
    const { accounts } = await wallet.features['standard:connect'].connect();
    expect(
      accounts.map((account: { address: string }) => account.address),
    ).toStrictEqual([snap.state.accounts[SEPOLIA]]);
    const connected = snap.calls.length;
    await jest.advanceTimersByTimeAsync(3500);
    const requests = snap.calls
      .slice(connected)
      .filter((call) => call.startsWith('wallet_invokeSnap'));
    expect(requests.length).toBeLessThanOrEqual(1);
  });
});
