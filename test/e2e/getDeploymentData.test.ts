import { beforeEach, describe, expect, it } from '@jest/globals';
import { assert } from '@metamask/superstruct';
import { hash } from 'starknet';

import { GetDeploymentDataResultStruct } from '../../src/api/getDeploymentData';
import { fakeNode } from '../../src/fakeNode/admin';
import {
  ARGENT_CLASS_HASH,
  MAINNET,
  SEPOLIA,
  expectedAccount,
  hex64,
} from '../fixtures/wallet';
import {
  confirmationOf,
  errorOf,
  expectInvalidField,
  installGranted,
  installSnapnet,
  resultOf,
} from './helpers';

const sepolia = fakeNode('sepolia');
const mainnet = fakeNode('mainnet');

/**
 * Checks deployment data against values computed here: the Argent class, the
 * account's public key as salt and owner, and the address starknet.js derives from
 * them.
 *
 * @param data - What the snap returned.
 * @param index - The account's index.
 */
function expectDeploymentOf(data: unknown, index: number): void {
  const { publicKey, address } = expectedAccount(index);
  assert(data, GetDeploymentDataResultStruct);
  const { class_hash: classHash, salt, calldata } = data;
  expect(data.address).toBe(address);
  expect(data.version).toBe(1);
  expect(BigInt(classHash)).toBe(BigInt(ARGENT_CLASS_HASH));
  expect(BigInt(salt)).toBe(BigInt(publicKey));
  // Argent's constructor: owner key, then no guardian.
  expect(calldata.map((felt) => BigInt(felt))).toEqual([BigInt(publicKey), 0n]);
  expect(
    hex64(hash.calculateContractAddressFromHash(salt, classHash, calldata, 0)),
  ).toBe(address);
  expect(calldata.every((felt) => /^0x[0-9a-f]+$/u.test(felt))).toBe(true);
}

describe('snapnet_getDeploymentData', () => {
  beforeEach(async () => {
    await sepolia.reset();
    await mainnet.reset();
  });

  it("describes the current account's deployment, checked with starknet.js", async () => {
    const snap = await installSnapnet();
    for (const addressIndex of [0, 1]) {
      await snap.request({
        method: 'snapnet_createAccount',
        params: { addressIndex },
      });
    }
    expectDeploymentOf(
      resultOf(await snap.request({ method: 'snapnet_getDeploymentData' })),
      0,
    );
    const switching = snap.request({
      method: 'snapnet_switchAccount',
      params: { address: expectedAccount(1).address },
    });
    await (await confirmationOf(switching)).ok();
    await switching;
    expectDeploymentOf(
      resultOf(await snap.request({ method: 'snapnet_getDeploymentData' })),
      1,
    );
  });

  it('describes a given account the page was given; a page without an account on a network gets 4100', async () => {
    const snap = await installGranted([expectedAccount(3).address]);
    const none = errorOf(
      await snap.request({
        method: 'snapnet_getDeploymentData',
        params: { chainId: MAINNET },
      }),
    );
    expect(none.code).toBe(4100);
    // Read-only: nothing was stored.
    expect(
      resultOf(
        await snap.request({
          method: 'snapnet_listAccounts',
          params: { chainId: MAINNET },
          origin: 'metamask',
        }),
      ),
    ).toEqual([]);
    expectDeploymentOf(
      resultOf(
        await snap.request({
          method: 'snapnet_getDeploymentData',
          params: { address: expectedAccount(3).address, chainId: SEPOLIA },
        }),
      ),
      3,
    );
  });

  it('answers wallet code 115 for an account already deployed', async () => {
    const snap = await installSnapnet();
    await snap.request({ method: 'snapnet_createAccount' });
    await sepolia.deployAccount({ publicKey: expectedAccount(0).publicKey });
    const error = errorOf(
      await snap.request({ method: 'snapnet_getDeploymentData' }),
    );
    expect(error.code).toBe(-32602);
    expect(error.message).toContain(expectedAccount(0).address);
    expect(error.data).toMatchObject({
      address: expectedAccount(0).address,
      walletRpcError: {
        code: 115,
        message: 'An error occurred (ACCOUNT_ALREADY_DEPLOYED)',
      },
    });
    // Deployed on Sepolia only: mainnet still gives its data (of the page's account).
    await snap.request({
      method: 'snapnet_createAccount',
      params: { chainId: MAINNET },
    });
    expectDeploymentOf(
      resultOf(
        await snap.request({
          method: 'snapnet_getDeploymentData',
          params: { chainId: MAINNET },
        }),
      ),
      0,
    );
  });

  it('refuses an address that is not an account of this wallet', async () => {
    const snap = await installGranted([
      `0x${'5'.repeat(60)}`.replace('0x', '0x0000'),
    ]);
    expectInvalidField(
      await snap.request({
        method: 'snapnet_getDeploymentData',
        params: { address: `0x${'5'.repeat(60)}` },
      }),
      'address',
    );
  });
});
