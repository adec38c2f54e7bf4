import { classHashAtCall, nonceCall } from './calls';
import type { NodeCall, NodeClient, NodeOutcome } from './node';
import { isNodeError } from './node';

/** Whether an account is deployed and its next nonce, as the sequencer sees them. */
export type AccountStatus = { deployed: boolean; nonce: bigint };

/**
 * Reads deployment and nonce of an account in one batched request, at the
 * pre-confirmed block: a deploy or invoke the node accepted a moment ago counts, so
 * consecutive transactions get consecutive nonces.
 *
 * @param node - Node client.
 * @param address - The account.
 * @returns Its status (an undeployed account has nonce 0).
 */
export async function readAccountStatus(
  node: NodeClient,
  address: string,
): Promise<AccountStatus> {
  return (await readAccountStatusWith(node, address, undefined)).status;
}

/**
 * {@link readAccountStatus} plus one other independent read, in the same batch.
 *
 * @param node - Node client.
 * @param address - The account.
 * @param extra - One more call to send along.
 * @returns The status and the outcome of the extra call.
 */
export async function readAccountStatusWith<Extra>(
  node: NodeClient,
  address: string,
  extra: NodeCall<Extra> | undefined,
): Promise<{ status: AccountStatus; extra: NodeOutcome<Extra> | undefined }> {
  const [classHash, nonce, other] = await node.batch([
    classHashAtCall(address, 'pre_confirmed'),
    nonceCall(address),
    ...(extra ? [extra] : []),
  ]);
  for (const outcome of [classHash, nonce]) {
    if (!outcome.ok && !isNodeError(outcome.error, 'CONTRACT_NOT_FOUND')) {
      throw outcome.error;
    }
  }
  if (!classHash.ok) {
    return { status: { deployed: false, nonce: 0n }, extra: other };
  }
  if (!nonce.ok) {
    throw nonce.error;
  }
  return {
    status: { deployed: true, nonce: BigInt(nonce.result) },
    extra: other,
  };
}
