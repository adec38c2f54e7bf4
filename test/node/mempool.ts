/**
 * The fake node's mempool, as a real node's (Starknet 0.14, pathfinder, juno): an added
 * transaction is RECEIVED and counts for nothing a client reads (nonce, class hash at,
 * calls, estimates, at any block tag) until the sequencer includes it. Here tests play
 * the sequencer: `include` moves received transactions, oldest first, into the
 * pre-confirmed block; `drop` evicts one, so its hash answers 29 (TXN_HASH_NOT_FOUND)
 * and its nonce is free again.
 */
import { admit, Rejection } from './admission';
import type { Chain, TxRecord } from './chain';
import { execute } from './execute';
import type { Json } from './json';
import { feltHex } from './json';
import { felt } from './params';

/**
 * The received (not yet included) transactions, oldest first.
 *
 * @param chain - The chain.
 * @returns Their records.
 */
export function receivedTxs(chain: Chain): TxRecord[] {
  return [...chain.txs.values()].filter((it) => it.finality === 'RECEIVED');
}

/**
 * Includes received transactions, oldest first, in the pre-confirmed block: they run
 * on the pre-confirmed state and from then on count for every read at pre_confirmed
 * (and at latest once mined).
 *
 * @param chain - The chain.
 * @param count - How many to include; all when undefined.
 * @returns The included hashes.
 */
export function includeReceived(chain: Chain, count?: number): bigint[] {
  const included = receivedTxs(chain).slice(0, count);
  for (const record of included) {
    Object.assign(record, execute(chain.pending, record.tx, record, true), {
      finality: 'PRE_CONFIRMED',
    });
  }
  return included.map((record) => record.hash);
}

/**
 * Evicts a received transaction from the mempool. The received transactions after it
 * are admitted again on a fresh mempool state; those that no longer fit (the next
 * nonce of the same sender) are evicted too, as a real mempool would in the end.
 *
 * @param chain - The chain.
 * @param txHash - The received transaction to drop.
 * @returns The dropped hashes (the given one first).
 */
export function dropReceived(chain: Chain, txHash: bigint): bigint[] {
  const target = chain.txs.get(txHash);
  if (target?.finality !== 'RECEIVED') {
    throw new Error(
      `${feltHex(txHash)} is not a received (mempool) transaction; only those can be dropped`,
    );
  }
  const dropped = [txHash];
  chain.txs.delete(txHash);
  chain.mempool = chain.pending.clone();
  for (const record of receivedTxs(chain)) {
    try {
      admit(chain.mempool, record.tx, record, {
        validate: false,
        strict: true,
      });
      execute(chain.mempool, record.tx, record, true);
    } catch (error) {
      if (!(error instanceof Rejection)) {
        throw error;
      }
      chain.txs.delete(record.hash);
      dropped.push(record.hash);
    }
  }
  return dropped;
}

/**
 * The mempool's admin operations (`include`, `drop`), or undefined for other ops.
 *
 * @param chain - The network's chain.
 * @param op - Operation name.
 * @param args - Its arguments: `count` for include, `hash` for drop.
 * @returns The hashes included or dropped, or undefined when `op` is not one of these.
 */
export function runMempoolAdmin(
  chain: Chain,
  op: string,
  args: Record<string, unknown>,
): Json | undefined {
  if (op === 'include') {
    const { count } = args;
    if (count !== undefined && (typeof count !== 'number' || count < 0)) {
      throw new Error('count must be a non-negative number');
    }
    return includeReceived(chain, count).map(feltHex);
  }
  if (op === 'drop') {
    return dropReceived(chain, felt(args.hash, 'hash')).map(feltHex);
  }
  return undefined;
}
