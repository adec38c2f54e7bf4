/**
 * Played by an attacking page: what a dapp may set in transaction details.
 * A nonce other than the account's next one is refused (a 0.14 gateway would hold a
 * future one, and every later send would stall behind it); `maxFee`, paymaster data and
 * deployment data, which no dialog shows, are refused before any node read or dialog.
 */
import { beforeEach, describe, expect, it } from '@jest/globals';
import type { Json } from '@metamask/utils';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { transaction } from 'starknet';

import { fakeNode } from '../../src/fakeNode/admin';
import { STRK } from '../../src/fakeNode/constants';
import { V3_BOUNDS } from '../fixtures/transactions';
import { expectedAccount } from '../fixtures/wallet';
import {
  confirmationOf,
  expectInvalidField,
  installSnapnet,
  resultOf,
} from './helpers';
import { warningsOf } from './reviewHelpers';

const node = fakeNode('sepolia');
const sender = expectedAccount(0);
const RECIPIENT = `0x0${'4'.repeat(63)}`;
const CALLS = [
  {
    contractAddress: STRK,
    entrypoint: 'transfer',
    calldata: [RECIPIENT, '1000', '0'],
  },
];

const SIERRA: Json = JSON.parse(
  readFileSync(
    resolve(__dirname, '../fixtures/fake-node-minimal.sierra.json'),
    'utf8',
  ),
);

type Snap = Awaited<ReturnType<typeof installSnapnet>>;

/**
 * The methods the node was asked to run since the last `clearRequests`.
 *
 * @returns Their names.
 */
async function nodeMethods(): Promise<string[]> {
  return (await node.requests()).rpcCalls.map((call) => call.method);
}

/**
 * Sends an executeTxn and approves its dialog.
 *
 * @param snap - The snap.
 * @param details - Transaction details, if any.
 * @returns The transaction hash.
 */
async function approvedSend(snap: Snap, details?: Json): Promise<string> {
  const pending = snap.request({
    method: 'snapnet_executeTxn',
    params: {
      address: sender.address,
      calls: CALLS,
      ...(details ? { details } : {}),
    },
  });
  await (await confirmationOf(pending)).ok();
  return (resultOf(await pending) as { transaction_hash: string })
    .transaction_hash;
}

/**
 * Submits a transaction the snap signed (signTransaction) to the node, as a dapp would.
 *
 * @param signature - `[r, s]`.
 * @param nonce - The nonce signed.
 * @returns The node's JSON-RPC answer.
 */
async function submit(signature: Json, nonce: bigint): Promise<unknown> {
  const response = await fetch(node.rpcUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'starknet_addInvokeTransaction',
      params: {
        invoke_transaction: {
          type: 'INVOKE',
          version: '0x3',
          sender_address: sender.address,
          calldata: transaction
            .getExecuteCalldata(CALLS, '1')
            .map((felt) => `0x${BigInt(String(felt)).toString(16)}`),
          signature,
          nonce: `0x${nonce.toString(16)}`,
          resource_bounds: V3_BOUNDS,
          tip: '0x0',
          paymaster_data: [],
          account_deployment_data: [],
          nonce_data_availability_mode: 'L1',
          fee_data_availability_mode: 'L1',
        },
      },
    }),
  });
  return JSON.parse(await response.text());
}

describe('what a dapp may set in transaction details', () => {
  beforeEach(async () => {
    await node.reset();
    await node.deployAccount({ publicKey: sender.publicKey, nonce: 3 });
    await node.setBalance(STRK, sender.address, 10n ** 19n);
  });

  it('refuses a nonce ahead of or behind the next one, and the next send still lands', async () => {
    const snap = await installSnapnet();
    await node.clearRequests();
    for (const nonce of [5, '0x2', 203]) {
      const response = await snap.request({
        method: 'snapnet_executeTxn',
        params: { address: sender.address, calls: CALLS, details: { nonce } },
      });
      expectInvalidField(response, 'details.nonce');
    }
    expect(
      (await nodeMethods()).filter((method) =>
        method.startsWith('starknet_add'),
      ),
    ).toStrictEqual([]);
    expect(await node.transactions()).toStrictEqual([]);

    // Without a nonce, the snap signs the node's next one; the node includes it.
    const sent = await approvedSend(snap);
    expect(await node.include()).toStrictEqual([
      `0x${BigInt(sent).toString(16)}`,
    ]);
    expect(await node.getBalance(STRK, RECIPIENT)).toBe(1000n);
    // Naming the next nonce is fine.
    await approvedSend(snap, { nonce: 4 });
    expect((await node.transactions()).map((tx) => tx.nonce)).toStrictEqual([
      3, 4,
    ]);
  });

  it('estimateFee and declareContract take the next nonce only, too', async () => {
    const snap = await installSnapnet();
    await node.clearRequests();
    expectInvalidField(
      await snap.request({
        method: 'snapnet_estimateFee',
        params: {
          address: sender.address,
          invocations: CALLS,
          details: { nonce: 4 },
        },
      }),
      'details.nonce',
    );
    expectInvalidField(
      await snap.request({
        method: 'snapnet_declareContract',
        params: {
          senderAddress: sender.address,
          contractPayload: { contract: SIERRA, compiledClassHash: '0x0123' },
          invocationsDetails: { nonce: 9 },
        },
      }),
      'invocationsDetails.nonce',
    );
    expect(
      (await nodeMethods()).filter((method) =>
        method.startsWith('starknet_add'),
      ),
    ).toStrictEqual([]);
  });

  it('a future nonce signed elsewhere is held by the node, and executeTxn still lands', async () => {
    const snap = await installSnapnet();
    const pending = snap.request({
      method: 'snapnet_signTransaction',
      params: {
        address: sender.address,
        transactions: CALLS,
        transactionsDetail: { nonce: 5, resourceBounds: V3_BOUNDS },
      },
    });
    const ui = await confirmationOf(pending);
    // Signed as given, under a warning naming the account's next nonce (3).
    expect(warningsOf(ui)).toStrictEqual([
      expect.stringMatching(/nonce 5, but the account's next nonce is 3/u),
    ]);
    await ui.ok();
    const held = await submit(resultOf(await pending), 5n);
    // A 0.14 gateway takes a nonce up to 200 ahead and holds it.
    expect(held).toHaveProperty('result.transaction_hash');
    const sent = await approvedSend(snap);
    expect(await node.include()).toStrictEqual([
      `0x${BigInt(sent).toString(16)}`,
    ]);
    expect(
      (await node.transactions()).map((tx) => [tx.nonce, tx.status]),
    ).toStrictEqual([
      [5, 'RECEIVED'],
      [3, 'PRE_CONFIRMED'],
    ]);
  });

  it.each([
    ['maxFee', { maxFee: '0x1' }],
    ['paymasterData', { paymasterData: ['0x1'] }],
    ['accountDeploymentData', { accountDeploymentData: ['0x1', '0x2'] }],
  ])(
    'refuses executeTxn details.%s before any node read or dialog',
    async (name, details) => {
      const snap = await installSnapnet();
      await node.clearRequests();
      const response = await snap.request({
        method: 'snapnet_executeTxn',
        params: { address: sender.address, calls: CALLS, details },
      });
      expectInvalidField(response, `details.${name}`);
      expect(await nodeMethods()).toStrictEqual([]);
    },
  );

  it('refuses paymaster and deployment data in every signing method, unsigned', async () => {
    const snap = await installSnapnet();
    await node.clearRequests();
    const signed = { resourceBounds: V3_BOUNDS, paymasterData: ['0x7'] };
    expectInvalidField(
      await snap.request({
        method: 'snapnet_signTransaction',
        params: {
          address: sender.address,
          transactions: CALLS,
          transactionsDetail: signed,
        },
      }),
      'transactionsDetail.paymasterData',
    );
    expectInvalidField(
      await snap.request({
        method: 'snapnet_signDeclareTransaction',
        params: {
          address: sender.address,
          details: {
            classHash: '0x123',
            compiledClassHash: '0x456',
            resourceBounds: V3_BOUNDS,
            accountDeploymentData: ['0x1'],
          },
        },
      }),
      'details.accountDeploymentData',
    );
    expectInvalidField(
      await snap.request({
        method: 'snapnet_estimateFee',
        params: {
          address: sender.address,
          invocations: CALLS,
          details: { maxFee: '1000' },
        },
      }),
      'details.maxFee',
    );
    expect(await nodeMethods()).toStrictEqual([]);
  });
});
