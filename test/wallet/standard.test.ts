/**
 * The Wallet Standard face (what get-starknet dapps call): it behaves as get-starknet's
 * own
 * `StarknetInjectedWallet` over the window object, step by step on the same script, and
 * nobody polls the snap unless the dapp itself listens.
 */
import {
  afterEach,
  beforeEach,
  describe,
  expect,
  it,
  jest,
} from '@jest/globals';
import { StarknetInjectedWallet } from '@starknet-io/get-starknet-wallet-standard';

import type { StarknetStandardWallet } from '../../src/client/wallet';
import {
  createSnapnetWallet,
  createStandardWallet,
} from '../../src/client/wallet';
import type { ScriptedSnap } from './scriptedSnap';
import { createScriptedSnap, MAINNET, SNAP_ID } from './scriptedSnap';

type Standard = Pick<StarknetStandardWallet, 'accounts' | 'features'>;

/**
 * What a Wallet Standard account list looks like, compared across wallets.
 *
 * @param accounts - The accounts.
 * @returns Address and chains of each.
 */
function shown(
  accounts: readonly { address: string; chains: readonly string[] }[],
): { address: string; chains: string[] }[] {
  return accounts.map(({ address, chains }) => ({
    address,
    chains: [...chains],
  }));
}

/**
 * Runs the script on one Wallet Standard wallet and records every result, the
 * `accounts` after each step and every `change` event.
 *
 * @param wallet - The wallet.
 * @returns The record.
 */
async function runScript(wallet: Standard): Promise<unknown[]> {
  const record: unknown[] = [];
  const off = wallet.features['standard:events'].on('change', (change) => {
    record.push({ change: shown(change.accounts ?? []) });
  });
  const connect = async (input?: { silent: boolean }): Promise<unknown> =>
    shown((await wallet.features['standard:connect'].connect(input)).accounts);
  const steps: [string, () => Promise<unknown>][] = [
    ['silent connect', async () => connect({ silent: true })],
    ['connect', async () => connect()],
    ['connect again', async () => connect()],
    [
      'switch to mainnet',
      async () =>
        wallet.features['starknet:walletApi'].request({
          type: 'wallet_switchStarknetChain',
          params: { chainId: MAINNET },
        }),
    ],
    [
      'disconnect',
      async () => wallet.features['standard:disconnect'].disconnect(),
    ],
    ['silent connect', async () => connect({ silent: true })],
  ];
  for (const [step, run] of steps) {
    const result = await run();
    record.push({
      step,
      result,
      accounts: shown(wallet.accounts),
    });
  }
  off();
  return record;
}

/**
 * How many snap requests (not `wallet_getSnaps`) the scripted wallet received.
 *
 * @param snap - The scripted wallet.
 * @returns The count.
 */
function snapRequests(snap: ScriptedSnap): number {
  return snap.calls.filter((call) => call.startsWith('wallet_invokeSnap'))
    .length;
}

describe('the Wallet Standard face', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  it("does what get-starknet's StarknetInjectedWallet does over window.starknet_snapnet", async () => {
    const ours = createScriptedSnap();
    const standard = createStandardWallet({
      snapId: SNAP_ID,
      provider: ours.provider,
    });
    const theirs = createScriptedSnap();
    const windowObject = createSnapnetWallet({
      snapId: SNAP_ID,
      provider: theirs.provider,
    });
    const reference = new StarknetInjectedWallet(windowObject);
    const expected = await runScript(reference);
    expect(await runScript(standard)).toStrictEqual(expected);
    // The script did something: connected, switched, disconnected.
    expect(expected).toContainEqual({
      change: [
        {
          address: theirs.state.accounts[MAINNET],
          chains: [`starknet:${MAINNET}`],
        },
      ],
    });
    expect(
      ours.calls.filter((call) => call === 'wallet_requestSnaps'),
    ).toHaveLength(1);
    standard.dispose();
    windowObject.dispose();
  });

  it('polls only while a change listener is registered', async () => {
    const snap = createScriptedSnap();
    const standard = createStandardWallet({
      snapId: SNAP_ID,
      provider: snap.provider,
      pollIntervalMs: 1000,
    });
    await standard.features['standard:connect'].connect();
    const connected = snapRequests(snap);
    await jest.advanceTimersByTimeAsync(3500);
    expect(snapRequests(snap)).toBe(connected);

    const off = standard.features['standard:events'].on('change', jest.fn());
    await jest.advanceTimersByTimeAsync(3500);
    expect(snapRequests(snap) - connected).toBeGreaterThanOrEqual(3);

    off();
    const stopped = snapRequests(snap);
    await jest.advanceTimersByTimeAsync(3500);
    expect(snapRequests(snap) - stopped).toBeLessThanOrEqual(1);
    standard.dispose();
  });

  it('stops polling after the window object loses its last listener', async () => {
    const snap = createScriptedSnap();
    const wallet = createSnapnetWallet({
      snapId: SNAP_ID,
      provider: snap.provider,
      pollIntervalMs: 1000,
    });
    await wallet.request({ type: 'wallet_requestAccounts' });
    const listener = jest.fn();
    wallet.on('accountsChanged', listener);
    await jest.advanceTimersByTimeAsync(2500);
    wallet.off('accountsChanged', listener);
    const stopped = snapRequests(snap);
    await jest.advanceTimersByTimeAsync(3500);
    expect(snapRequests(snap) - stopped).toBeLessThanOrEqual(1);
    wallet.dispose();
  });
});
