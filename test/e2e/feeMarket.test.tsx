/**
 * Sends on a busy chain (Starknet 0.14's fee market, as the fake node's mempool keeps
 * it): the default tip is the recent median, as starknet.js computes it, and the dialog
 * shows it; the L2 max price has 2× headroom over the current price.
 */
import { beforeEach, describe, expect, it } from '@jest/globals';
import type { Call } from 'starknet';
import { RpcProvider, getTipStatsFromBlocks } from 'starknet';

import { GAS_PRICES } from '../../src/fakeNode/constants';
import {
  INVOKE_BOUNDS,
  account,
  provider,
  seededKey,
} from '../../src/fakeNode/testing';
import { STRK, answerAll } from './hardening';
import { confirmationOf, installGranted, textOf } from './helpers';
import { OWN, RECIPIENT, approved, fundOwn, node, transfer } from './sends';

/**
 * A small STRK transfer from another wallet.
 *
 * @param amount - Base units.
 * @returns The call.
 */
function strkTransfer(amount: number): Call & { calldata: string[] } {
  return {
    contractAddress: STRK,
    entrypoint: 'transfer',
    calldata: [RECIPIENT, String(amount), '0'],
  };
}

/**
 * Fills the next blocks with other wallets' tipping sends: `perBlock` sends each, with
 * the tips given in order, one block mined after each group.
 *
 * @param tips - The tips, in order.
 * @param perBlock - Sends per block.
 */
async function busyBlocks(tips: number[], perBlock: number): Promise<void> {
  const key = await seededKey(node);
  const other = account(provider(node.rpcUrl, 'pre_confirmed'), key);
  for (const [at, tip] of tips.entries()) {
    await other.execute(strkTransfer(1), {
      nonce: at,
      tip,
      resourceBounds: INVOKE_BOUNDS,
    });
    if ((at + 1) % perBlock === 0) {
      await node.mine();
    }
  }
}

/**
 * The recommended tip by starknet.js' own function over the fake node's blocks.
 *
 * @returns The tip.
 */
async function starknetJsTip(): Promise<bigint> {
  const rpc = new RpcProvider({ nodeUrl: node.rpcUrl, batch: 0 });
  return (await getTipStatsFromBlocks(rpc, 'latest')).recommendedTip;
}

describe('the fee market: tip and headroom', () => {
  beforeEach(async () => {
    await node.reset();
    await fundOwn(0);
  });

  it("tips the recent median (starknet.js' recommendedTip) and shows it with what it can add", async () => {
    const snap = await installGranted([OWN]);
    // A first send: the snap learns the latest block (no tips on the chain yet: tip 0).
    await approved(transfer(snap, 1));
    const [first] = await node.transactions();
    expect(first?.tip).toBe(0n);
    await busyBlocks([7, 3, 9, 1, 12, 5, 8, 20, 2, 6, 11, 4], 4);
    const expected = await starknetJsTip();
    expect(expected).toBeGreaterThan(0n);
    const pending = transfer(snap, 2);
    const ui = await confirmationOf(pending);
    expect(textOf(ui)).toContain(`${expected} FRI per L2 gas`);
    await ui.ok();
    await pending;
    const sent = (await node.transactions()).at(-1);
    expect(sent?.tip).toBe(expected);
  });

  it('honours a tip the dapp gives', async () => {
    const snap = await installGranted([OWN]);
    await busyBlocks([7, 3, 9, 1, 12, 5, 8, 20, 2, 6, 11, 4], 6);
    const [response] = await answerAll([
      snap.request({
        method: 'snapnet_executeTxn',
        params: {
          address: OWN,
          calls: [strkTransfer(3)],
          details: { tip: '0x2a' },
        },
      }),
    ]);
    expect(response?.response).toHaveProperty('result');
    expect((await node.transactions()).at(-1)?.tip).toBe(42n);
  });

  it('signs the L2 max price at twice the current L2 gas price', async () => {
    const snap = await installGranted([OWN]);
    await node.setL2GasPrice(GAS_PRICES.l2Gas.fri * 3n);
    await approved(transfer(snap, 1));
    const [sent] = await node.transactions();
    const signed = await provider(node.rpcUrl).getTransactionByHash(
      sent?.hash ?? '0x0',
    );
    expect(
      'resource_bounds' in signed
        ? BigInt(signed.resource_bounds.l2_gas.max_price_per_unit)
        : undefined,
    ).toBe(GAS_PRICES.l2Gas.fri * 6n);
  });
});
