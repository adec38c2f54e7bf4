/**
 * The fake node's mempool, as a real node's (Starknet 0.14, pathfinder, juno): an added
 * transaction is RECEIVED and counts for nothing a client reads (nonce, class hash at,
 * calls, estimates, at any block tag) until the sequencer includes it. Here tests play
 * the sequencer: `include` moves received transactions, oldest first, into the
 * pre-confirmed block; `drop` evicts one, so its hash answers 29 (TXN_HASH_NOT_FOUND)
 * and its nonce is free again.
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
import type { Json } from './json';
import { feltHex } from './json';
import { felt } from './params';
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
 * Includes received transactions in the pre-confirmed block, oldest first among those
 * whose nonce is the sender's next there (a held one waits for the nonces below it):
 * they run on the pre-confirmed state and from then on count for every read at
 * pre_confirmed (and at latest once mined).
 *
 * @param chain - The chain.
 * @param count - How many to include; all that can be when undefined.
 * @returns The included hashes.
 */
export function includeReceived(chain: Pools, count?: number): bigint[] {
  const included: bigint[] = [];
  for (;;) {
    if (count !== undefined && included.length >= count) {
      break;
    }
    const next = receivedTxs(chain).find(
      (record) => record.tx.nonce === chain.pending.nonceOf(record.payer),
    );
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
 * The outcome a held transaction carries until it runs (nothing reads it: a received
 * transaction has no receipt or trace yet).
 *
 * @param tx - The transaction.
 * @returns An empty outcome.
 */
function heldOutcome(tx: Tx): Outcome {
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
function release(chain: Pools, payer: bigint): void {
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
 * Receives a transaction as the 0.14 gateway and mempool do: its nonce must be at
 * least the sender's next one after the received transactions, not already taken,
 * and at most {@link MAX_ALLOWED_NONCE_GAP} ahead of the account's (pre-confirmed)
 * nonce; the rest of admission runs on the mempool state. The sender's next nonce
 * runs there at once (and releases the held ones it unblocks); a later one is held.
 *
 * @param chain - The chain.
 * @param tx - The transaction.
 * @param id - Its identifiers.
 * @param receivedAt - Unix seconds now.
 * @returns The stored record (RECEIVED).
 * @throws Rejection when it is not admitted.
 */
export function receive(
  chain: Pools,
  tx: Tx,
  id: Identified,
  receivedAt: number,
): TxRecord {
  const ready = chain.mempool.nonceOf(id.payer);
  const taken = receivedTxs(chain).some(
    (record) => record.payer === id.payer && record.tx.nonce === tx.nonce,
  );
  const held = tx.nonce > ready;
  if (
    tx.nonce < ready ||
    taken ||
    tx.nonce > chain.pending.nonceOf(id.payer) + MAX_ALLOWED_NONCE_GAP ||
    (held && tx.type === 'DEPLOY_ACCOUNT')
  ) {
    throw new Rejection(
      'NONCE',
      `Invalid transaction nonce of contract at address ${feltHex(id.payer)}. Account nonce: ${feltHex(ready)}; got: ${feltHex(tx.nonce)}.`,
    );
  }
  admit(chain.mempool, tx, id, {
    validate: true,
    strict: true,
    chargeFee: true,
    nonceChecked: true,
  });
  const record: TxRecord = {
    ...id,
    ...(held ? heldOutcome(tx) : execute(chain.mempool, tx, id, true)),
    tx,
    finality: 'RECEIVED',
    receivedAt,
    held,
  };
  chain.txs.set(id.hash, record);
  if (!held) {
    release(chain, id.payer);
  }
  return record;
}

/**
 * Evicts a received transaction from the mempool. The sender's received transactions
 * with later nonces are evicted too (held or not), as a real mempool does in the end;
 * the others run again, in nonce order, on a fresh mempool state, and any that no
 * longer fits is evicted.
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
  const dropped = [txHash];
  const evict = (record: TxRecord): void => {
    chain.txs.delete(record.hash);
    dropped.push(record.hash);
  };
  chain.txs.delete(txHash);
  receivedTxs(chain)
    .filter(
      (record) =>
        record.payer === target.payer && record.tx.nonce > target.tx.nonce,
    )
    .forEach(evict);
  chain.mempool = chain.pending.clone();
  let waiting = receivedTxs(chain).filter((record) => record.held !== true);
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
      Object.assign(next, execute(chain.mempool, next.tx, next, true));
    } catch (error) {
      if (!(error instanceof Rejection)) {
        throw error;
      }
      evict(next);
    }
  }
  waiting.forEach(evict);
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
  chain: Pools,
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
