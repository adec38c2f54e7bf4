import type { Infer } from '@metamask/superstruct';

import { isPaymasterRecord, isUnfinished } from '../state/records';
import type { Store } from '../state/store';
import type { TransactionRecord } from '../state/types';
import type { NodeCall, NodeOutcome } from './node';
import { statusCall } from './send';
import type { NodeStatusStruct, StatusUpdate } from './status';
import { settledStatus, storeStatuses } from './status';

/**
 * Where the snap finds what it sent on one network: its transaction records there.
 * Real nodes (pathfinder, juno; Starknet 0.14) count a transaction in
 * `starknet_getNonce` only once the sequencer includes it, so the snap's own records
 * are what keeps two quick sends from signing the same nonce.
 */
export type SentLog = { store: Store; chainId: string };

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
 * Reads the node's status answers for the open sends by the one status rule
 * (status.ts `settledStatus`): a send the node no longer knows after it had received
 * it was dropped and frees its nonce; a changed status is stored, so a finished send
 * is not asked about again.
 *
 * @param log - Store and network.
 * @param open - The open sends.
 * @param outcomes - The status outcomes, in the order of `open.calls`.
 * @param nodeNonce - The node's nonce of the account.
 * @returns The sends the node still has (their nonces are taken).
 * @throws NodeRequestFailed for any other node error: guessing could reuse a nonce.
 */
export async function liveSends(
  log: SentLog,
  open: OpenSends,
  outcomes: readonly NodeOutcome<unknown>[],
  nodeNonce: bigint,
): Promise<TransactionRecord[]> {
  const fresh = new Map<string, StatusUpdate>();
  open.records.forEach((record, at) => {
    const update = settledStatus(record, outcomes[at], nodeNonce);
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
 * The next nonce of an account: the node's (at pre_confirmed), or one past the highest
 * nonce the snap sent that the node still has, whichever is higher. A node ahead of
 * the snap (the account was used elsewhere) wins.
 *
 * @param nodeNonce - The node's nonce.
 * @param live - The snap's sends the node still has.
 * @returns The nonce to sign with.
 */
export function nextNonce(
  nodeNonce: bigint,
  live: readonly TransactionRecord[],
): bigint {
  return live.reduce(
    (next, record) =>
      record.nonce === undefined || BigInt(record.nonce) < next
        ? next
        : BigInt(record.nonce) + 1n,
    nodeNonce,
  );
}
