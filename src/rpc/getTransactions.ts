import type {
  GetTransactionsParams,
  GetTransactionsResult,
} from '../api/getTransactions';
import { nonceCall } from '../starknet/node/calls';
import { fetchIndexedTransactions } from '../starknet/node/indexer';
import { NODE_TIMEOUT_MS } from '../starknet/node/networks';
import type { NodeOutcome } from '../starknet/node/node';
import { isNodeError } from '../starknet/node/node';
import { statusCall } from '../starknet/sends/send';
import type { StatusUpdate } from '../starknet/sends/status';
import { settledStatus, storeStatuses } from '../starknet/sends/status';
import { isUnfinished } from '../state/records';
import type { TransactionRecord } from '../state/types';
import type { RpcContext } from './context';
import { requireGranted } from './pageAccess';

const SECONDS_PER_DAY = 86400;

/**
 * The sender's nonce at the node, for the status rule (a send whose nonce the node
 * has passed is not called dropped); 0 for an account not deployed yet.
 *
 * @param outcome - The `starknet_getNonce` outcome.
 * @returns The nonce.
 * @throws NodeRequestFailed for any other node error.
 */
function nonceOf(outcome: NodeOutcome<string> | undefined): bigint | undefined {
  if (!outcome) {
    return undefined;
  }
  if (outcome.ok) {
    return BigInt(outcome.result);
  }
  if (isNodeError(outcome.error, 'CONTRACT_NOT_FOUND')) {
    return 0n;
  }
  throw outcome.error;
}

/**
 * Refreshes the status of the snap's still-open records in one batched node request
 * (with the sender's nonce), by the one status rule (status.ts `settledStatus`): a
 * send the node no longer knows after it had received it is listed REJECTED with the
 * reason. Any other node error fails the request, as a transport failure does,
 * rather than passing stale statuses off as fresh. State is written only when a
 * status changed.
 *
 * @param ctx - Request context.
 * @param sender - The account listed.
 * @param records - The records to list.
 * @returns The records with fresh statuses.
 */
async function refreshOpen(
  ctx: RpcContext,
  sender: string,
  records: TransactionRecord[],
): Promise<TransactionRecord[]> {
  const open = records.filter(isUnfinished);
  if (open.length === 0) {
    return records;
  }
  const [nonce, ...outcomes] = await ctx.node.batch([
    nonceCall(sender),
    ...open.map((record) => statusCall(record.txnHash)),
  ]);
  const nodeNonce = nonceOf(nonce);
  const fresh = new Map<string, StatusUpdate>();
  open.forEach((record, at) => {
    const update = settledStatus(record, outcomes[at], nodeNonce);
    if (update) {
      fresh.set(record.txnHash, update);
    }
  });
  await storeStatuses(ctx.store, ctx.network.chainId, fresh);
  return records.map((record) => ({
    ...record,
    ...fresh.get(record.txnHash),
  }));
}

/**
 * `snapnet_getTransactions` (also `snapnet_getTransaction`; accounts given to the
 * page only, else 4100): the account's
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
  await requireGranted(ctx, params.senderAddress, 'senderAddress');
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
  return refreshOpen(ctx, params.senderAddress, listed);
}
