import { beforeEach, describe, expect, it } from '@jest/globals';
import { hash, transaction } from 'starknet';

import { fakeNode } from '../../src/fakeNode/admin';
import { STRK } from '../../src/fakeNode/constants';
import {
  boundsAsBigInt,
  V3_BOUNDS,
  verifiesWithKey,
} from '../fixtures/transactions';
import { expectedAccount, SEPOLIA } from '../fixtures/wallet';
import {
  confirmationOf,
  errorOf,
  expectInvalidField,
  installSnapnet,
  resultOf,
  textOf,
} from './helpers';

const node = fakeNode('sepolia');
const sender = expectedAccount(0);
const RECIPIENT = `0x0${'5'.repeat(63)}`;

const BOUNDS = V3_BOUNDS;

const CALLS = [
  {
    contractAddress: STRK,
    entrypoint: 'transfer',
    calldata: [RECIPIENT, '1500000000000000000', '0'],
  },
];

/**
 * The invoke hash, recomputed in the test from the same calls and details.
 *
 * @param nonce - The nonce signed.
 * @returns The hash.
 */
function expectedHash(nonce: bigint): string {
  return hash.calculateInvokeTransactionHash({
    senderAddress: sender.address,
    version: '0x3',
    compiledCalldata: transaction.getExecuteCalldata(CALLS, '1'),
    chainId: SEPOLIA,
    nonce,
    accountDeploymentData: [],
    nonceDataAvailabilityMode: 0,
    feeDataAvailabilityMode: 0,
    resourceBounds: boundsAsBigInt(BOUNDS),
    tip: 0,
    paymasterData: [],
  });
}

/**
 * Submits the signed transaction to the fake node, as a dapp would.
 *
 * @param signature - `[r, s]` from the snap.
 * @param nonce - The nonce signed.
 * @returns The node's JSON-RPC answer.
 */
async function submit(signature: string[], nonce: bigint): Promise<unknown> {
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
          resource_bounds: BOUNDS,
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

describe('snapnet_signTransaction', () => {
  beforeEach(async () => {
    await node.reset();
    await node.deployAccount({ publicKey: sender.publicKey, nonce: 3 });
    await node.setBalance(STRK, sender.address, 10n ** 19n);
  });

  it('shows every call and the fee, signs a hash the node accepts', async () => {
    const { request } = await installSnapnet();
    const pending = request({
      method: 'snapnet_signTransaction',
      params: {
        senderAddress: sender.address,
        transactions: CALLS,
        transactionsDetail: { resourceBounds: BOUNDS },
      },
    });
    const ui = await confirmationOf(pending);
    const text = textOf(ui);
    for (const expected of [
      'metamask.io',
      sender.address,
      'Starknet Sepolia',
      'Transfer',
      '1.5 STRK',
      RECIPIENT,
      'transfer',
      'Maximum fee',
    ]) {
      expect(text).toContain(expected);
    }
    // Nonce read from the node (pre-confirmed block): 3.
    expect(text).toMatch(/Nonce\s+3/u);
    await ui.ok();
    const signature = resultOf(await pending);
    expect(
      verifiesWithKey(signature, expectedHash(3n), sender.privateKey),
    ).toBe(true);

    if (!Array.isArray(signature)) {
      throw new Error('expected [r, s]');
    }
    const answer = await submit(signature.map(String), 3n);
    expect(answer).toMatchObject({
      result: { transaction_hash: expectedHash(3n) },
    });
    // The sequencer includes what the node received (fake node: explicitly).
    await node.include();
    expect(await node.getBalance(STRK, RECIPIENT)).toBe(15n * 10n ** 17n);
  });

  it('takes a missing nonce past a send the node received but does not count yet', async () => {
    const { request } = await installSnapnet();
    const sent = request({
      method: 'snapnet_executeTxn',
      params: { address: sender.address, calls: CALLS },
    });
    await (await confirmationOf(sent)).ok();
    resultOf(await sent);
    expect(await node.nonceOf(sender.address)).toBe(3n);

    const pending = request({
      method: 'snapnet_signTransaction',
      params: {
        senderAddress: sender.address,
        transactions: CALLS,
        transactionsDetail: { resourceBounds: BOUNDS },
      },
    });
    const ui = await confirmationOf(pending);
    expect(textOf(ui)).toMatch(/Nonce\s+4/u);
    await ui.ok();
    const signature = resultOf(await pending);
    if (!Array.isArray(signature)) {
      throw new Error('expected [r, s]');
    }
    // The node admits it as the next transaction after the received one.
    expect(await submit(signature.map(String), 4n)).toMatchObject({
      result: { transaction_hash: expectedHash(4n) },
    });
  });

  it('honours the nonce given in the details', async () => {
    const { request } = await installSnapnet();
    const pending = request({
      method: 'snapnet_signTransaction',
      params: {
        address: sender.address,
        transactions: CALLS,
        transactionsDetail: {
          resourceBounds: BOUNDS,
          nonce: 7,
          version: '0x3',
        },
      },
    });
    await (await confirmationOf(pending)).ok();
    expect(
      verifiesWithKey(
        resultOf(await pending),
        expectedHash(7n),
        sender.privateKey,
      ),
    ).toBe(true);
  });

  it('answers 4001 and signs nothing when the user rejects', async () => {
    const { request } = await installSnapnet();
    const pending = request({
      method: 'snapnet_signTransaction',
      params: {
        address: sender.address,
        transactions: CALLS,
        transactionsDetail: { resourceBounds: BOUNDS },
      },
    });
    await (await confirmationOf(pending)).cancel();
    expect(errorOf(await pending).code).toBe(4001);
  });

  it('names the bad field before any dialog', async () => {
    const { request } = await installSnapnet();
    const base = {
      address: sender.address,
      transactions: CALLS,
      transactionsDetail: { resourceBounds: BOUNDS },
    };
    expectInvalidField(
      await request({
        method: 'snapnet_signTransaction',
        params: { ...base, transactionsDetail: {} },
      }),
      'transactionsDetail.resourceBounds',
    );
    expectInvalidField(
      await request({
        method: 'snapnet_signTransaction',
        params: {
          ...base,
          transactionsDetail: { resourceBounds: BOUNDS, version: '0x1' },
        },
      }),
      'transactionsDetail.version',
    );
    expectInvalidField(
      await request({
        method: 'snapnet_signTransaction',
        params: { ...base, transactions: [] },
      }),
      'transactions',
    );
    expectInvalidField(
      await request({
        method: 'snapnet_signTransaction',
        params: {
          ...base,
          transactions: [{ ...CALLS[0], calldata: ['0xzz'] }],
        },
      }),
      'transactions.0.calldata.0',
    );
    expectInvalidField(
      await request({
        method: 'snapnet_signTransaction',
        params: { transactions: CALLS },
      }),
      'address',
    );
    // An address that is no account of this wallet: a page was not given it (4100,
    // as for any account it lacks); MetaMask learns it is no account of the wallet.
    const stranger = { ...base, address: '0x1234' };
    expect(
      errorOf(
        await request({ method: 'snapnet_signTransaction', params: stranger }),
      ),
    ).toMatchObject({ code: 4100, data: { field: 'address' } });
    expectInvalidField(
      await request({
        origin: 'metamask',
        method: 'snapnet_signTransaction',
        params: stranger,
      }),
      'address',
    );
  });
});
