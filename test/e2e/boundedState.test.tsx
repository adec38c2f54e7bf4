/**
 * State a page cannot bloat or scramble (it is the user's storage), with the built snap
 * on the fake
 * node: scans store only what is used (and the first unused index), a network holds
 * 100 accounts at most, adding accounts never moves the current one, a legacy and a
 * Cairo 1 account at one index are both kept, and switchNetwork works from a stored
 * network the snap no longer serves.
 */
import { beforeEach, describe, expect, it } from '@jest/globals';
import type { Json } from '@metamask/utils';

import { fakeNode } from '../../src/fakeNode/admin';
import { STRK } from '../../src/fakeNode/constants';
import { STATE_VERSION } from '../../src/state/store';
import { MAIL_REV1 } from '../fixtures/typedData';
import { SEPOLIA, expectedAccount } from '../fixtures/wallet';
import {
  confirmationOf,
  errorOf,
  installSnapnet,
  resultOf,
  textOf,
} from './helpers';
import { splitJoined, verifiesFor } from './typedDataHelpers';

const node = fakeNode('sepolia');
/** The Argent Cairo 0 proxy class a legacy account was deployed with. */
const PROXY_CLASS =
  '0x25ec026985a3bf9d0cc1fe17326b245dfdc3ff89b8fde106542a3ea56c5a918';

type Listed = { address: string; addressIndex: number };

/** MetaMask's own origin: the user. */
const USER = 'metamask';

describe('bounded account state', () => {
  beforeEach(async () => {
    await node.reset();
  });

  it('keeps 50 recoverAccounts calls bounded, the current account in place, the home page rendering', async () => {
    // Index 3 deployed, index 4 funded; the user's account is index 7.
    await node.deployAccount({ publicKey: expectedAccount(3).publicKey });
    await node.setBalance(STRK, expectedAccount(4).address, 10n ** 15n);
    const snap = await installSnapnet();
    // The user's own requests (MetaMask's origin): the cap is the user's. A page's
    // silent accounts do not count (pageAccess.test.ts).
    const call = async (method: string, params: Record<string, Json>) =>
      snap.request({ origin: USER, method, params });
    await call('snapnet_createAccount', { addressIndex: 7 });
    const current = expectedAccount(7).address;

    // A scan reports every index, and stores the used ones and the first unused.
    const scanned = resultOf(
      await call('snapnet_recoverAccounts', { maxScanned: 10, maxMissed: 10 }),
    ) as Listed[];
    expect(scanned.map((item) => item.addressIndex)).toStrictEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
    ]);
    const list = async (): Promise<number[]> =>
      (
        resultOf(
          await snap.request({ method: 'snapnet_listAccounts', origin: USER }),
        ) as Listed[]
      ).map((item) => item.addressIndex);
    expect(await list()).toStrictEqual([0, 3, 4, 7]);

    // 50 more scans far out: one unused index each.
    for (let call50 = 0; call50 < 50; call50++) {
      await call('snapnet_recoverAccounts', {
        startScanIndex: 1000 + call50,
        maxScanned: 1,
      });
    }
    expect(await list()).toHaveLength(54);
    // Up to the cap with createAccount; the 101st account is refused, as is a scan
    // that would add one; a scan of stored accounts only still answers.
    for (let index = 2000; index < 2046; index++) {
      await call('snapnet_createAccount', { addressIndex: index });
    }
    expect(await list()).toHaveLength(100);
    const refused = await snap.request({
      origin: USER,
      method: 'snapnet_createAccount',
      params: { addressIndex: 3000 },
    });
    expect(errorOf(refused)).toMatchObject({
      code: -32602,
      data: { field: 'addressIndex' },
    });
    expect(errorOf(refused).message).toContain('100');
    expect(
      errorOf(
        await snap.request({
          origin: USER,
          method: 'snapnet_recoverAccounts',
          params: { startScanIndex: 3000 },
        }),
      ),
    ).toMatchObject({ code: -32602, data: { field: 'maxScanned' } });
    expect(
      resultOf(
        await snap.request({
          origin: USER,
          method: 'snapnet_recoverAccounts',
          params: { startScanIndex: 3, maxScanned: 2, maxMissed: 2 },
        }),
      ),
    ).toHaveLength(2);
    expect(await list()).toHaveLength(100);

    // No scan moved it: the current account is still the user's.
    expect(
      resultOf(
        await snap.request({
          method: 'snapnet_getCurrentAccount',
          origin: USER,
        }),
      ),
    ).toMatchObject({ address: current });
    const text = textOf((await snap.onHomePage()).getInterface());
    expect(text).toContain(current);
  }, 180_000);

  it('lists a legacy and a Cairo 1 account of one index both', async () => {
    const account = expectedAccount(1);
    await node.deployAccount({
      publicKey: account.publicKey,
      classHash: PROXY_CLASS,
    });
    await node.setBalance(STRK, account.address, 10n ** 15n);
    const snap = await installSnapnet();
    const request = async (args: Parameters<typeof snap.request>[0]) =>
      snap.request({ ...args, origin: USER });
    const scanned = resultOf(
      await request({
        method: 'snapnet_recoverAccounts',
        params: { startScanIndex: 1, maxScanned: 1 },
      }),
    ) as (Listed & { deployed: boolean })[];
    expect(
      scanned.map((item) => [item.addressIndex, item.address, item.deployed]),
    ).toStrictEqual([
      [1, account.address, false],
      [1, account.proxyAddress, true],
    ]);
    const listed = async (): Promise<string[]> =>
      (
        resultOf(await request({ method: 'snapnet_listAccounts' })) as Listed[]
      ).map((item) => item.address);
    expect(await listed()).toStrictEqual([
      account.address,
      account.proxyAddress,
    ]);
    // Creating (or scanning) again replaces neither.
    expect(
      resultOf(
        await request({
          method: 'snapnet_createAccount',
          params: { addressIndex: 1 },
        }),
      ),
    ).toEqual({ address: account.address });
    await request({
      method: 'snapnet_recoverAccounts',
      params: { startScanIndex: 1, maxScanned: 1 },
    });
    expect(await listed()).toStrictEqual([
      account.address,
      account.proxyAddress,
    ]);
  });

  it('switches network from a stored network the snap no longer serves', async () => {
    const stale = '0x534e5f474f45524c49'; // SN_GOERLI, retired
    const { request } = await installSnapnet({
      state: { version: STATE_VERSION, currentNetwork: stale },
    });
    const switching = request({
      method: 'snapnet_switchNetwork',
      params: { chainId: SEPOLIA },
    });
    const dialog = await confirmationOf(switching);
    expect(textOf(dialog)).toContain(stale);
    expect(textOf(dialog)).toContain('Starknet Sepolia');
    await dialog.ok();
    expect(resultOf(await switching)).toBe(true);
    expect(
      resultOf(await request({ method: 'snapnet_getCurrentNetwork' })),
    ).toMatchObject({ chainId: SEPOLIA });
  });

  it('serves a request without chainId on the default network when the stored one is no longer served', async () => {
    const stale = '0x534e5f474f45524c49'; // SN_GOERLI, retired
    const { request } = await installSnapnet({
      state: { version: STATE_VERSION, currentNetwork: stale },
    });
    expect(
      resultOf(await request({ method: 'snapnet_getCurrentNetwork' })),
    ).toMatchObject({ chainId: SEPOLIA });
    const signer = expectedAccount(0).address;
    const signing = request({
      method: 'snapnet_signMessage',
      params: { typedDataMessage: MAIL_REV1, signerAddress: signer },
    });
    const dialog = await confirmationOf(signing);
    expect(textOf(dialog)).toContain('Starknet Sepolia');
    await dialog.ok();
    // Signed by account 0 on Sepolia, checked with starknet.js' hash and verification.
    expect(verifiesFor(splitJoined(resultOf(await signing)), MAIL_REV1)).toBe(
      true,
    );
  });
});
