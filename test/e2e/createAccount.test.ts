import { describe, expect, it } from '@jest/globals';

import {
  MAINNET,
  SEPOLIA,
  expectedAccount,
  listedRecord,
} from '../fixtures/wallet';
import {
  confirmationOf,
  errorOf,
  expectInvalidField,
  installSnapnet,
  resultOf,
} from './helpers';

describe('snapnet_createAccount', () => {
  it('derives indexes 0-2 to the addresses computed independently from starknet.md', async () => {
    const { request } = await installSnapnet();
    for (const index of [0, 1, 2]) {
      const response = await request({
        method: 'snapnet_createAccount',
        params: { addressIndex: index },
      });
      expect(resultOf(response)).toEqual({
        address: expectedAccount(index).address,
      });
    }
    const listed = resultOf(await request({ method: 'snapnet_listAccounts' }));
    expect(listed).toEqual([0, 1, 2].map((index) => listedRecord(index)));
  });

  it('takes the smallest unused index when none is given', async () => {
    const { request } = await installSnapnet();
    await request({
      method: 'snapnet_createAccount',
      params: { addressIndex: 1 },
    });
    const first = resultOf(await request({ method: 'snapnet_createAccount' }));
    const second = resultOf(
      await request({ method: 'snapnet_createAccount', params: {} }),
    );
    expect(first).toEqual({ address: expectedAccount(0).address });
    expect(second).toEqual({ address: expectedAccount(2).address });
  });

  it('gives concurrent calls distinct indexes', async () => {
    const { request } = await installSnapnet();
    const responses = await Promise.all(
      [0, 1, 2, 3].map(async () =>
        request({ method: 'snapnet_createAccount' }),
      ),
    );
    const addresses = responses.map((response) => resultOf(response));
    expect(new Set(addresses.map((item) => JSON.stringify(item))).size).toBe(4);
    const listed = resultOf(await request({ method: 'snapnet_listAccounts' }));
    expect(Array.isArray(listed) && listed.length).toBe(4);
  });

  it('is idempotent for an index it already has (asked once: the page was not given index 5)', async () => {
    const { request } = await installSnapnet();
    const first = request({
      method: 'snapnet_createAccount',
      params: { addressIndex: 5 },
    });
    await (await confirmationOf(first)).ok();
    const once = resultOf(await first);
    const twice = resultOf(
      await request({
        method: 'snapnet_createAccount',
        params: { addressIndex: 5 },
      }),
    );
    expect(twice).toEqual(once);
    const listed = resultOf(await request({ method: 'snapnet_listAccounts' }));
    expect(Array.isArray(listed) && listed.length).toBe(1);
  });

  it('keeps accounts per network', async () => {
    const { request } = await installSnapnet();
    await request({
      method: 'snapnet_createAccount',
      params: { addressIndex: 0, chainId: MAINNET },
    });
    expect(
      resultOf(
        await request({
          method: 'snapnet_listAccounts',
          params: { chainId: SEPOLIA },
        }),
      ),
    ).toEqual([]);
    const mainnet = resultOf(
      await request({
        method: 'snapnet_listAccounts',
        params: { chainId: MAINNET },
      }),
    );
    expect(mainnet).toMatchObject([
      { address: expectedAccount(0).address, chainId: MAINNET },
    ]);
  });

  it('refuses bad params naming the field, storing nothing', async () => {
    const { request } = await installSnapnet();
    expectInvalidField(
      await request({
        method: 'snapnet_createAccount',
        params: { addressIndex: -1 },
      }),
      'addressIndex',
    );
    expectInvalidField(
      await request({
        method: 'snapnet_createAccount',
        params: { addressIndex: 1.5 },
      }),
      'addressIndex',
    );
    expectInvalidField(
      await request({
        method: 'snapnet_createAccount',
        params: { deploy: 'yes' },
      }),
      'deploy',
    );
    expectInvalidField(
      await request({
        method: 'snapnet_createAccount',
        params: { chainId: 'mainnet' },
      }),
      'chainId',
    );
    const unsupported = errorOf(
      await request({
        method: 'snapnet_createAccount',
        params: { chainId: '0x1' },
      }),
    );
    expect(unsupported.data).toMatchObject({ walletRpcError: { code: 112 } });
    expect(resultOf(await request({ method: 'snapnet_listAccounts' }))).toEqual(
      [],
    );
  });
});
