import { beforeEach, describe, expect, it } from '@jest/globals';

import { fakeNode } from '../../src/fakeNode/admin';
import {
  errorOf,
  expectInvalidField,
  installSnapnet,
  resultOf,
} from './helpers';

const node = fakeNode('sepolia');
const HASH = '0x0abc';

describe('snapnet_getTransactionStatus', () => {
  beforeEach(async () => {
    await node.reset();
  });

  it('returns the finality status the node reports', async () => {
    await node.setTxStatus(HASH, 'ACCEPTED_ON_L2', 'SUCCEEDED');
    const { request } = await installSnapnet();
    expect(
      resultOf(
        await request({
          method: 'snapnet_getTransactionStatus',
          params: { transactionHash: HASH },
        }),
      ),
    ).toBe('ACCEPTED_ON_L2');
  });

  it('returns REVERTED when execution reverted', async () => {
    await node.setTxStatus(HASH, 'ACCEPTED_ON_L2', 'REVERTED');
    const { request } = await installSnapnet();
    expect(
      resultOf(
        await request({
          method: 'snapnet_getTransactionStatus',
          params: { transactionHash: HASH },
        }),
      ),
    ).toBe('REVERTED');
  });

  it('says clearly when the node does not know the hash', async () => {
    const { request } = await installSnapnet();
    const error = errorOf(
      await request({
        method: 'snapnet_getTransactionStatus',
        params: { transactionHash: '0x0def' },
      }),
    );
    expect(error.code).toBe(-32001);
    expect(error.message).toContain('not found on Starknet Sepolia');
    expect(error.data).toMatchObject({ node: { code: 29 } });
  });

  it('names the bad field', async () => {
    const { request } = await installSnapnet();
    expectInvalidField(
      await request({
        method: 'snapnet_getTransactionStatus',
        params: { transactionHash: 'hash' },
      }),
      'transactionHash',
    );
  });

  it('keeps the node error code and message on a node error', async () => {
    await node.fault({
      kind: 'rpcError',
      code: 63,
      message: 'node is syncing',
    });
    const { request } = await installSnapnet();
    const error = errorOf(
      await request({
        method: 'snapnet_getTransactionStatus',
        params: { transactionHash: HASH },
      }),
    );
    expect(error.code).toBe(-32603);
    expect(error.message).toContain('node is syncing');
    expect(error.data).toMatchObject({
      walletRpcError: { code: 163 },
      node: { code: 63, method: 'starknet_getTransactionStatus' },
    });
  });
});
