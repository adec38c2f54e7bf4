import { beforeEach, describe, expect, it } from '@jest/globals';

import { fakeNode } from '../../src/fakeNode/admin';
import { STRK } from '../../src/fakeNode/constants';
import { expectedAccount } from '../fixtures/wallet';
import {
  confirmationOf,
  expectInvalidField,
  installSnapnet,
  resultOf,
} from './helpers';

const node = fakeNode('sepolia');
const ETH =
  '0x049d36570d4e46f48e99674bd3fcc84644ddd6b96f7c741b1562b82f9e004dc7';
const account = expectedAccount(0);

type Snap = Awaited<ReturnType<typeof installSnapnet>>;
type Row = {
  txnHash: string;
  txnType: string;
  contractAddress: string;
  status: string;
};

/**
 * Sends one transfer of a token and approves it.
 *
 * @param snap - The snap.
 * @param token - Token contract.
 * @returns The transaction hash.
 */
async function send(snap: Snap, token: string): Promise<string> {
  const pending = snap.request({
    method: 'snapnet_executeTxn',
    params: {
      address: account.address,
      calls: [
        {
          contractAddress: token,
          entrypoint: 'transfer',
          calldata: ['0x42', '1', '0'],
        },
      ],
    },
  });
  await (await confirmationOf(pending)).ok();
  return (resultOf(await pending) as { transaction_hash: string })
    .transaction_hash;
}

describe('snapnet_getTransactions', () => {
  beforeEach(async () => {
    await node.reset();
    await node.setBalance(STRK, account.address, 10n ** 19n);
    await node.setBalance(ETH, account.address, 10n ** 19n);
  });

  it('lists records newest first with the documented fields, filtered', async () => {
    const snap = await installSnapnet();
    const first = await send(snap, STRK); // also deploys the account
    // Nothing included yet: the second send neither deploys again nor reuses a nonce.
    const second = await send(snap, ETH);
    const list = async (params: Record<string, unknown>) =>
      resultOf(
        await snap.request({
          method: 'snapnet_getTransactions',
          params: { senderAddress: account.address, ...params },
        }),
      ) as Row[];
    const all = await list({ withDeployTxn: true });
    expect(all).toHaveLength(3);
    expect(all[0]).toEqual({
      txnHash: second,
      txnType: 'invoke',
      senderAddress: account.address,
      contractAddress: ETH,
      contractFuncName: 'transfer',
      contractCallData: ['0x42', '1', '0'],
      status: 'RECEIVED',
      failureReason: null,
      eventIds: [],
      timestamp: expect.any(Number),
      chainId: '0x534e5f5345504f4c4941',
      nonce: '0x2',
    });
    expect((await list({})).map((row) => row.txnHash).sort()).toEqual(
      [first, second].sort(),
    );
    expect(
      (await list({ contractAddress: STRK })).map((row) => row.txnHash),
    ).toEqual([first]);
    // The older alias answers the same.
    expect(
      resultOf(
        await snap.request({
          method: 'snapnet_getTransaction',
          params: { senderAddress: account.address, onlyFromState: true },
        }),
      ),
    ).toHaveLength(2);
  });

  it('refreshes open records from the node in one batch and stores the change', async () => {
    const snap = await installSnapnet();
    await send(snap, STRK);
    await node.mine();
    await node.clearRequests();
    const rows = resultOf(
      await snap.request({
        method: 'snapnet_getTransactions',
        params: { senderAddress: account.address, withDeployTxn: true },
      }),
    ) as Row[];
    expect(rows.map((row) => row.status)).toEqual([
      'ACCEPTED_ON_L2',
      'ACCEPTED_ON_L2',
    ]);
    expect((await node.requests()).httpRequests).toBe(1);
    await node.clearRequests();
    await snap.request({
      method: 'snapnet_getTransactions',
      params: { senderAddress: account.address, withDeployTxn: true },
    });
    // Nothing open any more: no node request at all.
    expect((await node.requests()).httpRequests).toBe(0);
  });

  it('merges the indexer history, deduplicated, within the day window', async () => {
    const snap = await installSnapnet();
    const own = await send(snap, STRK);
    const now = Math.floor(Date.now() / 1000);
    await node.setIndexed([
      // The same transaction as the snap's own record: listed once.
      {
        hash: own,
        type: 'INVOKE',
        timestamp: now,
        senderAddress: account.address,
      },
      {
        hash: '0x0abc',
        type: 'INVOKE',
        timestamp: now - 3600,
        status: 'Accepted on L1',
        senderAddress: account.address,
        contractAddress: ETH,
        entrypoint: 'approve',
      },
      {
        hash: '0x0def',
        type: 'INVOKE',
        timestamp: now - 9 * 86400,
        senderAddress: account.address,
      },
      {
        hash: '0x0bad',
        type: 'INVOKE',
        timestamp: now,
        senderAddress: '0x0999',
      },
    ]);
    const merged = resultOf(
      await snap.request({
        method: 'snapnet_getTransactions',
        params: { senderAddress: account.address },
      }),
    ) as Row[];
    expect(merged.map((row) => row.txnHash)).toEqual([
      own,
      `0x${'abc'.padStart(64, '0')}`,
    ]);
    expect(merged[1]).toMatchObject({
      contractAddress: ETH,
      status: 'ACCEPTED_ON_L1',
      txnType: 'invoke',
    });
    const longer = resultOf(
      await snap.request({
        method: 'snapnet_getTransactions',
        params: { senderAddress: account.address, txnsInLastNumOfDays: 10 },
      }),
    ) as Row[];
    expect(longer).toHaveLength(3);
    const stateOnly = resultOf(
      await snap.request({
        method: 'snapnet_getTransactions',
        params: { senderAddress: account.address, onlyFromState: true },
      }),
    ) as Row[];
    expect(stateOnly.map((row) => row.txnHash)).toEqual([own]);
  });

  it('names the bad field', async () => {
    const snap = await installSnapnet();
    expectInvalidField(
      await snap.request({
        method: 'snapnet_getTransactions',
        params: { senderAddress: account.address, pageSize: 12 },
      }),
      'pageSize',
    );
  });
});
