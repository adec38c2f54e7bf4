import type { Infer } from '@metamask/superstruct';

import { NodeRequestFailed } from '../../errors';
import { isPaymasterRecord, isUnfinished } from '../../state/records';
import type { Store } from '../../state/store';
import type { TransactionRecord } from '../../state/types';
import type { NodeCall, NodeClient, NodeOutcome } from '../node/node';
import { isNodeError } from '../node/node';
import { statusCall } from './send';
import type { NodeStatusStruct, StatusUpdate } from './status';
import {
  awaitsRecheck,
  recentFor,
  settledStatus,
  storeStatuses,
} from './status';

/**
 * Where the snap finds what it sent on one network: its transaction records there.
 * Real nodes (pathfinder, juno; Starknet 0.14) count a transaction in
 * `starknet_getNonce` only once the sequencer includes it, so the snap's own records
 * are what keeps two quick sends from signing the same nonce.
 */
export type SentLog = {
  store: Store;
  chainId: string;
  /** The time and the wait between status re-asks (tests give their own). */
  clock?: Clock;
};

/** Time now (milliseconds since the epoch) and a wait, for the status re-asks. */
export type Clock = { now: () => number; sleep: (ms: number) => Promise<void> };

/** The real clock. */
const SYSTEM_CLOCK: Clock = {
  now: () => Date.now(),
  sleep: async (ms) =>
    new Promise((resolve) => {
      setTimeout(resolve, ms);
    }),
};

/** About how often a recent send's 29 is asked about again. */
const REASK_MS = 1000;

/** The account's sends that may hold a nonce the node does not count yet. */
export type OpenSends = {
  address: string;
  records: TransactionRecord[];
  /** One `starknet_getTransactionStatus` per record, to batch with other reads. */
  calls: NodeCall<Infer<typeof NodeStatusStruct>>[];
};

/**
 * The account's unfinished records that carry a nonce (the snap signed and sent them),
 * with the status calls that tell whether the node still has them.
 *
 * @param log - Store and network.
 * @param address - The account, normalized.
 * @returns The open sends.
 */
export async function openSends(
  log: SentLog,
  address: string,
): Promise<OpenSends> {
  const state = await log.store.read();
  const records = (state.transactions[log.chainId]?.[address] ?? []).filter(
    (record) =>
      record.nonce !== undefined &&
      !isPaymasterRecord(record) &&
      isUnfinished(record),
  );
  return {
    address,
    records,
    calls: records.map((record) => statusCall(record.txnHash)),
  };
}

/**
 * Asks again about the open sends whose 29 came too soon after the send to mean
 * "dropped" (status.ts `awaitsRecheck`: another instance of a load-balanced provider
 * may not know them yet), about once a second, until the node knows them or
 * {@link RECENT_SEND_MS} have passed since their send.
 *
 * @param node - The node client.
 * @param open - The open sends.
 * @param first - The first status outcomes, in the order of `open.calls`.
 * @param nodeNonce - The node's nonce of the account.
 * @param clock - Time and wait.
 * @returns The last outcome for each open send.
 */
async function recheckRecent(
  node: NodeClient,
  open: OpenSends,
  first: readonly NodeOutcome<unknown>[],
  nodeNonce: bigint,
  clock: Clock,
): Promise<(NodeOutcome<unknown> | undefined)[]> {
  const outcomes: (NodeOutcome<unknown> | undefined)[] = [...first];
  for (;;) {
    const now = clock.now();
    const waiting = open.records.flatMap((record, at) =>
      awaitsRecheck(record, outcomes[at], nodeNonce, now) ? [at] : [],
    );
    if (waiting.length === 0) {
      return outcomes;
    }
    const left = Math.min(
      ...waiting.map((at) => {
        const record = open.records[at];
        return record ? recentFor(record, now) : 0;
      }),
    );
    await clock.sleep(Math.max(0, Math.min(REASK_MS, left)));
    const calls = waiting.flatMap((at) => {
      const call = open.calls[at];
      return call ? [call] : [];
    });
    let again: readonly NodeOutcome<unknown>[];
    try {
      again = await node.batch(calls);
    } catch (error) {
      // A re-ask that fails (the node unreachable) tells nothing: still pending.
      if (!(error instanceof NodeRequestFailed)) {
        throw error;
      }
      again = calls.map(() => ({ ok: false, error }));
    }
    waiting.forEach((at, index) => {
      outcomes[at] = again[index];
    });
  }
}

/**
 * Reads the node's status answers for the open sends by the one status rule
 * (status.ts `settledStatus`): a send the node no longer knows after it had received
 * it was dropped and frees its nonce; a changed status is stored, so a finished send
 * is not asked about again. A 29 for a send less than {@link RECENT_SEND_MS} old is
 * asked about again first (with `node`). Any other node error about a send (juno's
 * -32603 while its feeder gateway is down) leaves its record as it is and counts it
 * as still pending: a failing status read must neither fail a new send nor free a
 * nonce.
 *
 * @param log - Store and network.
 * @param open - The open sends.
 * @param outcomes - The status outcomes, in the order of `open.calls`.
 * @param nodeNonce - The node's nonce of the account.
 * @param node - The node client, to ask again about recent sends.
 * @returns The sends the node still has, or may have (their nonces are taken).
 */
export async function liveSends(
  log: SentLog,
  open: OpenSends,
  outcomes: readonly NodeOutcome<unknown>[],
  nodeNonce: bigint,
  node?: NodeClient,
): Promise<TransactionRecord[]> {
  const clock = log.clock ?? SYSTEM_CLOCK;
  const last = node
    ? await recheckRecent(node, open, outcomes, nodeNonce, clock)
    : outcomes;
  const now = clock.now();
  const fresh = new Map<string, StatusUpdate>();
  open.records.forEach((record, at) => {
    const outcome = last[at];
    if (
      outcome &&
      !outcome.ok &&
      !isNodeError(outcome.error, 'TXN_HASH_NOT_FOUND')
    ) {
      return;
    }
    const update = settledStatus(record, outcome, nodeNonce, now);
    if (update) {
      fresh.set(record.txnHash, update);
    }
  });
  await storeStatuses(log.store, log.chainId, fresh);
  return open.records.filter(
    (record) => fresh.get(record.txnHash)?.status !== 'REJECTED',
  );
}

/**
 * The next nonce of an account: the lowest at or above the node's (at pre_confirmed)
 * that none of the snap's sends the node still has holds. A Starknet 0.14 mempool keeps
 * an account's later nonces when a lower one is removed (sequencer `mempool.rs`
 * `remove_rejected_txs`, `remove_expired_txs` remove only that transaction), so they
 * wait behind the gap: the next send fills it, and those behind it land. A node ahead
 * of the snap (the account was used elsewhere) wins.
 *
 * @param nodeNonce - The node's nonce.
 * @param live - The snap's sends the node still has.
 * @returns The nonce to sign with.
 */
export function nextNonce(
  nodeNonce: bigint,
  live: readonly TransactionRecord[],
): bigint {
  const taken = new Set(
    live.flatMap((record) =>
      record.nonce === undefined ? [] : [BigInt(record.nonce)],
    ),
  );
  let next = nodeNonce;
  while (taken.has(next)) {
    next += 1n;
  }
  return next;
}
