import { beforeEach, describe, expect, it } from '@jest/globals';
import type { Json } from '@metamask/utils';

import { fakeNode } from '../../src/fakeNode/admin';
import { STRK } from '../../src/fakeNode/constants';
import { fakePaymaster } from '../../src/fakeNode/paymasterAdmin';
import { SEPOLIA_USDC } from '../../src/fakeNode/paymasterQuote';
import { expectedAccount } from '../fixtures/wallet';
import {
  confirmationOf,
  expectInvalidField,
  installSnapnet,
  resultOf,
  textOf,
} from './helpers';

const node = fakeNode('sepolia');
const paymaster = fakePaymaster('sepolia');
const SEPOLIA = '0x534e5f5345504f4c4941';
const RECIPIENT = `0x0${'5'.repeat(63)}`;
const USDC = `0x${SEPOLIA_USDC.toString(16).padStart(64, '0')}`;
/** USDC's address as dialogs shorten it (start and end), written out independently. */
const USDC_SHORT = `${USDC.slice(0, 10)}…${USDC.slice(-8)}`;
const ONE = 10n ** 18n;
const account = expectedAccount(0);
const TITLE = 'Not enough STRK for the fee';

type Snap = Awaited<ReturnType<typeof installSnapnet>>;

/**
 * Starts a plain executeTxn (fee in STRK) sending 1 USDC (10^-12 STRK with STRK).
 *
 * @param snap - The installed snap.
 * @param token - The token sent.
 * @returns The pending request.
 */
function sendUsdc(snap: Snap, token = USDC): ReturnType<Snap['request']> {
  const calls: Json[] = [
    {
      contractAddress: token,
      entrypoint: 'transfer',
      calldata: [RECIPIENT, '1000000', '0'],
    },
  ];
  return snap.request({
    method: 'snapnet_executeTxn',
    params: { address: account.address, calls },
  });
}

describe('executeTxn suggests a fee token when STRK is short', () => {
  beforeEach(async () => {
    await node.reset();
    await node.addToken({
      address: USDC,
      name: 'USD Coin',
      symbol: 'USDC',
      decimals: 6,
    });
    await node.deployAccount({ publicKey: account.publicKey });
    await node.setBalance(USDC, account.address, 10_000_000n);
  });

  it('names the held token the paymaster takes (unverified, never by a page listing), sends nothing on reject', async () => {
    await node.setBalance(STRK, account.address, 1n);
    const snap = await installSnapnet();
    await node.clearRequests();
    const pending = sendUsdc(snap);
    const ui = await confirmationOf(pending);
    const text = textOf(ui);
    expect(text).toContain(TITLE);
    expect(text).toContain(`${USDC_SHORT} (unverified token)`);
    expect(text).toContain('details.feeToken');
    // Only the one supported token the account holds is named.
    const banner = text.slice(text.indexOf(TITLE));
    expect(banner.split('(unverified token)')).toHaveLength(2);
    expect(
      (await paymaster.requests()).map((request) => request.method),
    ).toStrictEqual(['paymaster_getSupportedTokens']);
    await ui.cancel();
    await pending;
    expect(await node.transactions()).toStrictEqual([]);

    // A page cannot list it as "USDC" (the snap's mainnet list has USDC), and a
    // page-added token would still be unverified: only the snap's list names tokens.
    expectInvalidField(
      await snap.request({
        method: 'snapnet_addErc20Token',
        params: { chainId: SEPOLIA, tokenAddress: USDC },
      }),
      'tokenSymbol',
    );
    const again = sendUsdc(snap);
    const still = await confirmationOf(again);
    expect(textOf(still)).toContain(`${USDC_SHORT} (unverified token)`);
    await still.cancel();
    await again;
  });

  it('still confirms the send when the paymaster is down, without a suggestion', async () => {
    await node.setBalance(STRK, account.address, 0n);
    await paymaster.setMode('down');
    const snap = await installSnapnet();
    const pending = sendUsdc(snap);
    const ui = await confirmationOf(pending);
    const text = textOf(ui);
    expect(text).toContain('Estimated fee');
    expect(text).not.toContain(TITLE);
    await ui.cancel();
    await pending;
  });

  it('shows no banner and asks nothing more when STRK covers the maximum fee', async () => {
    await node.setBalance(STRK, account.address, 10n * ONE);
    const snap = await installSnapnet();
    await node.clearRequests();
    // A listed token, so the review needs no token read: three round trips as before.
    const pending = sendUsdc(snap, STRK);
    const ui = await confirmationOf(pending);
    expect(textOf(ui)).not.toContain(TITLE);
    await ui.ok();
    expect(resultOf(await pending)).toHaveProperty('transaction_hash');
    const { httpRequests, rpcCalls } = await node.requests();
    expect(httpRequests).toBe(3);
    // The STRK balance rode in the first batch, beside the nonce.
    expect(rpcCalls.map((call) => call.method)).toContain('starknet_call');
    expect(await paymaster.requests()).toStrictEqual([]);
  });
});
