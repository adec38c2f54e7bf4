/**
 * The fake node's nonce gap, as a Starknet 0.14 gateway (`max_allowed_nonce_gap`): a
 * nonce up to 200 ahead is received and held until the nonces below it arrive.
 */
import { describe, expect, it } from '@jest/globals';

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

describe('fake Starknet node: the mempool nonce gap', () => {
  const fake = useFakeNode();

  it('holds a nonce up to 200 ahead until the gap fills, as a 0.14 gateway; 52 beyond the gap or behind', async () => {
    const key = await seededKey(fake.admin);
    await fake.admin.setBalance(ETH, key.address, 1000n);
    const rpc = provider(fake.node.sepoliaUrl, 'pre_confirmed');
    const sender = account(rpc, key);
    const beyond = await rpcFailure(
      sender.execute(transfer('0x9', 9n), {
        nonce: 201,
        resourceBounds: BOUNDS,
        tip: 0,
      }),
    );
    expect(beyond.code).toBe(52);
    const held = await sender.execute(transfer('0x3', 3n), {
      nonce: 2,
      resourceBounds: BOUNDS,
      tip: 0,
    });
    expect(await rpc.getTransactionStatus(held.transaction_hash)).toEqual({
      finality_status: 'RECEIVED',
    });
    const taken = await rpcFailure(
      sender.execute(transfer('0x4', 4n), {
        nonce: 2,
        resourceBounds: BOUNDS,
        tip: 0,
      }),
    );
    expect(taken.code).toBe(52);
    await sender.execute(transfer('0x1', 1n), { nonce: 0 });
    // Only nonce 0 can be included: 2 waits for 1.
    expect(await fake.admin.include()).toHaveLength(1);
    expect(await fake.admin.getBalance(ETH, '0x3')).toBe(0n);
    const behind = await rpcFailure(
      sender.execute(transfer('0x5', 5n), {
        nonce: 0,
        resourceBounds: BOUNDS,
        tip: 0,
      }),
    );
    expect(behind.code).toBe(52);
    await sender.execute(transfer('0x2', 2n), { nonce: 1 });
    expect(await fake.admin.include()).toHaveLength(2);
    const txs = await fake.admin.transactions();
    expect(txs.map((tx) => [tx.nonce, tx.status])).toStrictEqual([
      [2, 'PRE_CONFIRMED'],
      [0, 'PRE_CONFIRMED'],
      [1, 'PRE_CONFIRMED'],
    ]);
    expect(await fake.admin.getBalance(ETH, '0x3')).toBe(3n);
    expect(await fake.admin.nonceOf(key.address)).toBe(3n);
  });

  it('keeps the later nonces of a sender when the one below them is dropped (remove_rejected_txs)', async () => {
    const key = await seededKey(fake.admin);
    await fake.admin.setBalance(ETH, key.address, 1000n);
    const sender = account(
      provider(fake.node.sepoliaUrl, 'pre_confirmed'),
      key,
    );
    const options = { resourceBounds: BOUNDS, tip: 0 };
    const held = await sender.execute(transfer('0x3', 3n), {
      ...options,
      nonce: 2,
    });
    const first = await sender.execute(transfer('0x1', 1n), {
      ...options,
      nonce: 0,
    });
    const hashOf = (sent: { transaction_hash: string }) =>
      `0x${BigInt(sent.transaction_hash).toString(16)}`;
    expect(await fake.admin.drop(first.transaction_hash)).toStrictEqual([
      hashOf(first),
    ]);
    expect(
      (await fake.admin.transactions()).map((tx) => tx.hash),
    ).toStrictEqual([hashOf(held)]);
    // Nonce 0 is free again; 2 still waits for 1, then lands behind it.
    await sender.execute(transfer('0x1', 1n), { ...options, nonce: 0 });
    expect(await fake.admin.include()).toHaveLength(1);
    await sender.execute(transfer('0x2', 2n), { ...options, nonce: 1 });
    expect(await fake.admin.include()).toHaveLength(2);
    expect(await fake.admin.getBalance(ETH, '0x3')).toBe(3n);
  });
});
