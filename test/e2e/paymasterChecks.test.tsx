/**
 * Paymaster sends. The fee in a token the user has not listed is shown
 * with the decimals its contract answers, not the paymaster's word. An account
 * upgraded to Argent 0.4.0 pays in USDC through the paymaster:
 * the snap asks the account which SNIP-9 versions it executes, as signMessage does,
 * instead of accepting version 1 only; AVNU (and the fake paymaster) builds version 2
 * for such an account, and the relayed `execute_from_outside_v2` succeeds, which the
 * fake node checks against the revision 1 hash starknet.js computes.
 */
import { beforeEach, describe, expect, it } from '@jest/globals';
import { RpcProvider, hash } from 'starknet';

import { fakeNode } from '../../src/fakeNode/admin';
import { ARGENT_040_ACCOUNT_CLASS_HASH } from '../../src/fakeNode/constants';
import { feltHex } from '../../src/fakeNode/json';
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
  installSnapnet,
  resultOf,
  textOf,
} from './helpers';

const node = fakeNode('sepolia');
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

describe('paymaster send from an account upgraded to Argent 0.4.0', () => {
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

  it('signs the version 2 outside execution the paymaster builds, and the relayed send succeeds', async () => {
    await node.deployAccount({
      publicKey: account.publicKey,
      address: account.address,
      classHash: ARGENT_040_ACCOUNT_CLASS_HASH,
    });
    const snap = await installSnapnet();
    const pending = snap.request({
      method: 'snapnet_executeTxn',
      params: {
        address: account.address,
        calls: [
          {
            contractAddress: USDC,
            entrypoint: 'transfer',
            calldata: [RECIPIENT, '1000000', '0'],
          },
        ],
        details: { feeToken: USDC },
      },
    });
    const ui = await confirmationOf(pending);
    expect(textOf(ui)).toContain(
      `0.${FEE.maxToken.toString().padStart(6, '0')}`,
    );
    await ui.ok();
    const { transaction_hash: txHash } = resultOf(await pending) as {
      transaction_hash: string;
    };
    const relayed = (await node.transactions()).find(
      (tx) => BigInt(tx.hash) === BigInt(txHash),
    );
    expect(relayed?.execution).toBe('SUCCEEDED');

    // The relayer's forwarder called the account's version 2 entry point.
    const sent = await new RpcProvider({
      nodeUrl: node.rpcUrl,
    }).getTransactionByHash(txHash);
    const calldata = ('calldata' in sent ? sent.calldata : []).map(BigInt);
    expect(calldata).toContain(
      BigInt(hash.getSelectorFromName('execute_from_outside_v2')),
    );
    expect(calldata).not.toContain(
      BigInt(hash.getSelectorFromName('execute_from_outside')),
    );

    await node.include();
    expect(await node.getBalance(USDC, RECIPIENT)).toBe(1_000_000n);
    expect(await node.getBalance(USDC, account.address)).toBe(
      START - 1_000_000n - FEE.estimatedToken,
    );
    expect(await node.getBalance(USDC, feltHex(FEE_RECIPIENT))).toBe(
      FEE.estimatedToken,
    );
  });
});

describe('paymaster fee in an unlisted token', () => {
  beforeEach(async () => {
    await node.reset();
  });

  it("uses the decimals the token contract answers, not the paymaster's", async () => {
    // The contract says 8 decimals; the paymaster's token list says 6.
    await node.addToken({
      address: USDC,
      name: 'USD Coin',
      symbol: 'USDC',
      decimals: 8,
    });
    await node.setBalance(USDC, account.address, START);
    await node.deployAccount({ publicKey: account.publicKey });
    const snap = await installSnapnet();
    const pending = snap.request({
      method: 'snapnet_executeTxn',
      params: {
        address: account.address,
        calls: [
          {
            contractAddress: USDC,
            entrypoint: 'transfer',
            calldata: [RECIPIENT, '1000', '0'],
          },
        ],
        details: { feeToken: USDC },
      },
    });
    const ui = await confirmationOf(pending);
    const text = textOf(ui);
    const eight = (value: bigint): string =>
      `0.${value.toString().padStart(8, '0')}`;
    const six = (value: bigint): string =>
      `0.${value.toString().padStart(6, '0')}`;
    expect(text).toContain(`Estimated fee\n${eight(FEE.estimatedToken)} `);
    expect(text).toContain(`Maximum fee\n${eight(FEE.maxToken)} `);
    expect(text).not.toContain(six(FEE.maxToken));
    await ui.cancel();
    expect(errorOf(await pending).code).toBe(4001);
  });
});
