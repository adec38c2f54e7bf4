import { beforeEach, describe, expect, it } from '@jest/globals';
import type { Json } from '@metamask/utils';

import { fakeNode } from '../../src/fakeNode/admin';
import { STRK } from '../../src/fakeNode/constants';
import { feltHex } from '../../src/fakeNode/json';
import { fakePaymaster } from '../../src/fakeNode/paymasterAdmin';
import type { PaymasterMode } from '../../src/fakeNode/paymasterBuild';
import {
  FEE_RECIPIENT,
  PAYMASTER_TOKENS,
  SEPOLIA_USDC,
  quoteFee,
} from '../../src/fakeNode/paymasterQuote';
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
const paymaster = fakePaymaster('sepolia');
const RECIPIENT = `0x0${'5'.repeat(63)}`;
const USDC = `0x${SEPOLIA_USDC.toString(16).padStart(64, '0')}`;
const account = expectedAccount(0);
const usdcToken = PAYMASTER_TOKENS.sepolia.find(
  (token) => token.address === SEPOLIA_USDC,
);
if (!usdcToken) {
  throw new Error('the fake paymaster takes Sepolia USDC');
}
const FEE = quoteFee(usdcToken);
const START = 10_000_000n;

type Snap = Awaited<ReturnType<typeof installSnapnet>>;

/**
 * A USDC transfer call.
 *
 * @param amount - Base units.
 * @returns The calls.
 */
function usdcTransfer(amount: bigint): Json[] {
  return [
    {
      contractAddress: USDC,
      entrypoint: 'transfer',
      calldata: [RECIPIENT, amount.toString(), '0'],
    },
  ];
}

/**
 * Starts an executeTxn paying its fee in USDC.
 *
 * @param snap - The installed snap.
 * @param amount - USDC to send.
 * @returns The pending request.
 */
function payInUsdc(snap: Snap, amount: bigint): ReturnType<Snap['request']> {
  return snap.request({
    method: 'snapnet_executeTxn',
    params: {
      address: account.address,
      calls: usdcTransfer(amount),
      details: { feeToken: USDC },
    },
  });
}

/**
 * The methods the fake paymaster answered, in order.
 *
 * @returns Their names.
 */
async function paymasterMethods(): Promise<string[]> {
  return (await paymaster.requests()).map((request) => request.method);
}

describe('snapnet_executeTxn with details.feeToken (SNIP-29 paymaster)', () => {
  beforeEach(async () => {
    await node.reset();
    await node.addToken({
      address: USDC,
      name: 'USD Coin',
      symbol: 'USDC',
      decimals: 6,
    });
    await node.setBalance(USDC, account.address, START);
  });

  it('pays the fee of a USDC-only account in USDC, records it, and a later STRK send signs the node nonce', async () => {
    await node.deployAccount({ publicKey: account.publicKey });
    const snap = await installSnapnet();
    const pending = payInUsdc(snap, 1_000_000n);
    const ui = await confirmationOf(pending);
    const text = textOf(ui);
    for (const expected of [
      'transfer',
      // The simulated balance change: the amount plus the most the fee can take.
      `-1.${FEE.maxToken.toString().padStart(6, '0')}`,
      'unverified token',
      'Estimated fee',
      `0.${FEE.estimatedToken.toString().padStart(6, '0')}`,
      `0.${FEE.maxToken.toString().padStart(6, '0')}`,
      '127.0.0.1',
    ]) {
      expect(text).toContain(expected);
    }
    // No STRK fee row: no amount in STRK anywhere.
    expect(text).not.toMatch(/\d STRK/u);
    await ui.ok();
    const { transaction_hash: txHash } = resultOf(await pending) as {
      transaction_hash: string;
    };
    const relayed = (await node.transactions()).find(
      (tx) => BigInt(tx.hash) === BigInt(txHash),
    );
    expect(relayed?.execution).toBe('SUCCEEDED');
    await node.include();
    expect(await node.getBalance(USDC, RECIPIENT)).toBe(1_000_000n);
    expect(await node.getBalance(USDC, account.address)).toBe(
      START - 1_000_000n - FEE.estimatedToken,
    );
    expect(await node.getBalance(USDC, feltHex(FEE_RECIPIENT))).toBe(
      FEE.estimatedToken,
    );
    expect(await node.getBalance(STRK, account.address)).toBe(0n);
    const records = resultOf(
      await snap.request({
        method: 'snapnet_getTransactions',
        params: { senderAddress: account.address },
      }),
    ) as { txnHash: string }[];
    expect(records.map((record) => BigInt(record.txnHash))).toContain(
      BigInt(txHash),
    );

    // The outside execution took no account nonce: a STRK send signs the node's 0.
    await node.setBalance(STRK, account.address, 10n ** 19n);
    const strkSend = snap.request({
      method: 'snapnet_executeTxn',
      params: { address: account.address, calls: usdcTransfer(1n) },
    });
    await (await confirmationOf(strkSend)).ok();
    const strkHash = (resultOf(await strkSend) as { transaction_hash: string })
      .transaction_hash;
    const sent = (await node.transactions()).find(
      (tx) => BigInt(tx.hash) === BigInt(strkHash),
    );
    expect(sent).toMatchObject({ type: 'INVOKE', nonce: 0 });
    await node.include();
    expect(await node.getBalance(USDC, RECIPIENT)).toBe(1_000_001n);
  });

  it('deploys an undeployed USDC-only account and sends in one approval', async () => {
    const snap = await installSnapnet();
    const pending = payInUsdc(snap, 2_000_000n);
    const ui = await confirmationOf(pending);
    expect(textOf(ui)).toContain('not deployed yet');
    await ui.ok();
    resultOf(await pending);
    await node.include();
    expect(await node.getBalance(USDC, RECIPIENT)).toBe(2_000_000n);
    expect(await node.getBalance(USDC, account.address)).toBe(
      START - 2_000_000n - FEE.estimatedToken,
    );
    expect(await node.nonceOf(account.address)).toBe(0n);
    expect(await paymasterMethods()).toContain('paymaster_executeTransaction');
  });

  it.each<[PaymasterMode, string]>([
    ['extraCall', 'exactly the requested calls'],
    ['approve', 'not a transfer'],
    ['feeRecipient', 'another address'],
    ['feeAboveQuote', 'above its own quote'],
    ['anyCaller', 'ANY_CALLER'],
    ['window30d', 'more than an hour'],
    ['otherChain', 'chainId'],
    ['bothArrays', 'both Calls and calls'],
  ])(
    'refuses what a %s paymaster built, before any dialog, with nothing signed',
    async (mode, problem) => {
      await node.deployAccount({ publicKey: account.publicKey });
      await paymaster.setMode(mode);
      const snap = await installSnapnet();
      const error = errorOf(await payInUsdc(snap, 1n));
      expect(error.message).toContain('refuses to sign');
      expect(error.message).toContain(problem);
      expect(await paymasterMethods()).not.toContain(
        'paymaster_executeTransaction',
      );
      expect(await node.transactions()).toEqual([]);
    },
  );

  it('refuses a token the paymaster does not take, naming details.feeToken', async () => {
    await node.deployAccount({ publicKey: account.publicKey });
    const snap = await installSnapnet();
    const response = await snap.request({
      method: 'snapnet_executeTxn',
      params: {
        address: account.address,
        calls: usdcTransfer(1n),
        details: { feeToken: `0x0${'4'.repeat(63)}` },
      },
    });
    expectInvalidField(response, 'details.feeToken');
    expect(await paymasterMethods()).toEqual(['paymaster_getSupportedTokens']);
    expect(await node.transactions()).toEqual([]);
  });

  it('sends nothing when the user rejects, and names the host of an unreachable paymaster', async () => {
    await node.deployAccount({ publicKey: account.publicKey });
    const snap = await installSnapnet();
    const pending = payInUsdc(snap, 1n);
    await (await confirmationOf(pending)).cancel();
    expect(errorOf(await pending).code).toBe(4001);
    expect(await paymasterMethods()).not.toContain(
      'paymaster_executeTransaction',
    );
    expect(await node.transactions()).toEqual([]);

    await paymaster.setMode('down');
    const down = errorOf(await payInUsdc(snap, 1n));
    expect(down.message).toContain('could not be reached');
    expect(down.message).toContain('127.0.0.1');
  });
});
