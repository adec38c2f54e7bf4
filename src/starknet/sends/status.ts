import { is, optional, string, type } from '@metamask/superstruct';

import { isUnfinished, recordsOf } from '../../state/records';
import type { Store } from '../../state/store';
import type { TransactionRecord, TransactionStatus } from '../../state/types';
import { TransactionStatusStruct } from '../../state/types';
import type { NodeOutcome } from '../node/node';
import { isNodeError } from '../node/node';

/** What `starknet_getTransactionStatus` answers. */
export const NodeStatusStruct = type({
  finality_status: string(),
  execution_status: optional(string()),
  failure_reason: optional(string()),
});

/**
 * The status a dapp reads: the finality status, or REVERTED when execution reverted.
 *
 * @param answer - The node's answer.
 * @param answer.finality_status - RECEIVED … ACCEPTED_ON_L1.
 * @param answer.execution_status - SUCCEEDED or REVERTED, once executed.
 * @returns The status string.
 */
export function reportedStatus(answer: {
  // eslint-disable-next-line @typescript-eslint/naming-convention
  finality_status: string;
  // eslint-disable-next-line @typescript-eslint/naming-convention
  execution_status?: string | undefined;
}): string {
  return answer.execution_status === 'REVERTED'
    ? 'REVERTED'
    : answer.finality_status;
}

/** Finality states before a block is accepted: nothing there is final yet. */
const NOT_FINAL = /^(CANDIDATE|PRE_CONFIRMED)$/u;

/**
 * The status a transaction record takes from a node answer: the node's intermediate
 * finality states (CANDIDATE, PRE_CONFIRMED) are "PENDING" in the record vocabulary,
 * even with a REVERTED execution: a pre-confirmed block may still change, so the send
 * is asked about again until its block is accepted.
 *
 * @param answer - The node's answer, unchecked.
 * @returns The record status, or undefined when the answer is not understood.
 */
export function recordStatusOf(answer: unknown): TransactionStatus | undefined {
  if (!is(answer, NodeStatusStruct)) {
    return undefined;
  }
  const status = NOT_FINAL.test(answer.finality_status)
    ? 'PENDING'
    : reportedStatus(answer);
  return is(status, TransactionStatusStruct) ? status : undefined;
}

/** Failure reason of a send whose answer was lost and that the node never got. */
export const NOT_RECEIVED = 'the node never received the transaction';

/** Failure reason of a record whose transaction the node no longer knows. */
export const DROPPED =
  'the node dropped the transaction (it no longer knows its hash); its nonce is free again';

/**
 * How long after a send a 29 does not yet mean "dropped": pathfinder and juno know a
 * hash the feeder gateway does not know yet only in the instance that submitted it
 * (pathfinder's `submission_tracker`, juno's `submittedTransactionsCache`), so behind a
 * load-balanced provider another instance answers 29 for a send made a second ago.
 */
export const RECENT_SEND_MS = 10_000;

/**
 * How long until a record's send is no longer recent ({@link RECENT_SEND_MS}); records
 * carry their send time in Unix seconds.
 *
 * @param record - The stored record.
 * @param now - The time now, in milliseconds since the epoch.
 * @returns Milliseconds left (0 or less: not recent).
 */
export function recentFor(record: TransactionRecord, now: number): number {
  return record.timestamp * 1000 + RECENT_SEND_MS - now;
}

/**
 * Whether a 29 about a received record means it was dropped: it is unfinished, and
 * the node's nonce has not passed it (a pruned node may not know an included hash).
 *
 * @param record - The stored record.
 * @param nodeNonce - The sender's nonce at the node, when read along.
 * @returns Whether a 29 drops it.
 */
function droppable(
  record: TransactionRecord,
  nodeNonce: bigint | undefined,
): boolean {
  const passed =
    record.nonce !== undefined &&
    nodeNonce !== undefined &&
    BigInt(record.nonce) < nodeNonce;
  return isUnfinished(record) && !passed;
}

/**
 * Whether a 29 about a record would drop it, but the send is too recent to tell
 * (another provider instance may not know it yet): ask again until it is not.
 *
 * @param record - The stored record.
 * @param outcome - The node's answer about its hash.
 * @param nodeNonce - The sender's nonce at the node, when read along.
 * @param now - The time now, in milliseconds since the epoch.
 * @returns Whether to ask again before concluding.
 */
export function awaitsRecheck(
  record: TransactionRecord,
  outcome: NodeOutcome<unknown> | undefined,
  nodeNonce: bigint | undefined,
  now: number,
): boolean {
  return (
    outcome !== undefined &&
    !outcome.ok &&
    isNodeError(outcome.error, 'TXN_HASH_NOT_FOUND') &&
    record.status !== 'UNCONFIRMED' &&
    recentFor(record, now) > 0 &&
    droppable(record, nodeNonce)
  );
}

/** What a record becomes after the node's answer about it. */
export type StatusUpdate = Pick<TransactionRecord, 'status' | 'failureReason'>;

/**
 * The one rule turning the node's answer about a stored send into the record's next
 * status (nonces, getTransactions and getTransactionStatus all use it, so a send has
 * one status wherever it is read):
 * - a known hash takes the node's status (and its failure reason, when it gives one);
 * - an unknown hash (29 TXN_HASH_NOT_FOUND) of a send whose answer was lost was never
 *   received: REJECTED, {@link NOT_RECEIVED};
 * - an unknown hash the node had received was dropped: REJECTED, {@link DROPPED}, its
 *   nonce free again; unless the node's nonce has passed the send's nonce, since a
 *   pruned node may not know an included hash, or the send is less than
 *   {@link RECENT_SEND_MS} old, since another instance of a load-balanced provider may
 *   not know it yet (then nothing is concluded).
 *
 * @param record - The stored record.
 * @param outcome - The node's answer to `starknet_getTransactionStatus` of its hash.
 * @param nodeNonce - The sender's nonce at the node, when read along.
 * @param now - The time now, in milliseconds since the epoch.
 * @returns The update, or undefined when the record stays as it is.
 * @throws NodeRequestFailed for any other node error: a guess could reuse a nonce or
 * pass a stale status off as fresh.
 */
export function settledStatus(
  record: TransactionRecord,
  outcome: NodeOutcome<unknown> | undefined,
  nodeNonce: bigint | undefined,
  now: number = Date.now(),
): StatusUpdate | undefined {
  if (!outcome) {
    return undefined;
  }
  if (outcome.ok) {
    const status = recordStatusOf(outcome.result);
    const reason =
      is(outcome.result, NodeStatusStruct) && status !== 'PENDING'
        ? outcome.result.failure_reason
        : undefined;
    return status && status !== record.status
      ? { status, failureReason: reason ?? record.failureReason }
      : undefined;
  }
  if (!isNodeError(outcome.error, 'TXN_HASH_NOT_FOUND')) {
    throw outcome.error;
  }
  if (record.status === 'UNCONFIRMED') {
    return { status: 'REJECTED', failureReason: NOT_RECEIVED };
  }
  return droppable(record, nodeNonce) && recentFor(record, now) <= 0
    ? { status: 'REJECTED', failureReason: DROPPED }
    : undefined;
}

/**
 * Stores status updates of one network's records, in one write, only when there are
 * any.
 *
 * @param store - The state store.
 * @param chainId - The network.
 * @param updates - Transaction hash → its update.
 */
export async function storeStatuses(
  store: Store,
  chainId: string,
  updates: ReadonlyMap<string, StatusUpdate>,
): Promise<void> {
  if (updates.size === 0) {
    return;
  }
  await store.update((state) => {
    for (const record of recordsOf(state, chainId)) {
      Object.assign(record, updates.get(record.txnHash));
    }
  });
}
