/**
 * The fake node's fee market, as the Starknet 0.14 mempool (feeMarket.ts): tip order,
 * the pending queue under the L2 price, fee escalation, expiry by the fake's clock.
 */
import { describe, expect, it } from '@jest/globals';

import { GAS_PRICES } from './constants';
import {
  ETH,
  INVOKE_BOUNDS as BOUNDS,
  account,
  ethTransfer as transfer,
  provider,
  rpcFailure,
  seededKey,
  useFakeNode,
} from './testing';

const L2_PRICE = GAS_PRICES.l2Gas.fri;

/**
 * Bounds with another L2 max price.
 *
 * @param price - The L2 max price.
 * @returns The bounds.
 */
function withL2Price(price: bigint): typeof BOUNDS {
  return { ...BOUNDS, l2_gas: { ...BOUNDS.l2_gas, max_price_per_unit: price } };
}

describe('fake Starknet node: the fee market', () => {
  const fake = useFakeNode();

  /**
   * Two funded senders on the pre-confirmed view.
   *
   * @returns Their accounts.
   */
  async function senders() {
    const rpc = provider(fake.node.sepoliaUrl, 'pre_confirmed');
    const keys = [await seededKey(fake.admin), await seededKey(fake.admin)];
    for (const key of keys) {
      await fake.admin.setBalance(ETH, key.address, 1000n);
    }
    return keys.map((key) => account(rpc, key));
  }

  it('includes the highest tip first (fee_transaction_queue.rs)', async () => {
    const [low, high] = await senders();
    if (!low || !high) {
      throw new Error('two senders');
    }
    const cheap = await low.execute(transfer('0x1', 1n), {
      resourceBounds: BOUNDS,
      tip: 1,
      nonce: 0,
    });
    const rich = await high.execute(transfer('0x2', 2n), {
      resourceBounds: BOUNDS,
      tip: 5,
      nonce: 0,
    });
    expect(await fake.admin.include(1)).toStrictEqual([
      `0x${BigInt(rich.transaction_hash).toString(16)}`,
    ]);
    expect(await fake.admin.include(1)).toStrictEqual([
      `0x${BigInt(cheap.transaction_hash).toString(16)}`,
    ]);
  });

  it('leaves a send under the L2 price waiting; 10 % more tip and L2 price replace it, less is 52', async () => {
    const [sender] = await senders();
    if (!sender) {
      throw new Error('a sender');
    }
    const stuck = await sender.execute(transfer('0x1', 1n), {
      resourceBounds: withL2Price(L2_PRICE),
      tip: 100,
      nonce: 0,
    });
    await fake.admin.setL2GasPrice(L2_PRICE * 2n);
    expect(await fake.admin.include()).toStrictEqual([]);
    const tooLittle = await rpcFailure(
      sender.execute(transfer('0x1', 1n), {
        resourceBounds: withL2Price(L2_PRICE * 3n),
        tip: 109,
        nonce: 0,
      }),
    );
    expect(tooLittle.code).toBe(52);
    const faster = await sender.execute(transfer('0x1', 1n), {
      resourceBounds: withL2Price(L2_PRICE * 3n),
      tip: 110,
      nonce: 0,
    });
    const rpc = provider(fake.node.sepoliaUrl, 'pre_confirmed');
    await expect(
      rpcFailure(rpc.getTransactionStatus(stuck.transaction_hash)),
    ).resolves.toMatchObject({ code: 29 });
    expect(await fake.admin.include()).toStrictEqual([
      `0x${BigInt(faster.transaction_hash).toString(16)}`,
    ]);
  });

  it('raises the L2 price per block with transactions, as set', async () => {
    const [sender] = await senders();
    if (!sender) {
      throw new Error('a sender');
    }
    await fake.admin.setL2GasPrice(L2_PRICE, 10);
    await sender.execute(transfer('0x1', 1n), {
      resourceBounds: BOUNDS,
      tip: 0,
      nonce: 0,
    });
    await fake.admin.mine();
    const estimate = await sender.estimateInvokeFee(transfer('0x1', 1n), {
      nonce: 1,
      skipValidate: true,
    });
    // starknet.js bounds the L2 price at 1.5 × the estimate's.
    const price = BigInt(estimate.resourceBounds.l2_gas.max_price_per_unit);
    expect(price).toBe((((L2_PRICE * 11n) / 10n) * 3n) / 2n);
  });

  it('expires a pooled send after 300 s of the fake clock and keeps the later nonce', async () => {
    const [sender] = await senders();
    if (!sender) {
      throw new Error('a sender');
    }
    const options = { resourceBounds: BOUNDS, tip: 0 };
    const first = await sender.execute(transfer('0x1', 1n), {
      ...options,
      nonce: 0,
    });
    await fake.admin.advanceTime(200);
    const second = await sender.execute(transfer('0x2', 2n), {
      ...options,
      nonce: 1,
    });
    expect(await fake.admin.advanceTime(100)).toStrictEqual([
      `0x${BigInt(first.transaction_hash).toString(16)}`,
    ]);
    expect(
      (await fake.admin.transactions()).map((tx) => tx.hash),
    ).toStrictEqual([`0x${BigInt(second.transaction_hash).toString(16)}`]);
    expect(await fake.admin.include()).toStrictEqual([]);
  });
});
