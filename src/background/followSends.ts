import type { Infer } from '@metamask/superstruct';
import { is, string, type } from '@metamask/superstruct';

import { toWireFelt } from '../api/felt';
import { NodeRequestFailed } from '../errors';
import type { Services } from '../rpc/context';
import { USER_ORIGIN, createContext } from '../rpc/context';
import { nonceCall } from '../starknet/node/calls';
import { findNetwork } from '../starknet/node/networks';
import type { NodeCall, NodeOutcome } from '../starknet/node/node';
import { isNodeError, nodeCall } from '../starknet/node/node';
import { statusCall } from '../starknet/sends/send';
import type { StatusUpdate } from '../starknet/sends/status';
import { settledStatus } from '../starknet/sends/status';
import { isUnfinished, recordsOf } from '../state/records';
import type { SnapState, TransactionRecord } from '../state/types';

/** The part of a receipt the activity shows: what the transaction paid. */
const ReceiptFeeStruct = type({
  actual_fee: type({ amount: string(), unit: string() }),
});

/**
 * `starknet_getTransactionReceipt` of a hash, for its actual fee.
 *
 * @param txHash - The transaction hash.
 * @returns The call.
 */
function receiptCall(txHash: string): NodeCall<Infer<typeof ReceiptFeeStruct>> {
  return nodeCall(
    'starknet_getTransactionReceipt',
    { transaction_hash: toWireFelt(txHash) },
    ReceiptFeeStruct,
  );
}

/** Called once per account that had a send settle (included or failed). */
export type OnSettled = (chainId: string, address: string) => Promise<void>;

/** A record's next state: the status rule's update, plus the fee once included. */
type Followed = StatusUpdate & { actualFee?: string };

/**
 * The sender's nonce for the status rule: 0 for an account not deployed yet, unknown
 * when the node failed to say (then a 29 is not taken for a drop).
 *
 * @param outcome - The `starknet_getNonce` outcome.
 * @returns The nonce, or undefined.
 */
function nonceOf(
  outcome: NodeOutcome<unknown> | undefined,
): bigint | undefined {
  if (outcome?.ok && typeof outcome.result === 'string') {
    return BigInt(outcome.result);
  }
  return outcome &&
    !outcome.ok &&
    isNodeError(outcome.error, 'CONTRACT_NOT_FOUND')
    ? 0n
    : undefined;
}

/** How long after a send its receipt is asked for, when it settled elsewhere. */
const FEE_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Statuses whose transaction is in a block, so its receipt carries the fee paid. */
const INCLUDED = new Set(['ACCEPTED_ON_L2', 'ACCEPTED_ON_L1', 'REVERTED']);

/**
 * Whether a record is worth a node request this tick: it can still change, or it
 * settled elsewhere (a send's planning or a dapp's status read settles records too)
 * in the last {@link FEE_WINDOW_MS} and its actual fee is not known yet.
 *
 * @param record - The record.
 * @param now - The time now (ms).
 * @returns Whether to follow it.
 */
function worthFollowing(record: TransactionRecord, now: number): boolean {
  return (
    isUnfinished(record) ||
    (INCLUDED.has(record.status) &&
      record.actualFee === undefined &&
      record.timestamp * 1000 + FEE_WINDOW_MS > now)
  );
}

/**
 * The update of one record from its status and receipt outcomes, by the one status
 * rule (status.ts `settledStatus`). A node error other than "unknown hash" leaves the
 * record as it is until the next tick: a failing read must never settle a send. The
 * fee is kept only in FRI (STRK), what V3 transactions pay.
 *
 * @param record - The followed record.
 * @param outcomes - Its status (none for a settled record) and receipt outcomes, and
 * its sender's nonce.
 * @param outcomes.status - The status outcome.
 * @param outcomes.receipt - The receipt outcome.
 * @param outcomes.nonce - The sender's nonce at the node.
 * @param now - The time now (ms), for the recent-send rule.
 * @returns The update, or undefined.
 */
function followed(
  record: TransactionRecord,
  outcomes: {
    status: NodeOutcome<unknown> | undefined;
    receipt: NodeOutcome<unknown> | undefined;
    nonce: bigint | undefined;
  },
  now: number,
): Followed | undefined {
  const { status, receipt } = outcomes;
  if (
    status &&
    !status.ok &&
    !isNodeError(status.error, 'TXN_HASH_NOT_FOUND')
  ) {
    return undefined;
  }
  const update = status
    ? settledStatus(record, status, outcomes.nonce, now)
    : undefined;
  const next = { ...record, ...update };
  const fee =
    receipt?.ok && is(receipt.result, ReceiptFeeStruct)
      ? receipt.result.actual_fee
      : undefined;
  if (!INCLUDED.has(next.status) || fee?.unit !== 'FRI') {
    return update;
  }
  return {
    status: next.status,
    failureReason: next.failureReason,
    actualFee: fee.amount,
  };
}

/**
 * Follows one network's records in one batch: the nonce of every sender of an open
 * send, then each open send's status and receipt, and the receipt of each settled
 * send whose fee is not known. Stores what changed (one write) and returns the
 * records that settled or got their fee.
 *
 * @param services - Store and send lock.
 * @param chainId - The network.
 * @param watched - Its records worth following.
 * @param now - The time now (ms).
 * @returns The records that settled, with their new status.
 */
async function followNetwork(
  services: Services,
  chainId: string,
  watched: TransactionRecord[],
  now: number,
): Promise<TransactionRecord[]> {
  const ctx = await createContext({
    origin: USER_ORIGIN,
    ...services,
    chainId,
    action: 'followSends',
  });
  const senders = [
    ...new Set(
      watched.filter(isUnfinished).map((record) => record.senderAddress),
    ),
  ];
  const calls = watched.map((record) =>
    isUnfinished(record)
      ? [statusCall(record.txnHash), receiptCall(record.txnHash)]
      : [receiptCall(record.txnHash)],
  );
  const outcomes = await ctx.node.batch([
    ...senders.map(nonceCall),
    ...calls.flat(),
  ]);
  const updates = new Map<string, Followed>();
  let at = senders.length;
  watched.forEach((record, index) => {
    const open = calls[index]?.length === 2;
    const update = followed(
      record,
      {
        nonce: nonceOf(outcomes[senders.indexOf(record.senderAddress)]),
        status: open ? outcomes[at] : undefined,
        receipt: outcomes[open ? at + 1 : at],
      },
      now,
    );
    at += open ? 2 : 1;
    if (update) {
      updates.set(record.txnHash, update);
    }
  });
  if (updates.size > 0) {
    await services.store.update((state) => {
      for (const record of recordsOf(state, chainId)) {
        Object.assign(record, updates.get(record.txnHash));
      }
    });
  }
  return watched.flatMap((record) => {
    const next = { ...record, ...updates.get(record.txnHash) };
    return updates.has(record.txnHash) && !isUnfinished(next) ? [next] : [];
  });
}

/**
 * The records worth following of every account on every network the snap serves.
 *
 * @param state - The state.
 * @param now - The time now (ms).
 * @returns Chain id → its records (networks with none left out).
 */
function watchedByNetwork(
  state: SnapState,
  now: number,
): Map<string, TransactionRecord[]> {
  const watched = new Map<string, TransactionRecord[]>();
  for (const chainId of Object.keys(state.transactions)) {
    const records = recordsOf(state, chainId).filter((record) =>
      worthFollowing(record, now),
    );
    if (records.length > 0 && findNetwork(chainId)) {
      watched.set(chainId, records);
    }
  }
  return watched;
}

/**
 * The `followSends` cron job: follows every send the snap recorded and that can still
 * change (all accounts, all networks, selected in MetaMask or not) to its final status,
 * one node batch per network per tick, and none at all when nothing is open. New
 * statuses (and the actual fee of an included send) are stored, which tells MetaMask
 * (the store's activity events); `onSettled` runs once per account whose send was
 * included or failed, so its balances are read again. A network whose node fails is
 * left for the next tick; the others go on.
 *
 * @param services - Store and send lock.
 * @param onSettled - What to do for an account with a settled send.
 * @param now - The time now (ms), for the recent-send rule.
 */
export async function followSends(
  services: Services,
  onSettled: OnSettled,
  now: number = Date.now(),
): Promise<void> {
  const open = watchedByNetwork(await services.store.read(), now);
  for (const [chainId, records] of open) {
    let settled: TransactionRecord[];
    try {
      settled = await followNetwork(services, chainId, records, now);
    } catch (error) {
      if (!(error instanceof NodeRequestFailed)) {
        throw error;
      }
      // The node unreachable or refusing: nothing learned, ask again next tick.
      continue;
    }
    const accounts = new Set(settled.map((record) => record.senderAddress));
    for (const address of accounts) {
      await onSettled(chainId, address);
    }
  }
}
