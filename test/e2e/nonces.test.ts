/**
 * Nonces under real mempool semantics. The fake node behaves like pathfinder/juno on
 * Starknet 0.14: a sent transaction is only RECEIVED and counts for `starknet_getNonce`
 * (at any block tag) once the test includes it; only the exact next nonce is admitted
 * (52 otherwise), so a send signed with a reused or skipped nonce fails here as on a
 * real network.
 */
import { beforeEach, describe, expect, it } from '@jest/globals';
import { isObject } from '@metamask/utils';

import { STATE_VERSION } from '../../src/state/store';
import { SEPOLIA } from '../fixtures/wallet';
import type { Pending } from './hardening';
import {
  ACCOUNTS,
  SIERRA,
  STRK,
  answerAll,
  transactionHashOf,
} from './hardening';
import {
  DAPP_ORIGIN,
  connectedPages,
  installGranted,
  installSnapnet,
  resultOf,
} from './helpers';
import {
  FRESH,
  OWN,
  RECIPIENT,
  approved,
  fundOwn,
  later,
  node,
  records,
  sentNonces,
  transfer,
} from './sends';

describe('nonces while the node has not included what the snap sent', () => {
  beforeEach(async () => {
    await node.reset();
  });

  it('gives two, then five rapid sends consecutive nonces, with none and then some included', async () => {
    await fundOwn(3);
    const amounts = [3, 4, 5, 6, 7];
    const pages = amounts.map((amount) => `https://page-${amount}.example`);
    // The tests' dapp page and the five pages below were each given the account.
    const snap = await installSnapnet({
      state: {
        version: STATE_VERSION,
        grants: connectedPages(DAPP_ORIGIN, ...pages),
      },
    });
    const two = [
      transactionHashOf(resultOf(await approved(transfer(snap, 1)))),
      transactionHashOf(resultOf(await approved(transfer(snap, 2)))),
    ];
    expect(await node.nonceOf(OWN)).toBe(3n);
    expect(await sentNonces()).toStrictEqual([
      [3, two[0]],
      [4, two[1]],
    ]);
    await node.include(1);
    expect(await node.nonceOf(OWN)).toBe(4n);
    const pendings: Pending[] = [];
    amounts.forEach((amount, at) => {
      // Five pages, each sending at once.
      pendings.push(transfer(snap, amount, OWN, pages[at]));
    });
    const five = (await answerAll(pendings)).map((response) =>
      transactionHashOf(resultOf(response)),
    );
    expect(await sentNonces()).toStrictEqual(
      [...two, ...five].map((txHash, at) => [3 + at, txHash]),
    );
    await node.include();
    expect(await node.nonceOf(OWN)).toBe(10n);
    expect(await node.getBalance(STRK, RECIPIENT)).toBe(28n);
  });

  it('continues after a snap restart: the stored records carry the nonces', async () => {
    await fundOwn(0);
    const first = await installSnapnet();
    await approved(transfer(first, 1));
    await approved(transfer(first, 2));
    const stored = await records(first);
    expect(stored.map((record) => record.nonce)).toStrictEqual(['0x1', '0x0']);
    // A new snap instance knows only what the first one stored.
    const restarted = await installSnapnet({
      state: {
        version: STATE_VERSION,
        transactions: { [SEPOLIA]: { [OWN]: [...stored].reverse() } },
      },
    });
    const third = transactionHashOf(
      resultOf(await approved(transfer(restarted, 3))),
    );
    expect((await sentNonces()).at(-1)).toStrictEqual([2, third]);
  });

  it('refills the nonce of a dropped transaction below a pending one, and the send behind it lands', async () => {
    await fundOwn(0);
    const snap = await installGranted([OWN]);
    const hashes: bigint[] = [];
    for (const amount of [1, 2, 3]) {
      hashes.push(
        transactionHashOf(resultOf(await approved(transfer(snap, amount)))),
      );
    }
    await node.include(1);
    // A 0.14 mempool removes only the rejected transaction; nonce 2 waits behind the gap.
    const dropped = await node.drop(hashes[1] ?? 0n);
    expect(dropped.map(BigInt)).toStrictEqual([hashes[1]]);
    expect(await node.include()).toStrictEqual([]);
    // Ten seconds after the sends, a 29 means dropped (see the load-balancer tests).
    const after = await later(snap);
    const again = transactionHashOf(
      resultOf(await approved(transfer(after, 4))),
    );
    expect((await sentNonces()).at(-1)).toStrictEqual([1, again]);
    const byHash = new Map(
      (await records(after)).map((record) => [record.txnHash, record]),
    );
    const padded = (txHash: bigint | undefined): string =>
      `0x${(txHash ?? 0n).toString(16).padStart(64, '0')}`;
    expect(byHash.get(padded(hashes[1]))).toMatchObject({
      status: 'REJECTED',
      failureReason: expect.stringContaining('dropped'),
    });
    expect(byHash.get(padded(hashes[2]))).toMatchObject({ status: 'RECEIVED' });
    // The refill and the send behind it are both included.
    expect((await node.include()).map(BigInt)).toStrictEqual([
      again,
      hashes[2],
    ]);
    expect(await node.getBalance(STRK, RECIPIENT)).toBe(8n);
    expect(await node.nonceOf(OWN)).toBe(3n);
  });

  it("takes the node's nonce when it is ahead (the account was used elsewhere)", async () => {
    await fundOwn(0);
    const snap = await installSnapnet();
    await approved(transfer(snap, 1));
    // Another wallet with the same key sent five transactions that were included.
    await node.deployAccount({
      publicKey: ACCOUNTS[0]?.publicKey ?? '',
      nonce: 6,
    });
    const next = transactionHashOf(resultOf(await approved(transfer(snap, 2))));
    expect((await sentNonces()).at(-1)).toStrictEqual([6, next]);
  });

  it('deploys once: the invokes after a received deploy_account are simulated with it in front', async () => {
    await node.setBalance(STRK, FRESH, 10n ** 20n);
    const snap = await installSnapnet();
    await approved(transfer(snap, 1, FRESH));
    await node.clearRequests();
    await approved(transfer(snap, 2, FRESH));
    // The confirmation's simulation carries the received deploy_account first.
    const simulated = (await node.requests()).rpcCalls.find(
      (call) => call.method === 'starknet_simulateTransactions',
    );
    expect(simulated?.params).toMatchObject({
      transactions: [
        { type: 'DEPLOY_ACCOUNT' },
        { type: 'INVOKE', nonce: '0x2' },
      ],
    });
    // The gateway takes a declare only at the committed nonce: once those are mined.
    await node.mine();
    await approved(
      snap.request({
        method: 'snapnet_declareContract',
        params: {
          senderAddress: FRESH,
          contractPayload: { contract: SIERRA, compiledClassHash: '0x0123' },
        },
      }),
    );
    expect(
      (await node.transactions()).map((tx) => [tx.type, tx.nonce]),
    ).toStrictEqual([
      ['DEPLOY_ACCOUNT', 0],
      ['INVOKE', 1],
      ['INVOKE', 2],
      ['DECLARE', 3],
    ]);
    await node.include();
    expect(await node.nonceOf(FRESH)).toBe(4n);
  });
});

describe('status answers of a load-balanced provider', () => {
  beforeEach(async () => {
    await node.reset();
  });

  /**
   * The hashes the snap asked `starknet_getTransactionStatus` about, in order.
   *
   * @returns The hashes.
   */
  async function statusAsks(): Promise<bigint[]> {
    return (await node.requests()).rpcCalls.flatMap((call) =>
      call.method === 'starknet_getTransactionStatus' &&
      isObject(call.params) &&
      typeof call.params.transaction_hash === 'string'
        ? [BigInt(call.params.transaction_hash)]
        : [],
    );
  }

  it('asks again after a 29 for a send made a moment ago, and signs the next nonce', async () => {
    await fundOwn(0);
    const snap = await installSnapnet();
    const first = transactionHashOf(
      resultOf(await approved(transfer(snap, 1))),
    );
    // The next status read reaches an instance that did not submit it: 29.
    await node.statusFault(first, 'notFound', 1);
    await node.clearRequests();
    const second = transactionHashOf(
      resultOf(await approved(transfer(snap, 2))),
    );
    expect(await sentNonces()).toStrictEqual([
      [0, first],
      [1, second],
    ]);
    // The 29, then the answer of the re-ask.
    expect(await statusAsks()).toStrictEqual([first, first]);
    expect((await records(snap))[1]).toMatchObject({
      status: 'RECEIVED',
      failureReason: null,
    });
  });

  it('keeps a send pending while the node answers -32603 about it (juno, feeder gateway down)', async () => {
    await fundOwn(0);
    const snap = await installSnapnet();
    const first = transactionHashOf(
      resultOf(await approved(transfer(snap, 1))),
    );
    await node.statusFault(first, 'internal');
    const second = transactionHashOf(
      resultOf(await approved(transfer(snap, 2))),
    );
    expect(await sentNonces()).toStrictEqual([
      [0, first],
      [1, second],
    ]);
    await node.clearFaults();
    expect(
      (await records(snap)).map((record) => [record.status, record.nonce]),
    ).toStrictEqual([
      ['RECEIVED', '0x1'],
      ['RECEIVED', '0x0'],
    ]);
  });
});
