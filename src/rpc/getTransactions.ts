import type {
  GetTransactionsParams,
  GetTransactionsResult,
} from '../api/getTransactions';
import { fetchIndexedTransactions } from '../starknet/indexer';
import { NODE_TIMEOUT_MS } from '../starknet/networks';
import { isNodeError } from '../starknet/node';
import { NOT_RECEIVED, statusCall } from '../starknet/send';
import { recordStatusOf } from '../starknet/status';
import { isUnfinished, recordsOf } from '../state/records';
import type { TransactionRecord } from '../state/types';
import type { RpcContext } from './context';

const SECONDS_PER_DAY = 86400;

/**
 * Refreshes the status of the snap's still-open records in one batched node
 * request, writing state only when a status changed.
 *
 * @param ctx - Request context.
 * @param records - The records to list.
 * @returns The records with fresh statuses.
 */
async function refreshOpen(
  ctx: RpcContext,
  records: TransactionRecord[],
): Promise<TransactionRecord[]> {
  const open = records.filter(isUnfinished);
  if (open.length === 0) {
    return records;
  }
  const outcomes = await ctx.node.batch(
    open.map((record) => statusCall(record.txnHash)),
  );
  const fresh = new Map<
    string,
    Pick<TransactionRecord, 'status' | 'failureReason'>
  >();
  open.forEach((record, at) => {
    const outcome = outcomes[at];
    const unknown =
      outcome &&
      !outcome.ok &&
      isNodeError(outcome.error, 'TXN_HASH_NOT_FOUND');
    // A hash the node does not know keeps its stored status (but an unconfirmed send
    // it does not know was never received); any other node error fails the request,
    // as a transport failure does, rather than passing stale statuses off as fresh.
    if (outcome && !outcome.ok && !unknown) {
      throw outcome.error;
    }
    if (unknown && record.status === 'UNCONFIRMED') {
      fresh.set(record.txnHash, {
        status: 'REJECTED',
        failureReason: NOT_RECEIVED,
      });
    }
    const status = outcome?.ok ? recordStatusOf(outcome.result) : undefined;
    if (status && status !== record.status) {
      fresh.set(record.txnHash, {
        status,
        failureReason: record.failureReason,
      });
    }
  });
  if (fresh.size > 0) {
    const { chainId } = ctx.network;
    await ctx.store.update((state) => {
      for (const record of recordsOf(state, chainId)) {
        Object.assign(record, fresh.get(record.txnHash));
      }
    });
  }
  return records.map((record) => ({
    ...record,
    ...fresh.get(record.txnHash),
  }));
}

/**
 * `snapnet_getTransactions` (also `snapnet_getTransaction`): the account's
 * transactions, newest first, deduplicated by hash: the snap's own records (open ones
 * refreshed from the node in one batch) merged with an indexer's history when one is
 * configured and `onlyFromState` is false.
 *
 * @param params - Account, filters and paging.
 * @param ctx - Request context.
 * @returns The records.
 */
export async function getTransactions(
  params: GetTransactionsParams,
  ctx: RpcContext,
): Promise<GetTransactionsResult> {
  const { chainId, indexerUrl } = ctx.network;
  const pageSize = params.pageSize ?? 10;
  const since =
    Math.floor(Date.now() / 1000) -
    (params.txnsInLastNumOfDays ?? 5) * SECONDS_PER_DAY;
  const state = await ctx.store.read();
  const own = state.transactions[chainId]?.[params.senderAddress] ?? [];
  const indexed =
    params.onlyFromState || !indexerUrl
      ? []
      : await fetchIndexedTransactions({
          indexerUrl,
          address: params.senderAddress,
          pageSize,
          chainId,
          timeoutMs: NODE_TIMEOUT_MS,
        });
  const byHash = new Map<string, TransactionRecord>();
  for (const record of [...indexed, ...own]) {
    byHash.set(record.txnHash, record);
  }
  // Newest first; records of the same second keep the order they were sent in,
  // reversed (the snap appends records as the node accepts them).
  const listed = [...byHash.values()]
    .map((record, order) => ({ record, order }))
    .filter(
      ({ record }) =>
        record.timestamp >= since &&
        (params.withDeployTxn === true ||
          record.txnType !== 'deploy_account') &&
        (!params.contractAddress ||
          record.contractAddress === params.contractAddress),
    )
    .sort(
      (a, b) => b.record.timestamp - a.record.timestamp || b.order - a.order,
    )
    .map(({ record }) => record);
  return refreshOpen(ctx, listed);
}
