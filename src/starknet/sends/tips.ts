import type { Infer } from '@metamask/superstruct';
import { array, number, optional, string, type } from '@metamask/superstruct';

import type { NodeCall, NodeOutcome } from '../node/node';
import { nodeCall } from '../node/node';

/**
 * The default tip of a send, as starknet.js 10 computes it (`Account.resolveDetailsWithTip`
 * → `provider.getEstimateTip()[recommendedTip]`, `getTipStatsFromBlocks` in
 * starknet.js 10.8.0 dist): the median tip of the V3 transactions in the last three
 * blocks (latest, latest - 1, latest - 2), 0 when they hold fewer than ten. A Starknet
 * 0.14 mempool serves the highest tip first (sequencer `fee_transaction_queue.rs`), so a
 * send at tip 0 waits behind every tipping one on a busy chain.
 *
 * Each block is read once: the blocks read are kept per network (in memory, the three
 * newest), and the send's first batch asks only for what is new. Block ids: once the
 * snap knows the latest number K, it asks `starknet_blockNumber` and blocks K+1..K+3 by
 * number (an absent one answers 24, a few bytes); before that, only `latest`. The tip is
 * exact whenever the snap saw a block within the last three; otherwise it is computed
 * from the newest blocks read (starknet.js' rule over fewer blocks).
 */
const BlockStruct = type({
  block_number: optional(number()),
  block_hash: optional(string()),
  parent_hash: optional(string()),
  transactions: array(
    type({
      type: optional(string()),
      version: optional(string()),
      tip: optional(string()),
    }),
  ),
});

/** A block as the tip rule reads it. */
export type TipBlock = Infer<typeof BlockStruct>;

/** What a tip read answers: the latest block number, or a block. */
export type TipAnswer = number | TipBlock;

/** The blocks the snap read on one network. */
type TipCache = { latest: number; blocks: Map<number, TipBlock> };

const CACHES = new Map<string, TipCache>();

/** How many block numbers past the last known latest the first batch asks about. */
const PROBES = 3;

/** The tip rule's block window (starknet.js' `maxBlocks` default). */
const WINDOW = 3;

/** Fewer V3 transactions than this in the window: tip 0 (`minTxsNecessary`). */
const MIN_TXS = 10;

/** The reads of one send's tip, to ride in its first batch. */
export type TipReads = {
  chainId: string;
  /** `starknet_blockNumber` first when the latest number is known, then the blocks. */
  calls: NodeCall<TipAnswer>[];
  known: boolean;
};

/**
 * The reads the first batch carries for the tip on a network.
 *
 * @param chainId - The network's chain id.
 * @returns The calls, in order.
 */
export function tipReads(chainId: string): TipReads {
  const cache = CACHES.get(chainId);
  if (!cache) {
    return {
      chainId,
      calls: [blockCall('latest')],
      known: false,
    };
  }
  const probes = Array.from(
    { length: PROBES },
    (_, index) => cache.latest + 1 + index,
  );
  return {
    chainId,
    calls: [
      nodeCall('starknet_blockNumber', {}, number()),
      ...probes.map((blockNumber) => blockCall(blockNumber)),
    ],
    known: true,
  };
}

/**
 * One `starknet_getBlockWithTxs`.
 *
 * @param block - The block: `latest` or its number.
 * @returns The call.
 */
function blockCall(block: 'latest' | number): NodeCall<TipBlock> {
  return nodeCall(
    'starknet_getBlockWithTxs',
    {
      block_id: block === 'latest' ? block : { block_number: block },
    },
    BlockStruct,
  );
}

/**
 * Keeps the blocks read and forgets those below the window.
 *
 * @param chainId - The network.
 * @param latest - The latest block number.
 * @param blocks - Blocks read now.
 * @returns The network's cache.
 */
function remember(
  chainId: string,
  latest: number,
  blocks: readonly TipBlock[],
): TipCache {
  const cache = CACHES.get(chainId) ?? { latest, blocks: new Map() };
  cache.latest = Math.max(cache.latest, latest);
  for (const block of blocks) {
    if (block.block_number !== undefined) {
      cache.blocks.set(block.block_number, block);
    }
  }
  for (const blockNumber of [...cache.blocks.keys()]) {
    if (blockNumber <= cache.latest - WINDOW) {
      cache.blocks.delete(blockNumber);
    }
  }
  CACHES.set(chainId, cache);
  return cache;
}

/**
 * The recommended tip from the first batch's answers and the blocks read before: the
 * tips of the V3 transactions of latest, latest - 1 and latest - 2 (starknet.js'
 * `extractTipsFromBlock`, its batched path reading all three), then {@link medianTip}.
 *
 * @param reads - The reads sent.
 * @param outcomes - Their outcomes, in order.
 * @returns The tip, 0 when the node answered none of the reads.
 */
export function recommendedTip(
  reads: TipReads,
  outcomes: readonly NodeOutcome<TipAnswer>[],
): bigint {
  const answers = outcomes.flatMap((outcome) =>
    outcome.ok ? [outcome.result] : [],
  );
  const blocks = answers.filter(
    (answer): answer is TipBlock => typeof answer !== 'number',
  );
  const [first] = outcomes;
  const latest =
    reads.known && first?.ok && typeof first.result === 'number'
      ? first.result
      : blocks[0]?.block_number;
  if (latest === undefined) {
    return 0n;
  }
  const cache = remember(reads.chainId, latest, blocks);
  const tips = Array.from({ length: WINDOW }, (_, index) => latest - index)
    .filter((blockNumber) => blockNumber >= 0)
    .flatMap((blockNumber) => cache.blocks.get(blockNumber)?.transactions ?? [])
    .flatMap((tx) =>
      tx.version === '0x3' &&
      tx.tip !== undefined &&
      ['INVOKE', 'DECLARE', 'DEPLOY_ACCOUNT'].includes(tx.type ?? '')
        ? [BigInt(tx.tip)]
        : [],
    );
  return medianTip(tips);
}

/**
 * starknet.js 10.8's `calculateTipStats` `recommendedTip` (its median) behind
 * `getTipStatsFromBlocks`' floor: 0 with fewer than {@link MIN_TXS} tips; otherwise
 * the middle tip, or the floor of the mean of the two middle ones. Ported because
 * starknet.js runs it only on blocks its own provider fetches.
 *
 * @param tips - The tips of the V3 transactions (zeros included, as starknet.js).
 * @returns The recommended tip.
 */
export function medianTip(tips: readonly bigint[]): bigint {
  if (tips.length < MIN_TXS) {
    return 0n;
  }
  const sorted = [...tips].sort((left, right) =>
    left < right ? -1 : Number(left > right),
  );
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? 0n;
  return sorted.length % 2 === 0
    ? ((sorted[middle - 1] ?? 0n) + upper) / 2n
    : upper;
}
