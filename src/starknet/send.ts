import type { Infer } from '@metamask/superstruct';
import { type } from '@metamask/superstruct';
import type { Json } from '@metamask/utils';

import { toWireFelt } from '../api/felt';
import { NodeRequestFailed } from '../errors';
import type { TransactionStatus } from '../state/types';
import { NodeFeltStruct } from './calls';
import type { NodeCall, NodeClient } from './node';
import { isNodeError, nodeCall } from './node';
import { NodeStatusStruct, recordStatusOf } from './status';

/**
 * A `starknet_getTransactionStatus` of one hash.
 *
 * @param txHash - The transaction hash.
 * @returns The node call.
 */
export function statusCall(
  txHash: string,
): NodeCall<Infer<typeof NodeStatusStruct>> {
  return nodeCall(
    'starknet_getTransactionStatus',
    { transaction_hash: toWireFelt(txHash) },
    NodeStatusStruct,
  );
}

/** Failure reason of a send whose answer was lost and that the node never got. */
export const NOT_RECEIVED = 'the node never received the transaction';

/** What every `starknet_add…Transaction` answers, at least. */
const SentAnswerStruct = type({ transaction_hash: NodeFeltStruct });

/** What became of a signed transaction the snap sent. */
export type Sent = {
  /** The hash, known before sending: the snap computed it to sign. */
  txHash: string;
  /** RECEIVED, or what the node said when asked after a lost answer, or UNCONFIRMED. */
  status: TransactionStatus;
  /** The lost answer, when the node could not tell whether it has the transaction. */
  unconfirmed?: NodeRequestFailed;
};

/**
 * Sends a signed transaction so that no send is lost when its answer is. The snap
 * knows the hash before sending; when the answer is lost (connection dropped,
 * timeout, 5xx after the node may have taken it) it asks the node for that hash's
 * status, one request: known means sent; unknown means not sent (the original error
 * is thrown); no answer at all means nobody can tell yet, and the caller keeps the
 * record as UNCONFIRMED for getTransactions / getTransactionStatus to settle.
 *
 * @param node - Node client.
 * @param method - `starknet_add…Transaction`.
 * @param params - Its params, with the signed transaction in wire form.
 * @param txHash - The transaction's hash.
 * @returns What became of it.
 * @throws NodeRequestFailed when the node refused it or does not have it.
 */
export async function sendTransaction(
  node: NodeClient,
  method: string,
  params: Record<string, Json>,
  txHash: string,
): Promise<Sent> {
  try {
    // Every add… method answers at least the transaction hash (class/address too).
    await node.send(nodeCall(method, params, SentAnswerStruct));
    return { txHash, status: 'RECEIVED' };
  } catch (error) {
    if (!(error instanceof NodeRequestFailed) || !error.lost) {
      throw error;
    }
    try {
      const answer = await node.send(statusCall(txHash));
      return { txHash, status: recordStatusOf(answer) ?? 'RECEIVED' };
    } catch (statusError) {
      if (isNodeError(statusError, 'TXN_HASH_NOT_FOUND')) {
        throw error;
      }
      return { txHash, status: 'UNCONFIRMED', unconfirmed: error };
    }
  }
}
