/**
 * The 0.14 gateway's rules met through the built snap and the fake node: a data
 * availability mode other than L1 refused unsigned (no dialog, no node request), a
 * declare never sent at a future nonce while sends are pending (the gateway takes a
 * declare only at the committed nonce), a nested revert's reason shown first in the
 * confirmation, and the reasons of 55 and 63 answers in the error.
 */
import { beforeEach, describe, expect, it } from '@jest/globals';
import type { Json } from '@metamask/utils';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import { fakeNode } from '../../src/fakeNode/admin';
import { STRK } from '../../src/fakeNode/constants';
import { expectedAccount } from '../fixtures/wallet';
import {
  confirmationOf,
  errorOf,
  expectInvalidField,
  installGranted,
  resultOf,
  textOf,
} from './helpers';

const node = fakeNode('sepolia');
const sender = expectedAccount(0);
const TRANSFER = [
  {
    contractAddress: STRK,
    entrypoint: 'transfer',
    calldata: [`0x0${'4'.repeat(63)}`, '1000', '0'],
  },
];
const SIERRA: Json = JSON.parse(
  readFileSync(
    resolve(__dirname, '../fixtures/fake-node-minimal.sierra.json'),
    'utf8',
  ),
);

type Snap = Awaited<ReturnType<typeof installGranted>>;

/**
 * Sends an executeTxn and approves its dialog.
 *
 * @param snap - The snap.
 * @param calls - The calls.
 * @returns The response.
 */
async function sendApproved(snap: Snap, calls: Json = TRANSFER) {
  const pending = snap.request({
    method: 'snapnet_executeTxn',
    params: { address: sender.address, calls },
  });
  await (await confirmationOf(pending)).ok();
  return pending;
}

describe('the 0.14 gateway, met through the snap', () => {
  beforeEach(async () => {
    await node.reset();
    await node.deployAccount({ publicKey: sender.publicKey });
    await node.setBalance(STRK, sender.address, 10n ** 20n);
  });

  it.each(['nonceDataAvailabilityMode', 'feeDataAvailabilityMode'])(
    'refuses details.%s L2 unsigned: -32602 naming it, no dialog, no node request',
    async (field) => {
      const snap = await installGranted([sender.address]);
      await node.clearRequests();
      const response = await snap.request({
        method: 'snapnet_executeTxn',
        params: {
          address: sender.address,
          calls: TRANSFER,
          details: { [field]: 'L2' },
        },
      });
      expectInvalidField(response, `details.${field}`);
      expect((await node.requests()).rpcCalls).toStrictEqual([]);
    },
  );

  it('never sends a declare at a future nonce while a send is pending, and names it', async () => {
    const snap = await installGranted([sender.address]);
    const sent = resultOf(await sendApproved(snap)) as {
      transaction_hash: string;
    };
    // snaps-jest's request is a promise with getInterface: awaiting it here would lose that.
    // eslint-disable-next-line @typescript-eslint/promise-function-async
    const declare = () =>
      snap.request({
        method: 'snapnet_declareContract',
        params: {
          senderAddress: sender.address,
          contractPayload: { contract: SIERRA, compiledClassHash: '0x0123' },
        },
      });
    const refused = await declare();
    expectInvalidField(refused, 'senderAddress');
    expect(errorOf(refused).message).toContain(
      `${sent.transaction_hash} (nonce 0)`,
    );
    // Included but not in a block yet: still refused.
    await node.include();
    expectInvalidField(await declare(), 'senderAddress');
    expect(
      (await node.requests()).rpcCalls.filter(
        (call) => call.method === 'starknet_addDeclareTransaction',
      ),
    ).toStrictEqual([]);
    await node.mine();
    const pending = declare();
    await (await confirmationOf(pending)).ok();
    resultOf(await pending);
    expect(
      (await node.transactions()).map((tx) => [tx.type, tx.nonce]),
    ).toStrictEqual([
      ['INVOKE', 0],
      ['DECLARE', 1],
    ]);
  });

  it('shows a nested revert reason first, in full, in the confirmation', async () => {
    await node.addContract({
      address: '0xb0b',
      functions: { claim: { revert: 'Not enough rewards' } },
    });
    await node.addContract({
      address: '0xa11ce',
      functions: {
        claim: { call: { contractAddress: '0xb0b', entrypoint: 'claim' } },
      },
    });
    const snap = await installGranted([sender.address]);
    const pending = snap.request({
      method: 'snapnet_executeTxn',
      params: {
        address: sender.address,
        calls: [
          { contractAddress: '0xa11ce', entrypoint: 'claim', calldata: [] },
        ],
      },
    });
    const ui = await confirmationOf(pending);
    expect(textOf(ui)).toContain(
      `Not enough rewards (in contract 0x${'b0b'.padStart(64, '0')}, called from 0x${'a11ce'.padStart(64, '0')}`,
    );
    await ui.cancel();
    await pending;
  });

  it.each([
    [
      55,
      'Account validation failed',
      "The `validate` entry point panicked with:\nError in contract (contract address: 0x01, class hash: 0x02, selector: 0x03):\n0x617267656e742f696e76616c69642d7369676e6174757265 ('argent/invalid-signature').\n",
      'Account validation failed (code 55): argent/invalid-signature (in contract 0x01).',
    ],
    [
      63,
      'An unexpected error occurred',
      'The field paymaster_data should be empty.',
      'An unexpected error occurred (code 63): The field paymaster_data should be empty.',
    ],
  ])(
    'says the reason of a %i answer in the error',
    async (code, message, data, said) => {
      const snap = await installGranted([sender.address]);
      await node.fault({
        kind: 'rpcError',
        method: 'starknet_addInvokeTransaction',
        code,
        message,
        data,
      });
      const error = errorOf(await sendApproved(snap));
      expect(error.message).toContain(said);
    },
  );
});
