/**
 * `snapnet_replaceTransaction` against the fake node's 0.14 mempool: a send stuck under a
 * risen L2 price is sped up and included; a cancel replaces another; included, unknown
 * and foreign hashes are refused with -32602 naming `txnHash`.
 */
import { beforeEach, describe, expect, it } from '@jest/globals';

import { GAS_PRICES } from '../../src/fakeNode/constants';
import type { Snap } from './hardening';
import { STRK, transactionHashOf } from './hardening';
import {
  confirmationOf,
  errorOf,
  installGranted,
  resultOf,
  textOf,
} from './helpers';
import { OWN, RECIPIENT, approved, fundOwn, node, transfer } from './sends';

/**
 * Asks for a replacement and approves its dialog.
 *
 * @param snap - The snap.
 * @param txnHash - The pending send.
 * @param mode - Speed up or cancel.
 * @returns The dialog text and the replacement's hash.
 */
async function replaced(
  snap: Snap,
  txnHash: string,
  mode: 'speedUp' | 'cancel',
): Promise<{ text: string; hash: bigint }> {
  const pending = snap.request({
    method: 'snapnet_replaceTransaction',
    params: { txnHash, mode },
  });
  const ui = await confirmationOf(pending);
  const text = textOf(ui);
  await ui.ok();
  return { text, hash: transactionHashOf(resultOf(await pending)) };
}

const hexOf = (value: bigint): string =>
  `0x${value.toString(16).padStart(64, '0')}`;

describe('speed up and cancel', () => {
  beforeEach(async () => {
    await node.reset();
    await fundOwn(0);
  });

  it('speeds up a send stuck under a risen L2 price, and it is included', async () => {
    const snap = await installGranted([OWN]);
    const stuck = transactionHashOf(
      resultOf(await approved(transfer(snap, 5))),
    );
    // The L2 price rises past the send's 2x headroom: it waits in the pending queue.
    await node.setL2GasPrice(GAS_PRICES.l2Gas.fri * 3n);
    expect(await node.include()).toStrictEqual([]);
    const { text, hash } = await replaced(snap, hexOf(stuck), 'speedUp');
    expect(text).toContain('Speed up');
    const [sent] = (await node.transactions()).filter(
      (tx) => BigInt(tx.hash) === hash,
    );
    expect(sent?.nonce).toBe(0);
    expect((await node.include()).map(BigInt)).toStrictEqual([hash]);
    expect(await node.getBalance(STRK, RECIPIENT)).toBe(5n);
  });

  it('cancels a pending send with a 0 STRK transfer to the account itself', async () => {
    const snap = await installGranted([OWN]);
    const first = transactionHashOf(
      resultOf(await approved(transfer(snap, 7))),
    );
    const { text, hash } = await replaced(snap, hexOf(first), 'cancel');
    expect(text).toContain('0 STRK from your account to itself');
    expect((await node.include()).map(BigInt)).toStrictEqual([hash]);
    expect(await node.getBalance(STRK, RECIPIENT)).toBe(0n);
    const stored = resultOf(
      await snap.request({
        method: 'snapnet_getTransactions',
        params: { senderAddress: OWN, onlyFromState: true },
      }),
    ) as { txnHash: string; status: string; failureReason: string | null }[];
    expect(stored.find((item) => item.txnHash === hexOf(first))).toMatchObject({
      status: 'REJECTED',
      failureReason: `replaced by ${hexOf(hash)}`,
    });
  });

  it('refuses included, unknown and foreign sends with -32602 naming txnHash', async () => {
    const snap = await installGranted([OWN]);
    const sent = transactionHashOf(resultOf(await approved(transfer(snap, 1))));
    await node.include();
    const ask = async (txnHash: string, origin?: string) =>
      errorOf(
        await snap.request({
          ...(origin === undefined ? {} : { origin }),
          method: 'snapnet_replaceTransaction',
          params: { txnHash, mode: 'speedUp' },
        }),
      );
    for (const error of [
      await ask(hexOf(sent)),
      await ask(hexOf(0x123n)),
      await ask(hexOf(sent), 'https://other.example'),
    ]) {
      expect(error.code).toBe(-32602);
      expect(error.message).toContain('txnHash');
    }
  });
});
