import { beforeEach, describe, expect, it } from '@jest/globals';

import { fakeNode } from '../../src/fakeNode/admin';
import { STRK } from '../../src/fakeNode/constants';
import { expectedAccount } from '../fixtures/wallet';
import {
  confirmationOf,
  errorOf,
  expectInvalidField,
  installSnapnet,
  resultOf,
} from './helpers';

const node = fakeNode('sepolia');
const holder = expectedAccount(0).address;

describe('snapnet_getErc20TokenBalance', () => {
  beforeEach(async () => {
    await node.reset();
  });

  it('reads the full u256 balance at latest and pending in one round trip', async () => {
    const big = 2n ** 130n + 12345n;
    await node.setBalance(STRK, holder, big);
    const { request } = await installSnapnet();
    await node.clearRequests();
    const response = await request({
      method: 'snapnet_getErc20TokenBalance',
      params: { tokenAddress: STRK, userAddress: holder },
    });
    expect(resultOf(response)).toEqual({
      balanceLatest: `0x${big.toString(16)}`,
      balancePending: `0x${big.toString(16)}`,
    });
    const traffic = await node.requests();
    expect(traffic.httpRequests).toBe(1);
    expect(traffic.rpcCalls.map((call) => call.method)).toEqual([
      'starknet_call',
      'starknet_call',
    ]);
  });

  it('tells the pending balance from the latest one', async () => {
    await node.deployAccount({ publicKey: expectedAccount(0).publicKey });
    await node.setBalance(STRK, holder, 10n ** 19n);
    const { request } = await installSnapnet();
    const pending = request({
      method: 'snapnet_executeTxn',
      params: {
        address: holder,
        calls: [
          {
            contractAddress: STRK,
            entrypoint: 'transfer',
            calldata: ['0x42', (10n ** 18n).toString(), '0'],
          },
        ],
      },
    });
    await (await confirmationOf(pending)).ok();
    resultOf(await pending);
    // Received only: no balance moved yet.
    const balance = async () =>
      resultOf(
        await request({
          method: 'snapnet_getErc20TokenBalance',
          params: { tokenAddress: STRK, userAddress: '0x42' },
        }),
      );
    expect(await balance()).toEqual({
      balanceLatest: '0x0',
      balancePending: '0x0',
    });
    // Included, not yet in a block: only the pending balance moved.
    await node.include();
    expect(
      resultOf(
        await request({
          method: 'snapnet_getErc20TokenBalance',
          params: { tokenAddress: STRK, userAddress: '0x42' },
        }),
      ),
    ).toEqual({
      balanceLatest: '0x0',
      balancePending: `0x${(10n ** 18n).toString(16)}`,
    });
  });

  it('answers zero for a holder with nothing', async () => {
    const { request } = await installSnapnet();
    expect(
      resultOf(
        await request({
          method: 'snapnet_getErc20TokenBalance',
          params: { tokenAddress: STRK, userAddress: '0x42' },
        }),
      ),
    ).toEqual({ balanceLatest: '0x0', balancePending: '0x0' });
  });

  it('works for any token, listed or not', async () => {
    const token = '0x0777';
    await node.addToken({
      address: token,
      name: 'Seven',
      symbol: 'SVN',
      decimals: 2,
    });
    await node.setBalance(token, holder, 700n);
    const { request } = await installSnapnet();
    expect(
      resultOf(
        await request({
          method: 'snapnet_getErc20TokenBalance',
          params: { tokenAddress: token, userAddress: holder },
        }),
      ),
    ).toEqual({ balanceLatest: '0x2bc', balancePending: '0x2bc' });
  });

  it('says the token contract is invalid when nothing is deployed there', async () => {
    const { request } = await installSnapnet();
    const error = errorOf(
      await request({
        method: 'snapnet_getErc20TokenBalance',
        params: { tokenAddress: '0x0999', userAddress: holder },
      }),
    );
    expect(error.code).toBe(-32602);
    expect(error.message).toContain('tokenAddress');
    expect(error.data).toMatchObject({
      field: 'tokenAddress',
      walletRpcError: { code: 111 },
      node: { code: 20 },
    });
  });

  it('names the bad field', async () => {
    const { request } = await installSnapnet();
    expectInvalidField(
      await request({
        method: 'snapnet_getErc20TokenBalance',
        params: { tokenAddress: 'STRK', userAddress: holder },
      }),
      'tokenAddress',
    );
    expectInvalidField(
      await request({
        method: 'snapnet_getErc20TokenBalance',
        params: { tokenAddress: STRK },
      }),
      'userAddress',
    );
  });

  it('reports malformed node answers and stalls as node failures', async () => {
    const { request } = await installSnapnet();
    await node.fault({ kind: 'malformed' });
    const malformed = errorOf(
      await request({
        method: 'snapnet_getErc20TokenBalance',
        params: { tokenAddress: STRK, userAddress: holder },
      }),
    );
    expect(malformed.code).toBe(-32603);
    expect(malformed.message).toContain('malformed JSON');

    await node.fault({ kind: 'stall' });
    const stalled = errorOf(
      await request({
        method: 'snapnet_getErc20TokenBalance',
        params: { tokenAddress: STRK, userAddress: holder },
      }),
    );
    expect(stalled.code).toBe(-32603);
    expect(stalled.message).toContain('no answer within');
  });
});
