import { is, optional, string, type } from '@metamask/superstruct';

import type { TransactionStatus } from '../state/types';
import { TransactionStatusStruct } from '../state/types';

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

/**
 * The status a transaction record takes from a node answer: the node's intermediate
 * finality states (CANDIDATE, PRE_CONFIRMED) are "PENDING" in the record vocabulary.
 *
 * @param answer - The node's answer, unchecked.
 * @returns The record status, or undefined when the answer is not understood.
 */
export function recordStatusOf(answer: unknown): TransactionStatus | undefined {
  if (!is(answer, NodeStatusStruct)) {
    return undefined;
  }
  const status = reportedStatus(answer).replace(
    /^(CANDIDATE|PRE_CONFIRMED)$/u,
    'PENDING',
  );
  return is(status, TransactionStatusStruct) ? status : undefined;
}
