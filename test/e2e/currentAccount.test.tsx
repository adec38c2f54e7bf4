import { beforeEach, describe, expect, it } from '@jest/globals';
import { installSnap } from '@metamask/snaps-jest';

import { fakeNode } from '../../src/fakeNode/admin';
import { STATE_VERSION } from '../../src/state/store';
import {
  MAINNET,
  SEPOLIA,
  expectedAccount,
  expectedRecord,
  listedRecord,
} from '../fixtures/wallet';
import {
  DAPP_ORIGIN,
  confirmationOf,
  connectedPages,
  errorOf,
  expectInvalidField,
  installSnapnet,
  resultOf,
  textOf,
} from './helpers';

const sepolia = fakeNode('sepolia');
const mainnet = fakeNode('mainnet');

const record = expectedRecord;

type Snap = Awaited<ReturnType<typeof installSnapnet>>;

/**
 * The current account of a network, as a dapp reads it.
 *
 * @param snap - The installed snap.
 * @param chainId - Network.
 * @returns The result.
 */
async function currentOf(snap: Snap, chainId = SEPOLIA) {
  return resultOf(
    await snap.request({
      method: 'snapnet_getCurrentAccount',
      params: { chainId },
    }),
  );
}

describe('snapnet_getCurrentAccount', () => {
  beforeEach(async () => {
    await sepolia.reset();
    await mainnet.reset();
  });

  it('is null for a page without an account; with create, the connect dialog names the page and gives it index 0 when the user approves', async () => {
    const snap = await installSnapnet();
    expect(await currentOf(snap)).toBeNull();
    await sepolia.clearRequests();
    const pending = snap.request({
      method: 'snapnet_getCurrentAccount',
      params: { create: true },
    });
    const ui = await confirmationOf(pending);
    const text = textOf(ui);
    expect(text).toContain('https://metamask.io asks for a Starknet account');
    expect(text).toContain('Starknet Sepolia');
    await ui.ok();
    expect(resultOf(await pending)).toEqual(record(0));
    // Nothing was asked of the node, nothing was sent.
    expect((await sepolia.requests()).httpRequests).toBe(0);
    expect(await sepolia.transactions()).toHaveLength(0);
    expect(
      resultOf(await snap.request({ method: 'snapnet_listAccounts' })),
    ).toEqual([listedRecord(0)]);
    // Asking again asks nothing and creates nothing more.
    expect(
      resultOf(
        await snap.request({
          method: 'snapnet_getCurrentAccount',
          params: { create: true },
        }),
      ),
    ).toEqual(record(0));
    expect(
      resultOf(await snap.request({ method: 'snapnet_listAccounts' })),
    ).toHaveLength(1);
    // Per network: mainnet still has none.
    expect(await currentOf(snap, MAINNET)).toBeNull();
  });

  it('answers 4001 and gives nothing when the user declines the connect dialog', async () => {
    const snap = await installSnapnet();
    const pending = snap.request({
      method: 'snapnet_getCurrentAccount',
      params: { create: true },
    });
    await (await confirmationOf(pending)).cancel();
    expect(errorOf(await pending).code).toBe(4001);
    expect(await currentOf(snap)).toBeNull();
    expect(
      resultOf(await snap.request({ method: 'snapnet_listAccounts' })),
    ).toEqual([]);
  });

  it("offers the user's accounts, the lowest index preselected, and gives the one picked", async () => {
    // A page that never connected: none of the user's accounts was given to it.
    const snap = await installSnapnet({
      state: {
        version: STATE_VERSION,
        accounts: { [SEPOLIA]: [record(1), record(3)] },
      },
      connected: false,
    });
    // The user's accounts are not the page's.
    expect(await currentOf(snap)).toBeNull();
    const pending = snap.request({
      method: 'snapnet_getCurrentAccount',
      params: { create: true },
    });
    const ui = await confirmationOf(pending);
    await ui.ok();
    expect(resultOf(await pending)).toEqual(record(1));
    const other = installSnapnet({
      state: {
        version: STATE_VERSION,
        accounts: { [SEPOLIA]: [record(1), record(3)] },
      },
      connected: false,
    });
    const snap2 = await other;
    const picking = snap2.request({
      method: 'snapnet_getCurrentAccount',
      params: { create: true },
    });
    const dialog = await confirmationOf(picking);
    await dialog.selectInDropdown('connect-account', record(3).address);
    await dialog.ok();
    expect(resultOf(await picking)).toEqual(record(3));
    expect(
      resultOf(await snap2.request({ method: 'snapnet_listAccounts' })),
    ).toEqual([listedRecord(3)]);
  });

  it('stays on the current account when a page adds a lower-index one', async () => {
    // A page that never connected: each account it creates is asked for, then its own.
    const snap = await installSnapnet({ connected: false });
    for (const addressIndex of [3, 1]) {
      const pending = snap.request({
        method: 'snapnet_createAccount',
        params: { addressIndex },
      });
      await (await confirmationOf(pending)).ok();
      expect(resultOf(await pending)).toEqual({
        address: expectedAccount(addressIndex).address,
      });
    }
    expect(await currentOf(snap)).toEqual(record(3));
  });
});

describe('snapnet_switchAccount', () => {
  beforeEach(async () => {
    await sepolia.reset();
    await mainnet.reset();
  });

  it('asks the user, then makes the account current on that network only, persistently', async () => {
    const snap = await installSnapnet();
    for (const chainId of [SEPOLIA, MAINNET]) {
      for (const addressIndex of [0, 1]) {
        await snap.request({
          method: 'snapnet_createAccount',
          params: { addressIndex, chainId },
        });
      }
    }
    const pending = snap.request({
      method: 'snapnet_switchAccount',
      params: { address: expectedAccount(1).address, chainId: SEPOLIA },
    });
    const ui = await confirmationOf(pending);
    const text = textOf(ui);
    expect(text).toContain('Switch Starknet account');
    expect(text).toContain('metamask.io asks to use another account');
    expect(text).toContain('Starknet Sepolia');
    expect(text).toContain(expectedAccount(0).address);
    expect(text).toContain(expectedAccount(1).address);
    await ui.ok();
    expect(resultOf(await pending)).toEqual(record(1));

    expect(await currentOf(snap)).toEqual(record(1));
    expect(await currentOf(snap, MAINNET)).toEqual(record(0, MAINNET));
    // Kept across requests that change other things (network switch and back).
    const toMainnet = snap.request({
      method: 'snapnet_switchNetwork',
      params: { chainId: MAINNET },
    });
    await (await confirmationOf(toMainnet)).ok();
    await toMainnet;
    expect(
      resultOf(await snap.request({ method: 'snapnet_getCurrentAccount' })),
    ).toEqual(record(0, MAINNET));
    expect(await currentOf(snap)).toEqual(record(1));
  });

  it('returns the account without a dialog when it already is current', async () => {
    const snap = await installSnapnet();
    await snap.request({ method: 'snapnet_createAccount' });
    const response = await snap.request({
      method: 'snapnet_switchAccount',
      params: { address: expectedAccount(0).address },
    });
    expect(resultOf(response)).toEqual(record(0));
  });

  it('stores an account of this wallet that was not created yet', async () => {
    const snap = await installSnapnet();
    const pending = snap.request({
      method: 'snapnet_switchAccount',
      params: { address: expectedAccount(4).address },
    });
    const ui = await confirmationOf(pending);
    expect(textOf(ui)).not.toContain('From');
    await ui.ok();
    expect(resultOf(await pending)).toEqual(record(4));
    expect(
      resultOf(await snap.request({ method: 'snapnet_listAccounts' })),
    ).toEqual([listedRecord(4)]);
    expect(await currentOf(snap)).toEqual(record(4));
  });

  it('answers 4001 and changes nothing when the user refuses', async () => {
    const snap = await installSnapnet();
    await snap.request({ method: 'snapnet_createAccount' });
    const pending = snap.request({
      method: 'snapnet_switchAccount',
      params: { address: expectedAccount(2).address },
    });
    await (await confirmationOf(pending)).cancel();
    const error = errorOf(await pending);
    expect(error.code).toBe(4001);
    expect(error.data).toMatchObject({ walletRpcError: { code: 113 } });
    expect(await currentOf(snap)).toEqual(record(0));
    expect(
      resultOf(await snap.request({ method: 'snapnet_listAccounts' })),
    ).toEqual([listedRecord(0)]);
  });

  it('refuses an address that is not an account of this wallet: 4100 to a page, -32602 to MetaMask', async () => {
    const snap = await installSnapnet();
    const params = { address: `0x${'5'.repeat(60)}` };
    expect(
      errorOf(await snap.request({ method: 'snapnet_switchAccount', params })),
    ).toMatchObject({ code: 4100, data: { field: 'address' } });
    expectInvalidField(
      await snap.request({
        origin: 'metamask',
        method: 'snapnet_switchAccount',
        params,
      }),
      'address',
    );
  });

  it('speaks French when MetaMask does', async () => {
    // The tests' dapp page, given the seed's first accounts as installSnapnet does.
    const { request } = await installSnap({
      options: {
        locale: 'fr',
        state: { version: STATE_VERSION, grants: connectedPages(DAPP_ORIGIN) },
      },
    });
    // Index 0 was given to the page: stored without a dialog, its current account.
    expect(
      resultOf(await request({ method: 'snapnet_createAccount' })),
    ).toEqual({ address: expectedAccount(0).address });
    const pending = request({
      method: 'snapnet_switchAccount',
      params: { address: expectedAccount(1).address },
    });
    const ui = await confirmationOf(pending);
    const text = textOf(ui);
    expect(text).toContain('Changer de compte Starknet');
    expect(text).toContain('metamask.io demande à utiliser un autre compte.');
    expect(text).not.toContain('Switch Starknet account');
    await ui.cancel();
    expect(errorOf(await pending).code).toBe(4001);
  });
});
