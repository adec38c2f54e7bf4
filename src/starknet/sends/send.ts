import type { Infer } from '@metamask/superstruct';
import { optional, type } from '@metamask/superstruct';
import type { Json } from '@metamask/utils';

import { toWireFelt } from '../../api/felt';
import { NodeAnswerDisputed, NodeRequestFailed } from '../../errors';
import type { TransactionStatus } from '../../state/types';
import { NodeFeltStruct } from '../node/calls';
import type { NodeCall, NodeClient } from '../node/node';
import { isNodeError, nodeCall } from '../node/node';
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

/** What the `starknet_add…Transaction` methods answer. */
const SentAnswerStruct = type({
  transaction_hash: NodeFeltStruct,
  contract_address: optional(NodeFeltStruct),
  class_hash: optional(NodeFeltStruct),
});

/** What the snap computed before sending, to hold the node's answer against. */
export type Expected = {
  /** The hash the snap signed. */
  txHash: string;
  /** A deployment's address. */
  address?: string;
  /** A declaration's class hash. */
  classHash?: string;
};

/** What became of a signed transaction the snap sent. */
export type Sent = {
  /** The hash, known before sending: the snap computed it to sign. */
  txHash: string;
  /** RECEIVED, or what the node said when asked after a lost answer, or UNCONFIRMED. */
  status: TransactionStatus;
  /** The lost answer, when the node could not tell whether it has the transaction. */
  unconfirmed?: NodeRequestFailed;
  /** The node answered another hash, address or class hash than the snap computed. */
  disputed?: NodeAnswerDisputed;
};

/**
 * Holds the node's answer to a send against what the snap computed: the node does
 * not get to choose the hash, address or class hash.
 *
 * @param answer - The node's answer.
 * @param expected - What the snap computed.
 * @returns The first difference, if any.
 */
function disputeOf(
  answer: Infer<typeof SentAnswerStruct>,
  expected: Expected,
): NodeAnswerDisputed | undefined {
  const pairs: [string, string | undefined, string | undefined][] = [
    ['transaction hash', expected.txHash, answer.transaction_hash],
    ['address', expected.address, answer.contract_address],
    ['class hash', expected.classHash, answer.class_hash],
  ];
  for (const [field, computed, answered] of pairs) {
    if (computed !== undefined && BigInt(computed) !== BigInt(answered ?? -1)) {
      return new NodeAnswerDisputed({
        field,
        computed,
        answered: answered ?? 'nothing',
        transactionHash: expected.txHash,
      });
    }
  }
  return undefined;
}

/**
 * Sends a signed transaction so that no send is lost when its answer is. The snap
 * knows the hash before sending; when the answer is lost (connection dropped,
 * timeout, 5xx after the node may have taken it) it asks the node for that hash's
 * status, one request: known means sent; unknown means not sent (the original error
 * is thrown); no answer at all means nobody can tell yet, and the caller keeps the
 * record as UNCONFIRMED for getTransactions / getTransactionStatus to settle. An
 * answer naming another hash (address, class hash) than the snap computed comes back
 * as `disputed`: the caller records the send under the computed hash, then fails.
 *
 * @param node - Node client.
 * @param method - `starknet_add…Transaction`.
 * @param params - Its params, with the signed transaction in wire form.
 * @param expected - The transaction's hash (and address or class hash), as computed.
 * @returns What became of it.
 * @throws NodeRequestFailed when the node refused it or does not have it.
 */
export async function sendTransaction(
  node: NodeClient,
  method: string,
  params: Record<string, Json>,
  expected: Expected,
): Promise<Sent> {
  const { txHash } = expected;
  try {
    const answer = await node.send(nodeCall(method, params, SentAnswerStruct));
    const disputed = disputeOf(answer, expected);
    return { txHash, status: 'RECEIVED', ...(disputed ? { disputed } : {}) };
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
