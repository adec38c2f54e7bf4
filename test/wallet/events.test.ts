import {
  afterEach,
  beforeEach,
  describe,
  expect,
  it,
  jest,
} from '@jest/globals';

import { createSnapnetWallet } from '../../src/client/wallet';
import { createScriptedSnap, MAINNET, SEPOLIA, SNAP_ID } from './scriptedSnap';
import { ProviderRpcError } from 'snapnet/testing';

/**
 * Lets pending promise callbacks run (the provider answers asynchronously).
 */
async function settle(): Promise<void> {
  for (let round = 0; round < 20; round++) {
    await Promise.resolve();
  }
}

/**
 * A connected wallet object over a scripted snap, polling every second.
 *
 * @returns Both.
 */
async function connectedWallet(): Promise<{
  wallet: ReturnType<typeof createSnapnetWallet>;
  snap: ReturnType<typeof createScriptedSnap>;
  polls: () => number;
}> {
  const snap = createScriptedSnap();
  const wallet = createSnapnetWallet({
    snapId: SNAP_ID,
    provider: snap.provider,
    pollIntervalMs: 1000,
  });
  await wallet.request({ type: 'wallet_requestAccounts' });
  const polls = (): number =>
    snap.calls.filter(
      (call) => call === 'wallet_invokeSnap:snapnet_getCurrentAccount',
    ).length;
  return { wallet, snap, polls };
}

describe('wallet events', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  it('fires networkChanged at once for a switch made through the adapter', async () => {
    const { wallet, snap } = await connectedWallet();
    const network = jest.fn();
    wallet.on('networkChanged', network);
    await wallet.request({
      type: 'wallet_switchStarknetChain',
      params: { chainId: MAINNET },
    });
    expect(network).toHaveBeenCalledTimes(1);
    expect(network).toHaveBeenCalledWith(MAINNET, [
      snap.state.accounts[MAINNET],
    ]);
    wallet.off('networkChanged', network);
  });

  it('polls at most once a second while listened to, sees outside changes, stops on off', async () => {
    const { wallet, snap, polls } = await connectedWallet();
    const start = polls();
    await jest.advanceTimersByTimeAsync(5000);
    expect(polls()).toBe(start);

    const accounts = jest.fn();
    const network = jest.fn();
    wallet.on('accountsChanged', accounts);
    wallet.on('networkChanged', network);
    await jest.advanceTimersByTimeAsync(999);
    expect(polls()).toBe(start);
    await jest.advanceTimersByTimeAsync(1);
    await settle();
    expect(polls()).toBe(start + 1);
    expect(accounts).not.toHaveBeenCalled();

    // The user picks another account on the home page.
    const other = `0x00${'c'.repeat(62)}`;
    snap.state.accounts[SEPOLIA] = other;
    await jest.advanceTimersByTimeAsync(1000);
    expect(accounts).toHaveBeenCalledWith([other]);

    // Another dapp switches the network.
    snap.state.chainId = MAINNET;
    await jest.advanceTimersByTimeAsync(1000);
    expect(network).toHaveBeenCalledWith(MAINNET, [
      snap.state.accounts[MAINNET],
    ]);

    const beforeTen = polls();
    await jest.advanceTimersByTimeAsync(10_000);
    expect(polls() - beforeTen).toBeLessThanOrEqual(10);
    expect(polls() - beforeTen).toBeGreaterThanOrEqual(9);

    wallet.off('accountsChanged', accounts);
    wallet.off('networkChanged', network);
    const stopped = polls();
    await jest.advanceTimersByTimeAsync(10_000);
    expect(polls()).toBe(stopped);
    expect(
      snap.calls.filter((call) => call === 'wallet_requestSnaps'),
    ).toHaveLength(1);
  });

  it('never polls while the dapp is not connected', async () => {
    const snap = createScriptedSnap();
    const wallet = createSnapnetWallet({
      snapId: SNAP_ID,
      provider: snap.provider,
    });
    wallet.on('accountsChanged', jest.fn());
    await wallet.request({ type: 'wallet_getPermissions' });
    await jest.advanceTimersByTimeAsync(10_000);
    expect(snap.calls.every((call) => call === 'wallet_getSnaps')).toBe(true);
  });

  it('reports a revoked connection once and stops polling', async () => {
    const { wallet, snap, polls } = await connectedWallet();
    const accounts = jest.fn();
    wallet.on('accountsChanged', accounts);
    snap.state.connected = false;
    await jest.advanceTimersByTimeAsync(1000);
    expect(accounts).toHaveBeenCalledWith(undefined);
    const stopped = polls();
    await jest.advanceTimersByTimeAsync(5000);
    expect(polls()).toBe(stopped);
  });

  it('keeps polling after a failed look, and a throwing listener harms no one', async () => {
    const { wallet, snap } = await connectedWallet();
    const good = jest.fn();
    wallet.on('accountsChanged', () => {
      throw new Error('dapp bug');
    });
    wallet.on('accountsChanged', good);
    snap.answers.snapnet_getCurrentAccount = new ProviderRpcError({
      code: -32603,
      message: 'busy',
    });
    await jest.advanceTimersByTimeAsync(1000);
    delete snap.answers.snapnet_getCurrentAccount;
    snap.state.accounts[SEPOLIA] = `0x00${'d'.repeat(62)}`;
    await jest.advanceTimersByTimeAsync(1000);
    expect(good).toHaveBeenCalledWith([`0x00${'d'.repeat(62)}`]);
    expect(() => jest.runOnlyPendingTimers()).toThrow('dapp bug');
  });
});
