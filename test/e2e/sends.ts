/**
 * What the nonce and node-answer suites share: one account sending STRK transfers
 * through the snap, approving each dialog, and reading back what the node received
 * and what the snap stored.
 */
import type { Json } from '@metamask/utils';

import { fakeNode } from '../../src/fakeNode/admin';
import { STATE_VERSION } from '../../src/state/store';
import { SEPOLIA } from '../fixtures/wallet';
import type { Pending, Snap } from './hardening';
import { ACCOUNTS, STRK, answerAll } from './hardening';
import { DAPP_ORIGIN, installSnapnet, resultOf } from './helpers';

export const node = fakeNode('sepolia');
export const RECIPIENT = `0x0${'6'.repeat(63)}`;
export const OWN = ACCOUNTS[0]?.address ?? '';
export const FRESH = ACCOUNTS[1]?.address ?? '';

/**
 * Sends an executeTxn transferring `amount` STRK base units to the recipient.
 *
 * @param snap - The snap.
 * @param amount - Amount.
 * @param address - Sending account.
 * @param origin - The page sending it.
 * @returns The pending request.
 */
export function transfer(
  snap: Snap,
  amount: number,
  address = OWN,
  origin?: string,
): Pending {
  return snap.request({
    ...(origin === undefined ? {} : { origin }),
    method: 'snapnet_executeTxn',
    params: {
      address,
      calls: [
        {
          contractAddress: STRK,
          entrypoint: 'transfer',
          calldata: [RECIPIENT, String(amount), '0'],
        },
      ],
    },
  });
}

/**
 * Sends one request and approves its dialog.
 *
 * @param pending - The request.
 * @returns Its response.
 */
export async function approved(pending: Pending): Promise<Awaited<Pending>> {
  const [response] = await answerAll([pending]);
  if (!response) {
    throw new Error('no response');
  }
  return response;
}

/**
 * The nonces and hashes of the transactions the node has (received or included).
 *
 * @returns `[nonce, hash]` pairs in arrival order.
 */
export async function sentNonces(): Promise<[number, bigint][]> {
  return (await node.transactions()).map((tx) => [tx.nonce, BigInt(tx.hash)]);
}

/**
 * The snap's stored records of an account, newest first.
 *
 * @param snap - The snap.
 * @param address - The account.
 * @returns The records.
 */
export async function records(
  snap: Snap,
  address = OWN,
): Promise<Record<string, Json>[]> {
  return resultOf(
    await snap.request({
      method: 'snapnet_getTransactions',
      params: {
        senderAddress: address,
        onlyFromState: true,
        withDeployTxn: true,
      },
    }),
  ) as Record<string, Json>[];
}

/**
 * Seeds a deployed, funded account on the fake node.
 *
 * @param nonce - Its nonce.
 */
export async function fundOwn(nonce: number): Promise<void> {
  await node.deployAccount({ publicKey: ACCOUNTS[0]?.publicKey ?? '', nonce });
  await node.setBalance(STRK, OWN, 10n ** 20n);
}

/**
 * The snap as it runs a while after its sends: a new instance whose stored records of
 * the account are `seconds` older. A 29 for a send under 10 s old may come from another
 * instance of a load-balanced provider, so it is asked about again until the send is
 * 10 s old (src/starknet/sends/status.ts `RECENT_SEND_MS`); the send time a record carries
 * decides, so a test ages the records instead of waiting.
 *
 * @param snap - The snap that sent.
 * @param seconds - How much older the records become.
 * @param address - The account.
 * @returns The new snap instance.
 */
export async function later(
  snap: Snap,
  seconds = 60,
  address = OWN,
): Promise<Snap> {
  const stored = (await records(snap, address)).map((record) => ({
    ...record,
    timestamp: Number(record.timestamp) - seconds,
  }));
  return installSnapnet({
    state: {
      version: STATE_VERSION,
      transactions: { [SEPOLIA]: { [address]: stored.reverse() } },
      // The page keeps the account it sent from (accounts per page).
      grants: { [DAPP_ORIGIN]: { [SEPOLIA]: [address] } },
    },
  });
}
