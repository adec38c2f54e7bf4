import { describe, expect, it } from '@jest/globals';

import { RPC_08_SPEC_VERSION } from './answer';
import { SPEC_VERSION } from './constants';
import {
  account,
  ethTransfer,
  INVOKE_BOUNDS,
  post,
  provider,
  seededKey,
  useFakeNode,
} from './testing';

const call = (id: number, method: string, params: unknown = {}) => ({
  jsonrpc: '2.0',
  id,
  method,
  params,
});

describe('fake Starknet node: status faults and the RPC 0.8 mode', () => {
  const fake = useFakeNode();

  /**
   * Sends one ETH transfer from a seeded account.
   *
   * @returns The transaction hash (received, in the mempool).
   */
  async function sent(): Promise<string> {
    const key = await seededKey(fake.admin);
    const { transaction_hash: hash } = await account(
      provider(fake.node.sepoliaUrl),
      key,
    ).execute(ethTransfer('0x123', 1n), {
      resourceBounds: INVOKE_BOUNDS,
      tip: 0,
    });
    return hash;
  }

  it('answers 29 for a hash the node has, as another provider instance would, the given number of times', async () => {
    const hash = await sent();
    await fake.admin.statusFault(hash, 'notFound', 2);
    const ask = async () =>
      post(fake.node.sepoliaUrl, [
        call(1, 'starknet_getTransactionStatus', { transaction_hash: hash }),
        call(2, 'starknet_getTransactionStatus', [hash]),
      ]);
    expect((await ask()).body).toStrictEqual([
      {
        jsonrpc: '2.0',
        id: 1,
        error: { code: 29, message: 'Transaction hash not found' },
      },
      {
        jsonrpc: '2.0',
        id: 2,
        error: { code: 29, message: 'Transaction hash not found' },
      },
    ]);
    // Used up: the node's own answer again.
    expect((await ask()).body).toStrictEqual([
      { jsonrpc: '2.0', id: 1, result: { finality_status: 'RECEIVED' } },
      { jsonrpc: '2.0', id: 2, result: { finality_status: 'RECEIVED' } },
    ]);
    // The transaction itself is untouched: its receipt still waits for inclusion.
    expect(
      (await fake.admin.transactions()).map((tx) => tx.hash),
    ).toStrictEqual([hash]);
  });

  it("answers juno's -32603 (feeder gateway unreachable) until cleared", async () => {
    const hash = await sent();
    await fake.admin.statusFault(hash, 'internal');
    for (const id of [1, 2, 3]) {
      const { body } = await post(
        fake.node.sepoliaUrl,
        call(id, 'starknet_getTransactionStatus', { transaction_hash: hash }),
      );
      expect(body).toMatchObject({
        id,
        error: {
          code: -32603,
          message: 'Internal error',
          data: expect.stringContaining('dial tcp'),
        },
      });
    }
    // Only that hash's status: other methods answer as before.
    const { body: receipt } = await post(
      fake.node.sepoliaUrl,
      call(4, 'starknet_getTransactionReceipt', { transaction_hash: hash }),
    );
    expect(receipt).toMatchObject({ error: { code: 29 } });
    await fake.admin.clearFaults();
    const { body } = await post(
      fake.node.sepoliaUrl,
      call(5, 'starknet_getTransactionStatus', { transaction_hash: hash }),
    );
    expect(body).toMatchObject({ result: { finality_status: 'RECEIVED' } });
  });

  it("speaks pathfinder's root RPC 0.8 when told: its spec version, pre_confirmed refused", async () => {
    await fake.admin.setRpcVersion('0.8');
    const { body } = await post(fake.node.sepoliaUrl, [
      call(1, 'starknet_specVersion', []),
      call(2, 'starknet_getNonce', ['pre_confirmed', '0x1']),
      call(3, 'starknet_getBlockWithTxHashes', { block_id: 'pre_confirmed' }),
      call(4, 'starknet_getBlockWithTxHashes', { block_id: 'latest' }),
    ]);
    const [version, nonce, block, latest] = body as Record<string, unknown>[];
    expect(version).toStrictEqual({
      jsonrpc: '2.0',
      id: 1,
      result: RPC_08_SPEC_VERSION,
    });
    const refused = {
      code: -32602,
      message: 'Invalid params',
      data: { reason: 'Invalid block id' },
    };
    expect(nonce).toStrictEqual({ jsonrpc: '2.0', id: 2, error: refused });
    expect(block).toStrictEqual({ jsonrpc: '2.0', id: 3, error: refused });
    expect(latest).toMatchObject({
      id: 4,
      result: { status: 'ACCEPTED_ON_L2' },
    });
    // reset() brings the snap's version back.
    await fake.admin.reset();
    expect(
      (await post(fake.node.sepoliaUrl, call(5, 'starknet_specVersion'))).body,
    ).toStrictEqual({ jsonrpc: '2.0', id: 5, result: SPEC_VERSION });
  });

  it('refuses unknown status fault kinds and RPC versions by name', async () => {
    await expect(
      fake.admin.statusFault('0x1', 'gone' as 'notFound'),
    ).rejects.toThrow('kind must be one of notFound, internal');
    await expect(fake.admin.setRpcVersion('0.9' as '0.8')).rejects.toThrow(
      'version must be one of 0.10, 0.8',
    );
  });
});
