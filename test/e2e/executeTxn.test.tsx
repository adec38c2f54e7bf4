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
  textOf,
} from './helpers';

const node = fakeNode('sepolia');
const RECIPIENT = `0x0${'7'.repeat(63)}`;
const account = expectedAccount(0);
const transfer = (amount: bigint) => [
  {
    contractAddress: STRK,
    entrypoint: 'transfer',
    calldata: [RECIPIENT, amount.toString(), '0'],
  },
];

type Snap = Awaited<ReturnType<typeof installSnapnet>>;

/**
 * Sends an executeTxn and approves its dialog.
 *
 * @param snap - The installed snap.
 * @param params - executeTxn params.
 * @returns The dialog text and the response.
 */
async function approveExecute(snap: Snap, params: Record<string, unknown>) {
  const pending = snap.request({
    method: 'snapnet_executeTxn',
    params: { address: account.address, ...params },
  });
  const ui = await confirmationOf(pending);
  const text = textOf(ui);
  await ui.ok();
  return { text, response: await pending };
}

describe('snapnet_executeTxn', () => {
  beforeEach(async () => {
    await node.reset();
  });

  it('sends an ERC-20 transfer from a deployed account in three round trips', async () => {
    await node.deployAccount({ publicKey: account.publicKey, nonce: 4 });
    await node.setBalance(STRK, account.address, 10n ** 19n);
    const snap = await installSnapnet();
    await node.clearRequests();
    const { text, response } = await approveExecute(snap, {
      calls: transfer(15n * 10n ** 17n),
    });
    for (const expected of [
      'Transfer',
      '1.5 STRK',
      RECIPIENT,
      'Estimated fee',
      'Starknet Sepolia',
      'metamask.io',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('not deployed yet');
    const result = resultOf(response) as { transaction_hash: string };
    const [sent] = await node.transactions();
    expect(sent).toMatchObject({ type: 'INVOKE', nonce: 4 });
    expect(BigInt(sent?.hash ?? 0)).toBe(BigInt(result.transaction_hash));
    // The sequencer includes what the node received (fake node: explicitly).
    await node.include();
    expect(await node.getBalance(STRK, RECIPIENT)).toBe(15n * 10n ** 17n);
    expect((await node.requests()).httpRequests).toBeLessThanOrEqual(3);
  });

  it('gives consecutive calls consecutive nonces before a block is mined', async () => {
    await node.deployAccount({ publicKey: account.publicKey });
    await node.setBalance(STRK, account.address, 10n ** 19n);
    const snap = await installSnapnet();
    await approveExecute(snap, { calls: transfer(1n) });
    await approveExecute(snap, { calls: transfer(2n) });
    expect((await node.transactions()).map((tx) => tx.nonce)).toEqual([0, 1]);
  });

  it('deploys a funded new account and pays the transfer in one approval', async () => {
    await node.setBalance(STRK, account.address, 10n ** 19n);
    const snap = await installSnapnet();
    await node.clearRequests();
    const { text, response } = await approveExecute(snap, {
      calls: transfer(10n ** 18n),
    });
    expect(text).toContain('not deployed yet');
    const result = resultOf(response) as { transaction_hash: string };
    const sent = await node.transactions();
    expect(sent.map((tx) => [tx.type, tx.nonce])).toEqual([
      ['DEPLOY_ACCOUNT', 0],
      ['INVOKE', 1],
    ]);
    expect(BigInt(sent[1]?.hash ?? 0)).toBe(BigInt(result.transaction_hash));
    // The sequencer includes what the node received (fake node: explicitly).
    await node.include();
    expect(await node.getBalance(STRK, RECIPIENT)).toBe(10n ** 18n);
    expect((await node.requests()).httpRequests).toBeLessThanOrEqual(4);
    const records = resultOf(
      await snap.request({
        method: 'snapnet_getTransactions',
        params: { senderAddress: account.address, withDeployTxn: true },
      }),
    ) as { txnType: string; txnHash: string; status: string }[];
    expect(records.map((record) => record.txnType).sort()).toEqual([
      'deploy_account',
      'invoke',
    ]);
  });

  it('sends nothing when the user rejects', async () => {
    await node.deployAccount({ publicKey: account.publicKey });
    await node.setBalance(STRK, account.address, 10n ** 19n);
    const snap = await installSnapnet();
    const pending = snap.request({
      method: 'snapnet_executeTxn',
      params: { address: account.address, calls: transfer(1n) },
    });
    await (await confirmationOf(pending)).cancel();
    expect(errorOf(await pending).code).toBe(4001);
    expect(await node.transactions()).toEqual([]);
    // A refused dialog gives the page nothing; the user's own view has no record.
    expect(
      resultOf(
        await snap.request({
          method: 'snapnet_getTransactions',
          params: { senderAddress: account.address },
          origin: 'metamask',
        }),
      ),
    ).toEqual([]);
  });

  it('refuses a nonce other than the next one, carries the node refusal (balance) and records nothing', async () => {
    await node.deployAccount({ publicKey: account.publicKey });
    await node.setBalance(STRK, account.address, 10n ** 19n);
    const snap = await installSnapnet();
    // No dialog: a future nonce would be held by the node and stall later sends.
    expectInvalidField(
      await snap.request({
        method: 'snapnet_executeTxn',
        params: {
          address: account.address,
          calls: transfer(1n),
          details: { nonce: 9 },
        },
      }),
      'details.nonce',
    );

    await node.setBalance(STRK, account.address, 10n);
    const poor = await approveExecute(snap, { calls: transfer(1n) });
    const poorError = errorOf(poor.response);
    expect(poorError.code).toBe(-32603);
    expect(poorError.data).toMatchObject({
      walletRpcError: { code: 163 },
      node: { code: 54 },
    });
    expect(
      resultOf(
        await snap.request({
          method: 'snapnet_getTransactions',
          params: { senderAddress: account.address },
        }),
      ),
    ).toEqual([]);
  });

  it('keeps the deploy record and says so when the invoke fails after it', async () => {
    await node.setBalance(STRK, account.address, 10n ** 19n);
    await node.fault({
      kind: 'rpcError',
      method: 'starknet_addInvokeTransaction',
      code: 63,
      message: 'sequencer unavailable',
    });
    const snap = await installSnapnet();
    const { response } = await approveExecute(snap, { calls: transfer(1n) });
    const error = errorOf(response);
    expect(error.message).toContain('was deployed');
    expect(error.message).toContain('invoke was not sent');
    expect(error.data).toMatchObject({ node: { code: 63 } });
    const records = resultOf(
      await snap.request({
        method: 'snapnet_getTransactions',
        params: { senderAddress: account.address, withDeployTxn: true },
      }),
    ) as { txnType: string }[];
    expect(records.map((record) => record.txnType)).toEqual(['deploy_account']);
    expect((await node.transactions()).map((tx) => tx.type)).toEqual([
      'DEPLOY_ACCOUNT',
    ]);
  });

  it('shows a listed token transfer as its summary only, never its amount again in base units (dapp ABI or not)', async () => {
    await node.deployAccount({ publicKey: account.publicKey });
    await node.setBalance(STRK, account.address, 10n ** 19n);
    const snap = await installSnapnet();
    const abi = [
      {
        type: 'function',
        name: 'transfer',
        inputs: [
          {
            name: 'recipient',
            type: 'core::starknet::contract_address::ContractAddress',
          },
          { name: 'amount', type: 'core::integer::u256' },
        ],
      },
    ];
    const { text } = await approveExecute(snap, {
      calls: transfer(5n),
      abis: abi,
    });
    expect(text).toMatch(/Transfer\n0\.000000000000000005 STRK\nRecipient/u);
    expect(text).not.toMatch(/amount|Argument/u);
  });

  it('names the bad field', async () => {
    const snap = await installSnapnet();
    expectInvalidField(
      await snap.request({
        method: 'snapnet_executeTxn',
        params: { address: account.address, calls: [] },
      }),
      'calls',
    );
    expectInvalidField(
      await snap.request({
        method: 'snapnet_executeTxn',
        params: {
          address: account.address,
          calls: [{ contractAddress: STRK, calldata: [] }],
        },
      }),
      'calls.0.entrypoint',
    );
  });
});
