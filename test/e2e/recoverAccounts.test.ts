import { beforeEach, describe, expect, it } from '@jest/globals';
import { isObject } from '@metamask/utils';

import { fakeNode } from '../../src/fakeNode/admin';
import { SEPOLIA, expectedAccount } from '../fixtures/wallet';
import {
  errorOf,
  expectInvalidField,
  installSnapnet,
  resultOf,
} from './helpers';

const node = fakeNode('sepolia');
const ETH =
  '0x049d36570d4e46f48e99674bd3fcc84644ddd6b96f7c741b1562b82f9e004dc7';
const PROXY_CLASS =
  '0x25ec026985a3bf9d0cc1fe17326b245dfdc3ff89b8fde106542a3ea56c5a918';

/**
 * The recovered-account entry expected for an index.
 *
 * @param index - Address index.
 * @param used - Whether it is used.
 * @param deployed - Whether it is deployed.
 * @param address - The address (default: the Argent one).
 * @returns The entry.
 */
function entry(
  index: number,
  used: boolean,
  deployed: boolean,
  address = expectedAccount(index).address,
) {
  const account = expectedAccount(index);
  return {
    address,
    addressIndex: index,
    publicKey: account.publicKey,
    addressSalt: account.publicKey,
    deployTxnHash: '',
    derivationPath: account.derivationPath,
    chainId: SEPOLIA,
    deployed,
    used,
  };
}

describe('snapnet_recoverAccounts', () => {
  beforeEach(async () => {
    await node.reset();
    // Index 0 deployed, index 2 funded but not deployed.
    await node.deployAccount({ publicKey: expectedAccount(0).publicKey });
    await node.setBalance(ETH, expectedAccount(2).address, 10n ** 15n);
  });

  it('stops right after maxMissed consecutive unused indexes', async () => {
    const { request } = await installSnapnet();
    const response = await request({
      method: 'snapnet_recoverAccounts',
      // The user's own scan (a page's asks first: pageAccess.test.ts).
      origin: 'metamask',
      params: { maxScanned: 5, maxMissed: 1 },
    });
    expect(resultOf(response)).toEqual([
      entry(0, true, true),
      entry(1, false, false),
    ]);
  });

  it('scans on past gaps up to maxScanned in one batched request', async () => {
    const { request } = await installSnapnet();
    await node.clearRequests();
    const response = await request({
      method: 'snapnet_recoverAccounts',
      // The user's own scan (a page's asks first: pageAccess.test.ts).
      origin: 'metamask',
      params: { maxScanned: 20, maxMissed: 2 },
    });
    expect(resultOf(response)).toEqual([
      entry(0, true, true),
      entry(1, false, false),
      entry(2, true, false),
      entry(3, false, false),
      entry(4, false, false),
    ]);
    expect((await node.requests()).httpRequests).toBe(1);
    // Stored: the used ones and the first unused index, listed without another scan.
    const listed = resultOf(
      await request({ method: 'snapnet_listAccounts', origin: 'metamask' }),
    );
    expect(
      Array.isArray(listed) &&
        listed.map((item) => isObject(item) && item.addressIndex),
    ).toStrictEqual([0, 1, 2]);
  });

  it('uses the defaults (start 0, one index) and honours startScanIndex', async () => {
    const { request } = await installSnapnet();
    expect(
      resultOf(
        await request({
          method: 'snapnet_recoverAccounts',
          // The user's own scan (a page's asks first: pageAccess.test.ts).
          origin: 'metamask',
          params: {},
        }),
      ),
    ).toEqual([entry(0, true, true)]);
    expect(
      resultOf(
        await request({
          method: 'snapnet_recoverAccounts',
          // The user's own scan (a page's asks first: pageAccess.test.ts).
          origin: 'metamask',
          params: { startScanIndex: 2, maxScanned: 1 },
        }),
      ),
    ).toEqual([entry(2, true, false)]);
  });

  it('finds funds at a legacy Cairo 0 proxy address', async () => {
    const legacy = expectedAccount(1);
    await node.deployAccount({
      publicKey: legacy.publicKey,
      classHash: PROXY_CLASS,
    });
    const { request } = await installSnapnet();
    const response = await request({
      method: 'snapnet_recoverAccounts',
      // The user's own scan (a page's asks first: pageAccess.test.ts).
      origin: 'metamask',
      params: { startScanIndex: 1, maxScanned: 1 },
    });
    expect(resultOf(response)).toEqual([
      entry(1, true, true, legacy.proxyAddress),
    ]);
  });

  it('stores nothing when the node fails', async () => {
    await node.fault({ kind: 'refuse' });
    const { request } = await installSnapnet();
    const error = errorOf(
      await request({
        method: 'snapnet_recoverAccounts',
        // The user's own scan (a page's asks first: pageAccess.test.ts).
        origin: 'metamask',
        params: { maxScanned: 3 },
      }),
    );
    expect(error.code).toBe(-32603);
    expect(error.message).toContain('could not be reached');
    expect(error.message).toMatch(/^snapnet_recoverAccounts failed: /u);
    expect(error.message).not.toContain('batch');
    expect(
      resultOf(
        await request({ method: 'snapnet_listAccounts', origin: 'metamask' }),
      ),
    ).toEqual([]);
  });

  it('names the bad field, storing nothing', async () => {
    const { request } = await installSnapnet();
    expectInvalidField(
      await request({
        method: 'snapnet_recoverAccounts',
        // The user's own scan (a page's asks first: pageAccess.test.ts).
        origin: 'metamask',
        params: { maxScanned: 0 },
      }),
      'maxScanned',
    );
    expectInvalidField(
      await request({
        method: 'snapnet_recoverAccounts',
        // The user's own scan (a page's asks first: pageAccess.test.ts).
        origin: 'metamask',
        params: { startScanIndex: 'one' },
      }),
      'startScanIndex',
    );
    expect(
      resultOf(
        await request({ method: 'snapnet_listAccounts', origin: 'metamask' }),
      ),
    ).toEqual([]);
  });
});
