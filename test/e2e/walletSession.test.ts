/**
 * One chain per dapp session (a dapp acts on the chain it saw), with the built snap and
 * the fake node: a
 * dapp connecting while the snap is on mainnet hears of no change, and a session on
 * mainnet keeps acting on mainnet after another dapp switched the snap to Sepolia,
 * until it is told.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { Snap } from '@metamask/snaps-jest';

import type { SnapnetWallet } from '../../src/client/wallet';
import { createSnapnetWallet } from '../../src/client/wallet';
import { fakeNode } from '../../src/fakeNode/admin';
import { STRK } from '../../src/fakeNode/constants';
import { expectedAccount, MAINNET, SEPOLIA } from '../fixtures/wallet';
import {
  approveConnect,
  confirmationOf,
  installSnapnet,
  simulatedWallet,
  TEST_SNAP_ID,
} from './helpers';
import type { SimulatedWallet } from 'snapnet/testing';

/** The Argent Cairo 0 proxy class a legacy account was deployed with. */
const PROXY_CLASS =
  '0x25ec026985a3bf9d0cc1fe17326b245dfdc3ff89b8fde106542a3ea56c5a918';

const sepolia = fakeNode('sepolia');
const mainnet = fakeNode('mainnet');
const account = expectedAccount(0);
let opened: SnapnetWallet[] = [];

/**
 * The wallet's own network is switched (by MetaMask itself: a page's switch moves only
 * that page), which a page that never switched follows.
 *
 * @param snap - The snap.
 * @param chainId - The network to switch to.
 */
async function switchElsewhere(snap: Snap, chainId: string): Promise<void> {
  const other = await simulatedWallet({ snap, origin: 'metamask' });
  await other.provider.request({
    method: 'wallet_requestSnaps',
    params: { [TEST_SNAP_ID]: {} },
  });
  const switching = other.provider.request({
    method: 'wallet_invokeSnap',
    params: {
      snapId: TEST_SNAP_ID,
      request: { method: 'snapnet_switchNetwork', params: { chainId } },
    },
  });
  await (await other.nextDialog('snapnet_switchNetwork')).ok();
  expect(await switching).toBe(true);
}

/**
 * The adapter over a simulated MetaMask (one page load of the dapp).
 *
 * @param simulated - The simulated wallet.
 * @returns The adapter, with every event it raised.
 */
function adapter(simulated: SimulatedWallet): {
  wallet: SnapnetWallet;
  events: unknown[];
} {
  const wallet = createSnapnetWallet({
    snapId: TEST_SNAP_ID,
    provider: simulated.provider,
  });
  opened.push(wallet);
  const events: unknown[] = [];
  wallet.on('networkChanged', (...args) => events.push(['network', ...args]));
  wallet.on('accountsChanged', (list) => events.push(['accounts', list]));
  return { wallet, events };
}

describe('the wallet adapter session chain', () => {
  beforeEach(async () => {
    await sepolia.reset();
    await mainnet.reset();
  });

  afterEach(() => {
    opened.forEach((wallet) => wallet.dispose());
    opened = [];
  });

  it('raises no networkChanged when connecting, or reconnecting after a reload, on mainnet', async () => {
    const snap = await installSnapnet();
    await switchElsewhere(snap, MAINNET);
    const simulated = await simulatedWallet({ snap });
    const first = adapter(simulated);
    expect(
      await approveConnect(
        simulated,
        first.wallet.request({ type: 'wallet_requestAccounts' }),
      ),
    ).toStrictEqual([account.address]);
    expect(await first.wallet.request({ type: 'wallet_requestChainId' })).toBe(
      MAINNET,
    );
    expect(first.events).toStrictEqual([]);

    const reloaded = adapter(simulated);
    expect(
      await reloaded.wallet.request({
        type: 'wallet_requestAccounts',
        params: { silent_mode: true },
      }),
    ).toStrictEqual([account.address]);
    expect(
      await reloaded.wallet.request({ type: 'wallet_requestChainId' }),
    ).toBe(MAINNET);
    expect(reloaded.events).toStrictEqual([]);
  });

  it('keeps a mainnet session on mainnet after a switch to Sepolia elsewhere', async () => {
    await mainnet.deployAccount({ publicKey: account.publicKey });
    await mainnet.setBalance(STRK, account.address, 10n ** 20n);
    const snap = await installSnapnet();
    await switchElsewhere(snap, MAINNET);
    const simulated = await simulatedWallet({ snap });
    const { wallet, events } = adapter(simulated);
    await approveConnect(
      simulated,
      wallet.request({ type: 'wallet_requestAccounts' }),
    );
    await switchElsewhere(snap, SEPOLIA);

    // Deployed on mainnet (not on Sepolia): 115 says the session reads mainnet.
    await expect(
      wallet.request({ type: 'wallet_deploymentData' }),
    ).rejects.toMatchObject({ code: 115 });

    const sending = wallet.request({
      type: 'wallet_addInvokeTransaction',
      params: {
        calls: [
          {
            contract_address: STRK,
            entry_point: 'transfer',
            calldata: ['0x777', '1000', '0'],
          },
        ],
      },
    });
    await (await simulated.nextDialog('snapnet_executeTxn')).ok();
    const { transaction_hash: hash } = await sending;
    const onMainnet = await mainnet.transactions();
    expect(onMainnet.map((tx) => [BigInt(tx.hash), tx.sender])).toStrictEqual([
      [BigInt(hash), account.address],
    ]);
    expect(await sepolia.transactions()).toStrictEqual([]);
    expect(events).toStrictEqual([]);

    // Told on the next look, then followed.
    expect(await wallet.request({ type: 'wallet_requestChainId' })).toBe(
      SEPOLIA,
    );
    // The wallet has no account on Sepolia yet: the event carries none (polling and
    // wallet_requestChainId write nothing, so they do not create one).
    expect(events).toStrictEqual([['network', SEPOLIA, undefined]]);
  });

  it('answers wallet_deploymentData 116 for an undeployed legacy Cairo 0 account', async () => {
    // The wallet recovered a legacy proxy account; the chain then no longer has it
    // deployed (a reset node), so only its own (Cairo 0) deployment data would do.
    await sepolia.deployAccount({
      publicKey: account.publicKey,
      classHash: PROXY_CLASS,
    });
    const snap = await installSnapnet();
    const recovering = snap.request({
      method: 'snapnet_recoverAccounts',
      params: { startScanIndex: 0, maxScanned: 1 },
    });
    await (await confirmationOf(recovering)).ok();
    const recovered = await recovering;
    expect(recovered.response).toMatchObject({
      result: [{ address: account.proxyAddress }],
    });
    await sepolia.reset();
    const simulated = await simulatedWallet({ snap });
    const { wallet } = adapter(simulated);
    // Another page than the one that scanned: the user gives it the account.
    expect(
      await approveConnect(
        simulated,
        wallet.request({ type: 'wallet_requestAccounts' }),
      ),
    ).toStrictEqual([account.proxyAddress]);
    await expect(
      wallet.request({ type: 'wallet_deploymentData' }),
    ).rejects.toMatchObject({
      code: 116,
      message: 'An error occurred (DEPLOYMENT_DATA_NOT_AVAILABLE)',
    });
  });
});
