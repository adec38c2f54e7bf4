/**
 * The JSON-RPC methods about the network and its blocks: spec version, chain id, block
 * number and the blocks themselves, mined or pre-confirmed (rpc.ts merges them).
 */
import { CHAIN_IDS, SPEC_VERSION } from './constants';
import type { Json } from './json';
import { feltHex } from './json';
import { blockId } from './params';
import type { BlockDetail } from './responses';
import { blockJson, pendingBlockJson } from './responses';
import type { Method } from './rpcMethod';

/**
 * A block in the requested detail, mined or pre-confirmed.
 *
 * @param detail - Transaction detail.
 * @returns The method.
 */
function blockMethod(detail: BlockDetail): Method {
  return {
    params: ['block_id'],
    run: (chain, params): Json => {
      const id = blockId(params.block_id);
      return 'tag' in id && id.tag === 'pending'
        ? pendingBlockJson(chain, detail)
        : blockJson(chain, chain.block(id), detail);
    },
  };
}

/** The network and block methods, merged into rpc.ts' `METHODS`. */
export const BLOCK_METHODS: Record<string, Method> = {
  starknet_specVersion: { params: [], run: () => SPEC_VERSION },
  starknet_chainId: { params: [], run: (chain) => CHAIN_IDS[chain.network] },
  starknet_syncing: { params: [], run: () => false },
  starknet_blockNumber: { params: [], run: (chain) => chain.latestNumber },
  starknet_blockHashAndNumber: {
    params: [],
    run: (chain) => ({
      block_hash: feltHex(chain.blockHash(chain.latestNumber)),
      block_number: chain.latestNumber,
    }),
  },
  starknet_getBlockWithTxHashes: blockMethod('hashes'),
  starknet_getBlockWithTxs: blockMethod('txs'),
  starknet_getBlockWithReceipts: blockMethod('receipts'),
  starknet_getBlockTransactionCount: {
    params: ['block_id'],
    run: (chain, params) => {
      const id = blockId(params.block_id);
      return 'tag' in id && id.tag === 'pending'
        ? chain.pendingTxs().length
        : chain.block(id).txs.length;
    },
  },
};
