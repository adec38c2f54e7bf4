/**
 * The blocks of a chain (chain.ts' `Chain`): finding one by id, the empty blocks
 * derived for the numbers before the fake's first mined one, and mining: the
 * pre-confirmed transactions go into a new block and the pre-confirmed state becomes
 * the latest.
 */
import { hash } from 'starknet';

import type { NetworkName } from './constants';
import { CHAIN_IDS, GENESIS_BLOCK_NUMBER } from './constants';
import * as errors from './errors';
import { marketNow, raiseAfterBlock } from './feeMarket';
import type { Pools } from './mempool';
import { includeReceived } from './mempool';
import type { BlockId } from './params';
import type { ChainState } from './state';

/** A block: number, hash, parent, time and its transactions. */
export type Block = {
  number: number;
  hash: bigint;
  parentHash: bigint;
  timestamp: number;
  txs: bigint[];
};

/**
 * The parts of a network's chain the block functions read and change: typed here so
 * that this module does not import the chain that imports it.
 */
export type BlockChain = Pools & {
  network: NetworkName;
  blocks: Map<number, Block>;
  latestNumber: number;
  genesisTime: number;
  latest: ChainState;
};

/**
 * Deterministic hash of a block number on a chain (a mined block's stored hash).
 *
 * @param chain - The chain.
 * @param number - Block number.
 * @returns The hash.
 */
export function blockHashOf(chain: BlockChain, number: number): bigint {
  const stored = chain.blocks.get(number);
  if (stored) {
    return stored.hash;
  }
  return BigInt(
    hash.computePoseidonHashOnElements([
      CHAIN_IDS[chain.network],
      number,
      chain.genesisTime,
    ]),
  );
}

/**
 * A block by number (empty genesis-era blocks are derived from the number).
 *
 * @param chain - The chain.
 * @param number - Block number, at most the latest.
 * @returns The block.
 */
function blockByNumber(chain: BlockChain, number: number): Block {
  return (
    chain.blocks.get(number) ?? {
      number,
      hash: blockHashOf(chain, number),
      parentHash: number === 0 ? 0n : blockHashOf(chain, number - 1),
      timestamp: chain.genesisTime - (GENESIS_BLOCK_NUMBER - number) * 30,
      txs: [],
    }
  );
}

/**
 * A mined (or synthesised empty, before genesis' latest) block, or error 24.
 *
 * @param chain - The chain.
 * @param id - Block id (not pending).
 * @returns The block.
 */
export function findBlock(chain: BlockChain, id: BlockId): Block {
  if ('tag' in id) {
    return blockByNumber(chain, chain.latestNumber);
  }
  if ('number' in id) {
    if (id.number < 0 || id.number > chain.latestNumber) {
      throw errors.blockNotFound();
    }
    return blockByNumber(chain, id.number);
  }
  for (let number = chain.latestNumber; number >= 0; number--) {
    const block = blockByNumber(chain, number);
    if (block.hash === id.hash) {
      return block;
    }
  }
  throw errors.blockNotFound();
}

/**
 * Included transactions not yet in a block (the pre-confirmed block), in order.
 *
 * @param chain - The chain.
 * @returns Their hashes.
 */
export function pendingTxHashes(chain: Pools): bigint[] {
  return [...chain.txs.values()]
    .filter((it) => it.finality === 'PRE_CONFIRMED')
    .map((it) => it.hash);
}

/**
 * Includes every received transaction, puts the pre-confirmed ones in a new block
 * and makes the pre-confirmed state the latest one.
 *
 * @param chain - The chain.
 * @returns The new block's number.
 */
export function mineBlock(chain: BlockChain): number {
  includeReceived(chain);
  const number = chain.latestNumber + 1;
  const parent = blockByNumber(chain, chain.latestNumber);
  const txs = pendingTxHashes(chain);
  const block: Block = {
    number,
    hash: BigInt(
      hash.computePoseidonHashOnElements([
        CHAIN_IDS[chain.network],
        number,
        parent.hash,
        ...txs,
      ]),
    ),
    parentHash: parent.hash,
    timestamp: Math.max(marketNow(chain.fees), parent.timestamp + 1),
    txs,
  };
  chain.blocks.set(number, block);
  chain.latestNumber = number;
  for (const txHash of txs) {
    const record = chain.txs.get(txHash);
    if (record) {
      record.finality = 'ACCEPTED_ON_L2';
      record.blockNumber = number;
    }
  }
  chain.latest = chain.pending.clone();
  if (txs.length > 0) {
    // A block with transactions counts as full: the set rise applies (feeMarket.ts).
    raiseAfterBlock(chain.fees);
  }
  return number;
}
