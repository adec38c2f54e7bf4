import type {
  GetTransactionStatusParams,
  GetTransactionStatusResult,
} from '../api/getTransactionStatus';
import { TransactionNotFound } from '../errors';
import { nonceCall } from '../starknet/node/calls';
import type { NodeOutcome } from '../starknet/node/node';
import { isNodeError } from '../starknet/node/node';
import { statusCall } from '../starknet/sends/send';
import {
  reportedStatus,
  settledStatus,
  storeStatuses,
} from '../starknet/sends/status';
import { recordsOf } from '../state/records';
import type { RpcContext } from './context';

/**
 * The sender's nonce at the node, for the status rule; 0 when not deployed, unknown
 * when the node failed to say.
 *
 * @param outcome - The `starknet_getNonce` outcome, when it was asked.
 * @returns The nonce, or undefined.
 */
function nonceOf(outcome: NodeOutcome<string> | undefined): bigint | undefined {
  if (outcome?.ok) {
    return BigInt(outcome.result);
  }
  return outcome && isNodeError(outcome.error, 'CONTRACT_NOT_FOUND')
    ? 0n
    : undefined;
}

/**
 * `snapnet_getTransactionStatus`: asks the node, and brings the stored record of the
 * transaction (if the snap sent it) up to date by the one status rule (status.ts
 * `settledStatus`), in the same batch as the sender's nonce when the record carries
 * one. State is written only when the status actually changed.
 *
 * @param params - The transaction hash.
 * @param ctx - Request context.
 * @returns The finality status, or REVERTED when execution reverted.
 * @throws TransactionNotFound when the node does not know the hash (a stored record
 * of it is then REJECTED: never received, or dropped).
 */
export async function getTransactionStatus(
  params: GetTransactionStatusParams,
  ctx: RpcContext,
): Promise<GetTransactionStatusResult> {
  const hash = params.transactionHash;
  const { chainId } = ctx.network;
  const record = recordsOf(await ctx.store.read(), chainId).find(
    (item) => item.txnHash === hash,
  );
  const [outcome, nonce] = await ctx.node.batch([
    statusCall(hash),
    ...(record?.nonce === undefined ? [] : [nonceCall(record.senderAddress)]),
  ]);
  const update = record
    ? settledStatus(record, outcome, nonceOf(nonce))
    : undefined;
  if (update) {
    await storeStatuses(ctx.store, chainId, new Map([[hash, update]]));
  }
  if (!outcome.ok) {
    if (isNodeError(outcome.error, 'TXN_HASH_NOT_FOUND')) {
      throw new TransactionNotFound(hash, ctx.network.name, {
        cause: outcome.error,
      });
    }
    throw outcome.error;
  }
  return reportedStatus(outcome.result);
}
