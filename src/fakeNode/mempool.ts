/**
 * The fake node's mempool, as a real node's (Starknet 0.14, pathfinder, juno): an added
 * transaction is RECEIVED and counts for nothing a client reads (nonce, class hash at,
 * calls, estimates, at any block tag) until the sequencer includes it. Here tests play
 * the sequencer: `include` moves received transactions into the pre-confirmed block in
 * the sequencer's order (highest tip first, those under the L2 price left waiting:
 * feeMarket.ts); `drop` evicts one, so its hash answers 29 (TXN_HASH_NOT_FOUND) and its
 * nonce is free again, while the sender's later nonces stay, held behind the gap
 * (`remove_rejected_txs` removes only the transaction). A pooled transaction expires
 * after 300 s of the fake's clock, and the same nonce replaces a pooled one only with
 * tip and L2 max price each 10 % higher (feeMarket.ts).
 *
 * As the 0.14 gateway (apollo_gateway's `max_allowed_nonce_gap`), a nonce up to
 * {@link MAX_ALLOWED_NONCE_GAP} ahead of the account's is taken too: such a transaction
 * is received and held (not executed, never included) until the nonces below it arrive;
 * error 52 only for a nonce behind, one already taken, or one beyond the gap.
 */
import { admit, Rejection } from './admission';
import { GAS_USAGE } from './constants';
import type { Identified, Outcome } from './execute';
import { execute } from './execute';
import type { FeeMarket } from './feeMarket';
import {
  byPriority,
  marketNow,
  priceEligible,
  TRANSACTION_TTL_SECONDS,
} from './feeMarket';
import { feltHex } from './json';
import type { ChainState } from './state';
import type { Tx } from './transactions';

/** An accepted transaction and what it did (chain.ts re-exports it). */
export type TxRecord = Identified &
  Outcome & {
    tx: Tx;
    /** RECEIVED: in the mempool; PRE_CONFIRMED: included, not mined yet. */
    finality: 'RECEIVED' | 'PRE_CONFIRMED' | 'ACCEPTED_ON_L2';
    /** Received with a nonce ahead of the sender's next: waits for the gap to fill. */
    held?: boolean;
    blockNumber?: number;
    /** Unix seconds when the node accepted it. */
    receivedAt: number;
  };

/**
 * The parts of a network's chain (chain.ts' `Chain`) the mempool reads and changes:
 * typed here so that the mempool does not import the chain that imports it.
 */
export type Pools = {
  txs: Map<bigint, TxRecord>;
  /** The pre-confirmed state: included transactions run on it. */
  pending: ChainState;
  /** The mempool state: received transactions run on it. */
  mempool: ChainState;
  /** The L2 gas price, its rise and the fake's clock. */
  fees: FeeMarket;
};

/** How far ahead of the account's nonce the gateway takes a nonce (apollo_gateway). */
export const MAX_ALLOWED_NONCE_GAP = 200n;

/**
 * The received (not yet included) transactions, oldest first.
 *
 * @param chain - The chain.
 * @returns Their records.
 */
export function receivedTxs(chain: Pools): TxRecord[] {
  return [...chain.txs.values()].filter((it) => it.finality === 'RECEIVED');
}

/**
 * Includes received transactions in the pre-confirmed block as the sequencer pops its
 * ready queue: among those whose nonce is the sender's next there and whose L2 max
 * price reaches the next block's L2 price, the highest tip first (then the highest
 * hash). They run on the pre-confirmed state and from then on count for every read at
 * pre_confirmed (and at latest once mined). Expired ones go first.
 *
 * @param chain - The chain.
 * @param count - How many to include; all that can be when undefined.
 * @returns The included hashes.
 */
export function includeReceived(chain: Pools, count?: number): bigint[] {
  expireReceived(chain);
  const included: bigint[] = [];
  for (;;) {
    if (count !== undefined && included.length >= count) {
      break;
    }
    const [next] = receivedTxs(chain)
      .filter(
        (record) =>
          record.tx.nonce === chain.pending.nonceOf(record.payer) &&
          priceEligible(record.tx, chain.fees),
      )
      .sort(byPriority);
    if (!next) {
      break;
    }
    Object.assign(next, execute(chain.pending, next.tx, next, true), {
      finality: 'PRE_CONFIRMED',
      held: false,
    });
    included.push(next.hash);
  }
  return included;
}

/**
 * Removes the received transactions older than `transaction_ttl` by the fake's clock
 * (`remove_expired_txs`); the sender's later nonces stay, held.
 *
 * @param chain - The chain.
 * @returns The expired hashes.
 */
export function expireReceived(chain: Pools): bigint[] {
  const cutoff = marketNow(chain.fees) - TRANSACTION_TTL_SECONDS;
  const expired = receivedTxs(chain).filter(
    (record) => record.receivedAt <= cutoff,
  );
  for (const record of expired) {
    chain.txs.delete(record.hash);
  }
  if (expired.length > 0) {
    rebuildMempool(chain);
  }
  return expired.map((record) => record.hash);
}

/**
 * The outcome a held transaction carries until it runs (nothing reads it: a received
 * transaction has no receipt or trace yet).
 *
 * @param tx - The transaction.
 * @returns An empty outcome.
 */
export function heldOutcome(tx: Tx): Outcome {
  return {
    execution: 'SUCCEEDED',
    events: [],
    callEvents: [],
    feeEvents: [],
    fee: 0n,
    gas: GAS_USAGE[tx.type],
    calls: [],
  };
}

/**
 * Runs the sender's held transactions whose turn has come (the nonces below them
 * arrived) on the mempool state, in nonce order.
 *
 * @param chain - The chain.
 * @param payer - The sender.
 */
export function release(chain: Pools, payer: bigint): void {
  for (;;) {
    const next = receivedTxs(chain).find(
      (record) =>
        record.held === true &&
        record.payer === payer &&
        record.tx.nonce === chain.mempool.nonceOf(payer),
    );
    if (!next) {
      return;
    }
    Object.assign(next, execute(chain.mempool, next.tx, next, true), {
      held: false,
    });
  }
}

/**
 * Evicts a received transaction from the mempool (`remove_rejected_txs`: only that
 * transaction). The sender's received transactions with later nonces stay, held behind
 * the gap until its nonce is sent again; the others run again, in nonce order, on a
 * fresh mempool state.
 *
 * @param chain - The chain.
 * @param txHash - The received transaction to drop.
 * @returns The dropped hashes (the given one first).
 */
export function dropReceived(chain: Pools, txHash: bigint): bigint[] {
  const target = chain.txs.get(txHash);
  if (target?.finality !== 'RECEIVED') {
    throw new Error(
      `${feltHex(txHash)} is not a received (mempool) transaction; only those can be dropped`,
    );
  }
  chain.txs.delete(txHash);
  return [txHash, ...rebuildMempool(chain)];
}

/**
 * Runs the received transactions again on a fresh mempool state (the pre-confirmed
 * one), each sender's in nonce order: one whose nonce is the sender's next runs, a
 * later one is held; one that no longer passes admission is evicted.
 *
 * @param chain - The chain.
 * @returns The evicted hashes.
 */
export function rebuildMempool(chain: Pools): bigint[] {
  chain.mempool = chain.pending.clone();
  const evicted: bigint[] = [];
  let waiting = receivedTxs(chain);
  for (;;) {
    const next = waiting.find(
      (record) => record.tx.nonce === chain.mempool.nonceOf(record.payer),
    );
    if (!next) {
      break;
    }
    waiting = waiting.filter((record) => record !== next);
    try {
      admit(chain.mempool, next.tx, next, {
        validate: false,
        strict: true,
        chargeFee: true,
      });
      Object.assign(next, execute(chain.mempool, next.tx, next, true), {
        held: false,
      });
    } catch (error) {
      if (!(error instanceof Rejection)) {
        throw error;
      }
      chain.txs.delete(next.hash);
      evicted.push(next.hash);
    }
  }
  for (const record of waiting) {
    Object.assign(record, heldOutcome(record.tx), { held: true });
  }
  return evicted;
}
