import type {
  GetTransactionsParams,
  GetTransactionsResult,
} from '../api/getTransactions';
import { TXN_HASH_NOT_FOUND } from '../starknet/calls';
import { fetchIndexedTransactions } from '../starknet/indexer';
import { NODE_TIMEOUT_MS } from '../starknet/networks';
import { recordStatusOf } from '../starknet/status';
import { isUnfinished, recordsOf } from '../state/records';
import type { TransactionRecord, TransactionStatus } from '../state/types';
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
    open.map((record) => ({
      method: 'starknet_getTransactionStatus',
      params: { transaction_hash: record.txnHash },
    })),
  );
  const fresh = new Map<string, TransactionStatus>();
  open.forEach((record, at) => {
    const outcome = outcomes[at];
    // A hash the node does not know keeps its stored status; any other node error
    // fails the request, as a transport failure does, rather than passing stale
    // statuses off as fresh.
    if (outcome && !outcome.ok && outcome.error.code !== TXN_HASH_NOT_FOUND) {
      throw outcome.error;
    }
    const status = outcome?.ok ? recordStatusOf(outcome.result) : undefined;
    if (status && status !== record.status) {
      fresh.set(record.txnHash, status);
    }
  });
  if (fresh.size > 0) {
    const { chainId } = ctx.network;
    await ctx.store.update((state) => {
      for (const record of recordsOf(state, chainId)) {
        const status = fresh.get(record.txnHash);
        if (status) {
          record.status = status;
        }
      }
    });
  }
  return records.map((record) => {
    const status = fresh.get(record.txnHash);
    return status ? { ...record, status } : record;
  });
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
