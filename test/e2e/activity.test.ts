/**
 * MetaMask's activity list of a snapnet account: the sends the snap recorded, listed
 * newest first a page at a time, and followed to their final status by the
 * `followSends` cron job alone, with MetaMask told by `notify:accountTransactionsUpdated`.
 * Every answer and event is checked with @metamask/keyring-api's structs
 * (activityDouble.ts).
 */
import { beforeEach, describe, expect, it } from '@jest/globals';

import { formatUnits } from '../../src/api/units';
import { fakeNode } from '../../src/fakeNode/admin';
import { STRK } from '../../src/fakeNode/constants';
import { expectedAccount } from '../fixtures/wallet';
import { listActivity, playActivityKeyring } from './activityDouble';
import { confirmationOf, errorOf, installSnapnet, resultOf } from './helpers';
import type { Snap } from './keyringHelpers';
import {
  createKeyringAccount,
  keyring,
  keyringRequest,
} from './keyringHelpers';

const nodes = { sepolia: fakeNode('sepolia'), mainnet: fakeNode('mainnet') };
const node = nodes.sepolia;
const owner = expectedAccount(0);
const RECIPIENT = `0x0${'7'.repeat(63)}`;
const STRK_ASSET = `starknet:SN_SEPOLIA/erc20:${STRK}`;

/**
 * Sends a STRK transfer through MetaMask's keyring request, approving the dialog.
 *
 * @param snap - The snap.
 * @param account - The keyring account.
 * @param account.id - Its id.
 * @param amount - Base units.
 * @returns The transaction hash.
 */
async function send(
  snap: Snap,
  account: { id: string },
  amount: bigint,
): Promise<string> {
  const pending = keyring(
    snap,
    'keyring_submitRequest',
    keyringRequest(account, 'starknet:SN_SEPOLIA', {
      method: 'wallet_addInvokeTransaction',
      params: {
        calls: [
          {
            contract_address: STRK,
            entry_point: 'transfer',
            calldata: [RECIPIENT, amount.toString(), '0'],
          },
        ],
      },
    }),
  );
  await (await confirmationOf(pending)).ok();
  const { result } = resultOf(await pending) as {
    result: { transaction_hash: string };
  };
  return result.transaction_hash;
}

/**
 * The node traffic of both networks (sepolia and mainnet), in JSON-RPC calls.
 *
 * @returns How many calls reached either node.
 */
async function nodeCalls(): Promise<number> {
  const [sepolia, mainnet] = await Promise.all([
    nodes.sepolia.requests(),
    nodes.mainnet.requests(),
  ]);
  return (
    sepolia.httpRequests +
    mainnet.httpRequests +
    sepolia.rpcCalls.length +
    mainnet.rpcCalls.length
  );
}

/**
 * A snap with account 0 deployed, funded and shown in MetaMask.
 *
 * @returns The snap, the keyring account and the events MetaMask got.
 */
async function withAccount() {
  const snap = await installSnapnet();
  const events = playActivityKeyring(snap);
  const account = await createKeyringAccount(snap);
  return { snap, account, events };
}

describe('activity in MetaMask', () => {
  beforeEach(async () => {
    await nodes.sepolia.reset();
    await nodes.mainnet.reset();
    await node.deployAccount({ publicKey: owner.publicKey, nonce: 0 });
    await node.setBalance(STRK, owner.address, 10n ** 20n);
  });

  it('lists two sends newest first, one per page, with their statuses, amounts and fee', async () => {
    const { snap, account, events } = await withAccount();
    const first = await send(snap, account, 1_500_000_000_000_000_000n);
    // Each send recorded told MetaMask at once.
    expect(events.at(-1)?.[account.id]?.map((tx) => tx.id)).toStrictEqual([
      first,
    ]);
    expect(events.at(-1)?.[account.id]?.[0]?.status).toBe('submitted');
    await node.mine();
    const second = await send(snap, account, 1n);
    // The cron job alone learns that the first one was included.
    expect(
      resultOf(await snap.onCronjob({ method: 'followSends' })),
    ).toBeNull();

    const page1 = await listActivity(snap, account.id, { limit: 1 });
    expect(page1.data.map((tx) => tx.id)).toStrictEqual([second]);
    expect(page1.next).toBe(first);
    const page2 = await listActivity(snap, account.id, {
      limit: 1,
      next: page1.next,
    });
    expect(page2.data.map((tx) => tx.id)).toStrictEqual([first]);
    expect(page2.next).toBeNull();
    // The v2 name answers the same.
    expect(
      await listActivity(
        snap,
        account.id,
        { limit: 5 },
        'keyring_getAccountTransactions',
      ),
    ).toEqual({ data: [...page1.data, ...page2.data], next: null });

    const [newer] = page1.data;
    const [older] = page2.data;
    expect(newer).toMatchObject({
      type: 'send',
      status: 'submitted',
      chain: 'starknet:SN_SEPOLIA',
      account: account.id,
      from: [
        {
          address: owner.address,
          asset: {
            type: STRK_ASSET,
            unit: 'STRK',
            amount: '0.000000000000000001',
          },
        },
      ],
      to: [{ address: RECIPIENT, asset: { amount: '0.000000000000000001' } }],
      // Pending: the record keeps no fee until the receipt gives the actual one.
      fees: [],
    });
    expect(older).toMatchObject({
      status: 'confirmed',
      to: [{ address: RECIPIENT, asset: { unit: 'STRK', amount: '1.5' } }],
    });
    // The actual fee, exactly as the receipt the cron job read gives it, in whole STRK.
    const receipts = (await node.requests()).rpcCalls.flatMap((call) =>
      call.method === 'starknet_getTransactionReceipt' &&
      call.answer !== undefined &&
      'result' in call.answer
        ? [call.answer.result as { actual_fee: { amount: string } }]
        : [],
    );
    const [receipt] = receipts;
    expect(receipts).toHaveLength(1);
    expect(older?.fees).toEqual([
      {
        type: 'base',
        asset: {
          fungible: true,
          type: STRK_ASSET,
          unit: 'STRK',
          amount: formatUnits(BigInt(receipt?.actual_fee.amount ?? -1), 18),
        },
      },
    ]);
    expect(BigInt(receipt?.actual_fee.amount ?? 0)).toBeGreaterThan(0n);
  });

  it('a pending send turns confirmed by the cron job alone, and MetaMask is told', async () => {
    const { snap, account, events } = await withAccount();
    const hash = await send(snap, account, 5n);
    // Not included yet: a tick learns nothing new and tells nothing.
    const told = events.length;
    await snap.onCronjob({ method: 'followSends' });
    expect(events).toHaveLength(told);
    await node.mine();
    await snap.onCronjob({ method: 'followSends' });
    const [update] = events.slice(told);
    expect(update?.[account.id]).toMatchObject([
      { id: hash, status: 'confirmed' },
    ]);
    const [listed] = (await listActivity(snap, account.id, { limit: 10 })).data;
    expect(listed).toMatchObject({ id: hash, status: 'confirmed' });
    // Settled: the next tick asks the node nothing.
    await node.clearRequests();
    await snap.onCronjob({ method: 'followSends' });
    expect(await nodeCalls()).toBe(0);
  });

  it('a cron tick with nothing pending makes no node request', async () => {
    const { snap } = await withAccount();
    await node.clearRequests();
    await nodes.mainnet.clearRequests();
    expect(
      resultOf(await snap.onCronjob({ method: 'followSends' })),
    ).toBeNull();
    expect(await nodeCalls()).toBe(0);
  });

  it('only MetaMask may list, and an unknown cursor is refused naming it', async () => {
    const { snap, account } = await withAccount();
    const page = { id: account.id, pagination: { limit: 1 } };
    expect(
      errorOf(
        await keyring(
          snap,
          'keyring_listAccountTransactions',
          page,
          'https://dapp.example',
        ),
      ).code,
    ).toBe(4100);
    const bad = errorOf(
      await keyring(snap, 'keyring_listAccountTransactions', {
        id: account.id,
        pagination: { limit: 1, next: `0x${'1'.repeat(64)}` },
      }),
    );
    expect(bad.code).toBe(-32602);
    expect(bad.message).toContain('pagination.next');
  });
});
