import type {
  GetTransactionStatusParams,
  GetTransactionStatusResult,
} from '../api/getTransactionStatus';
import { TransactionNotFound } from '../errors';
import { isNodeError } from '../starknet/node';
import { NOT_RECEIVED, statusCall } from '../starknet/send';
import { recordStatusOf, reportedStatus } from '../starknet/status';
import { recordsOf } from '../state/records';
import type { TransactionStatus } from '../state/types';
import type { RpcContext } from './context';

/**
 * `snapnet_getTransactionStatus`: asks the node, and brings the stored record of the
 * transaction (if the snap sent it) up to date. State is written only when the status
 * actually changed.
 *
 * @param params - The transaction hash.
 * @param ctx - Request context.
 * @returns The finality status, or REVERTED when execution reverted.
 */
export async function getTransactionStatus(
  params: GetTransactionStatusParams,
  ctx: RpcContext,
): Promise<GetTransactionStatusResult> {
  const hash = params.transactionHash;
  let answer;
  try {
    answer = await ctx.node.send(statusCall(hash));
  } catch (error) {
    if (isNodeError(error, 'TXN_HASH_NOT_FOUND')) {
      // A send whose answer was lost and the node never got: settled as rejected.
      await updateStoredStatus(
        ctx,
        hash,
        'REJECTED',
        NOT_RECEIVED,
        'UNCONFIRMED',
      );
      throw new TransactionNotFound(hash, ctx.network.name, { cause: error });
    }
    throw error;
  }
  const next = recordStatusOf(answer);
  if (next) {
    await updateStoredStatus(ctx, hash, next, answer.failure_reason);
  }
  return reportedStatus(answer);
}

/**
 * Updates the stored record of a transaction the snap sent, if any.
 *
 * @param ctx - Request context.
 * @param hash - Transaction hash.
 * @param next - The record status.
 * @param failureReason - Why it failed, when the node says.
 * @param only - Update only a record in this status.
 */
async function updateStoredStatus(
  ctx: RpcContext,
  hash: string,
  next: TransactionStatus,
  failureReason: string | undefined,
  only?: TransactionStatus,
): Promise<void> {
  const { chainId } = ctx.network;
  const known = recordsOf(await ctx.store.read(), chainId).some(
    (record) =>
      record.txnHash === hash && (only === undefined || record.status === only),
  );
  if (!known) {
    return;
  }
  await ctx.store.update((state) => {
    for (const record of recordsOf(state, chainId)) {
      if (record.txnHash === hash) {
        record.status = next;
        if (failureReason !== undefined) {
          record.failureReason = failureReason;
        }
      }
    }
  });
}
