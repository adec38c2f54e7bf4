/**
 * A legacy account and the paymaster: the class on chain
 * decides whether an account can pay in another token, not the formula that derived its
 * address. A Cairo 0 account runs no outside execution, so a paymaster send is refused
 * before the paymaster is asked; the same address upgraded in place to Argent 0.3.1 and
 * then 0.4.0 pays in USDC with the version 2 outside execution the paymaster builds.
 */
import { beforeEach, describe, expect, it } from '@jest/globals';
import { RpcProvider, hash } from 'starknet';

import { fakeNode } from '../../src/fakeNode/admin';
import { STRK } from '../../src/fakeNode/constants';
import { fakePaymaster } from '../../src/fakeNode/paymasterAdmin';
import { SEPOLIA_USDC } from '../../src/fakeNode/paymasterQuote';
import { PROXY_CLASS_HASH, expectedAccount } from '../fixtures/wallet';
import {
  confirmationOf,
  errorOf,
  expectInvalidField,
  installSnapnet,
  resultOf,
} from './helpers';

const node = fakeNode('sepolia');
const paymaster = fakePaymaster('sepolia');
const account = expectedAccount(0);
const LEGACY = account.proxyAddress;
const USDC = `0x${SEPOLIA_USDC.toString(16).padStart(64, '0')}`;
const RECIPIENT = `0x0${'6'.repeat(63)}`;
const START = 10_000_000n;

type Snap = Awaited<ReturnType<typeof installSnapnet>>;

/**
 * A USDC transfer from the legacy address, its fee in USDC.
 *
 * @param snap - The snap.
 * @returns The pending request.
 */
function payInUsdc(snap: Snap): ReturnType<Snap['request']> {
  return snap.request({
    method: 'snapnet_executeTxn',
    params: {
      address: LEGACY,
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
}

/**
 * Upgrades the legacy account one step, approving the dialog, and mines it.
 *
 * @param snap - The snap.
 */
async function upgradeOnce(snap: Snap): Promise<void> {
  const pending = snap.request({
    method: 'snapnet_upgradeAccount',
    params: { address: LEGACY },
  });
  await (await confirmationOf(pending)).ok();
  resultOf(await pending);
  // Accepted on L2: the account's SNIP-9 support is read at the latest block.
  await node.mine();
}

describe('a legacy account and the paymaster', () => {
  let snap: Snap;

  beforeEach(async () => {
    await node.reset();
    await node.addToken({
      address: USDC,
      name: 'USD Coin',
      symbol: 'USDC',
      decimals: 6,
    });
    await node.deployAccount({
      publicKey: account.publicKey,
      classHash: PROXY_CLASS_HASH,
    });
    await node.setBalance(STRK, LEGACY, 10n * 10n ** 18n);
    await node.setBalance(USDC, LEGACY, START);
    snap = await installSnapnet();
    // A page's scan asks the user; approved, what it finds is given to it.
    const pending = snap.request({
      method: 'snapnet_recoverAccounts',
      params: { maxScanned: 1 },
    });
    await (await confirmationOf(pending)).ok();
    resultOf(await pending);
  });

  it('refuses a fee token for a Cairo 0 account before the paymaster builds anything', async () => {
    const response = await payInUsdc(snap);
    expectInvalidField(response, 'details.feeToken');
    expect(errorOf(response).message).toContain('Cairo 0');
    const asked = (await paymaster.requests()).map((request) => request.method);
    expect(asked).not.toContain('paymaster_buildTransaction');
    expect(await node.transactions()).toHaveLength(0);
  });

  it('pays in USDC with SNIP-9 version 2 once the same address runs Argent 0.4.0', async () => {
    await upgradeOnce(snap);
    await upgradeOnce(snap);
    const pending = payInUsdc(snap);
    await (await confirmationOf(pending)).ok();
    const { transaction_hash: txHash } = resultOf(await pending) as {
      transaction_hash: string;
    };
    const sent = await new RpcProvider({
      nodeUrl: node.rpcUrl,
    }).getTransactionByHash(txHash);
    const calldata = ('calldata' in sent ? sent.calldata : []).map(BigInt);
    expect(calldata).toContain(
      BigInt(hash.getSelectorFromName('execute_from_outside_v2')),
    );
    await node.include();
    const relayed = (await node.transactions()).find(
      (tx) => BigInt(tx.hash) === BigInt(txHash),
    );
    expect(relayed?.execution).toBe('SUCCEEDED');
    expect(await node.getBalance(USDC, RECIPIENT)).toBe(1_000_000n);
  });
});
