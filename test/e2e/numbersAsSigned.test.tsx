/**
 * Played by an attacking page: numbers exactly as signed. Overflowing
 * resource bounds and tips (which would wrap in the signed hash while the dialog showed
 * another fee) are refused before anything is signed or sent; no decimal number of any
 * confirmation is cut so its size hides; address arguments read in hex; amounts follow
 * the user's locale everywhere in a dialog.
 */
import { beforeEach, describe, expect, it } from '@jest/globals';
import type { Json, JsonRpcParams } from '@metamask/utils';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { hash, transaction } from 'starknet';

import { fakeNode } from '../../src/fakeNode/admin';
import { STRK } from '../../src/fakeNode/constants';
import { verifiesWithKey } from '../fixtures/transactions';
import { expectedAccount, SEPOLIA } from '../fixtures/wallet';
import {
  confirmationOf,
  expectInvalidField,
  installSnapnet,
  resultOf,
  textOf,
} from './helpers';

const node = fakeNode('sepolia');
const sender = expectedAccount(0);
const RECIPIENT = `0x0${'4'.repeat(63)}`;
const U64_MAX = 2n ** 64n - 1n;
const U128_MAX = 2n ** 128n - 1n;
const PRIME_MINUS_ONE =
  '3618502788666131213697322783095070105623107215331596699973092056135872020480';
/** The largest bounds the protocol allows on L2 gas. */
const MAX_BOUNDS = {
  l1_gas: { max_amount: '0x0', max_price_per_unit: '0x0' },
  l2_gas: {
    max_amount: `0x${U64_MAX.toString(16)}`,
    max_price_per_unit: `0x${U128_MAX.toString(16)}`,
  },
  l1_data_gas: { max_amount: '0x0', max_price_per_unit: '0x0' },
};
const MAX_FEE = U64_MAX * U128_MAX;
/** An ERC-20 amount whose u256 high part is set: 5 * 2^128 + 2^128 - 1 base units. */
const HUGE = { low: U128_MAX, high: 5n };
const HUGE_AMOUNT = HUGE.low + HUGE.high * 2n ** 128n;
const CALLS = [
  {
    contractAddress: STRK,
    entrypoint: 'transfer',
    calldata: [RECIPIENT, HUGE.low.toString(), HUGE.high.toString()],
  },
];

const SIERRA: Json = JSON.parse(
  readFileSync(
    resolve(__dirname, '../fixtures/fake-node-minimal.sierra.json'),
    'utf8',
  ),
);

type Snap = Awaited<ReturnType<typeof installSnapnet>>;
type Pending = ReturnType<Snap['request']>;

/**
 * Words of a dialog's text that hold an ellipsis and are not a shortened hex value
 * (`0x049d3600…0e004dc7`, whose full value is in its tooltip).
 *
 * @param text - The dialog text.
 * @returns The cut words (none expected).
 */
function cutNumbers(text: string): string[] {
  return text
    .split(/\s+/u)
    .filter((word) => word.includes('…'))
    .filter((word) => !/^0x[0-9a-f]{8}…[0-9a-f]{8}$/iu.test(word));
}

/**
 * The dialog of a pending request, read and then cancelled.
 *
 * @param pending - The request.
 * @returns The dialog text.
 */
async function dialogOf(pending: Pending): Promise<string> {
  const ui = await confirmationOf(pending);
  const text = textOf(ui);
  await ui.cancel();
  await pending;
  return text;
}

/**
 * A whole number of STRK written with all its digits, computed here.
 *
 * @param fri - An amount in FRI.
 * @returns Its whole STRK digits.
 */
function wholeStrk(fri: bigint): string {
  return (fri / 10n ** 18n).toString();
}

describe('numbers exactly as signed', () => {
  beforeEach(async () => {
    await node.reset();
    await node.deployAccount({ publicKey: sender.publicKey, nonce: 2 });
    await node.setBalance(STRK, sender.address, 10n ** 19n);
  });

  it('refuses an overflowing bound or tip in every method, with nothing signed or sent', async () => {
    const snap = await installSnapnet();
    const wrapping = {
      ...MAX_BOUNDS,
      l2_gas: { max_amount: `0x1${'0'.repeat(16)}`, max_price_per_unit: '1' },
    };
    const bigPrice = {
      ...MAX_BOUNDS,
      l1_data_gas: {
        max_amount: '1',
        max_price_per_unit: `0x1${'0'.repeat(32)}`,
      },
    };
    const cases: [string, JsonRpcParams, string][] = [
      [
        'snapnet_executeTxn',
        {
          address: sender.address,
          calls: CALLS,
          details: { resourceBounds: wrapping },
        },
        'details.resourceBounds.l2_gas.max_amount',
      ],
      [
        'snapnet_executeTxn',
        {
          address: sender.address,
          calls: CALLS,
          details: { tip: (2n ** 64n).toString() },
        },
        'details.tip',
      ],
      [
        'snapnet_signTransaction',
        {
          address: sender.address,
          transactions: CALLS,
          transactionsDetail: { resourceBounds: bigPrice },
        },
        'transactionsDetail.resourceBounds.l1_data_gas.max_price_per_unit',
      ],
      [
        'snapnet_signDeclareTransaction',
        {
          address: sender.address,
          details: {
            classHash: '0x123',
            compiledClassHash: '0x456',
            resourceBounds: MAX_BOUNDS,
            tip: `0x1${'0'.repeat(16)}`,
          },
        },
        'details.tip',
      ],
      [
        'snapnet_declareContract',
        {
          senderAddress: sender.address,
          contractPayload: { contract: SIERRA, compiledClassHash: '0x0123' },
          invocationsDetails: { tip: (2n ** 64n + 5n).toString() },
        },
        'invocationsDetails.tip',
      ],
      [
        'snapnet_estimateFee',
        {
          address: sender.address,
          invocations: CALLS,
          details: { resourceBounds: wrapping },
        },
        'details.resourceBounds.l2_gas.max_amount',
      ],
    ];
    await node.clearRequests();
    for (const [method, params, field] of cases) {
      // No dialog: the answer comes at once.
      expectInvalidField(await snap.request({ method, params }), field);
    }
    expect((await node.requests()).rpcCalls).toStrictEqual([]);
    expect(await node.transactions()).toStrictEqual([]);
  });

  it('signs the largest bounds the protocol allows, showing the whole max fee', async () => {
    const snap = await installSnapnet();
    const pending = snap.request({
      method: 'snapnet_signTransaction',
      params: {
        address: sender.address,
        transactions: CALLS,
        transactionsDetail: {
          resourceBounds: MAX_BOUNDS,
          tip: U64_MAX.toString(),
        },
      },
    });
    const ui = await confirmationOf(pending);
    const text = textOf(ui);
    // The tip counts on L2 gas: max_amount x (price + tip).
    const maxFee = U64_MAX * (U128_MAX + U64_MAX);
    expect(text).toContain(wholeStrk(maxFee));
    expect(text).toContain(wholeStrk(HUGE_AMOUNT));
    expect(cutNumbers(text)).toStrictEqual([]);
    await ui.ok();
    const expected = hash.calculateInvokeTransactionHash({
      senderAddress: sender.address,
      version: '0x3',
      compiledCalldata: transaction.getExecuteCalldata(CALLS, '1'),
      chainId: SEPOLIA,
      nonce: 2n,
      accountDeploymentData: [],
      nonceDataAvailabilityMode: 0,
      feeDataAvailabilityMode: 0,
      resourceBounds: {
        l1_gas: { max_amount: 0n, max_price_per_unit: 0n },
        l2_gas: { max_amount: U64_MAX, max_price_per_unit: U128_MAX },
        l1_data_gas: { max_amount: 0n, max_price_per_unit: 0n },
      },
      tip: U64_MAX,
      paymasterData: [],
    });
    expect(
      verifiesWithKey(resultOf(await pending), expected, sender.privateKey),
    ).toBe(true);
  });

  it('cuts no decimal number in the executeTxn, declare and signMessage confirmations', async () => {
    const snap = await installSnapnet();
    const raw = `0x0${'3'.repeat(63)}`;
    await node.addContract({
      address: raw,
      functions: { mint: ['0x1'] },
      classHash: '0xc1a55e',
      hideAbi: true,
    });
    const execute = await dialogOf(
      snap.request({
        method: 'snapnet_executeTxn',
        params: {
          address: sender.address,
          calls: [
            ...CALLS,
            {
              contractAddress: raw,
              entrypoint: 'mint',
              calldata: [PRIME_MINUS_ONE],
            },
          ],
        },
      }),
    );
    expect(execute).toContain(PRIME_MINUS_ONE);
    expect(execute).toContain(wholeStrk(HUGE_AMOUNT));
    expect(cutNumbers(execute)).toStrictEqual([]);

    const declare = await dialogOf(
      snap.request({
        method: 'snapnet_signDeclareTransaction',
        params: {
          address: sender.address,
          details: {
            classHash: '0x123',
            compiledClassHash: '0x456',
            resourceBounds: MAX_BOUNDS,
          },
        },
      }),
    );
    expect(declare).toContain(wholeStrk(MAX_FEE));
    expect(cutNumbers(declare)).toStrictEqual([]);

    const message = await dialogOf(
      snap.request({
        method: 'snapnet_signMessage',
        params: {
          signerAddress: sender.address,
          typedDataMessage: {
            types: {
              StarknetDomain: [
                { name: 'name', type: 'shortstring' },
                { name: 'version', type: 'shortstring' },
                { name: 'chainId', type: 'shortstring' },
                { name: 'revision', type: 'shortstring' },
              ],
              Permit: [
                { name: 'amount', type: 'u128' },
                { name: 'nonce', type: 'felt' },
              ],
            },
            primaryType: 'Permit',
            domain: {
              name: 'Drain',
              version: '1',
              chainId: 'SN_SEPOLIA',
              revision: '1',
            },
            message: { amount: U128_MAX.toString(), nonce: PRIME_MINUS_ONE },
          },
        },
      }),
    );
    expect(message).toContain(U128_MAX.toString());
    expect(message).toContain(PRIME_MINUS_ONE);
    expect(cutNumbers(message)).toStrictEqual([]);
  });
});
