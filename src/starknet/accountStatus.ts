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
  const { status, extras } = await readAccountStatusAlong(
    node,
    address,
    extra ? [extra] : [],
  );
  return { status, extra: extras[0] };
}

/**
 * {@link readAccountStatus} plus other independent reads of one kind, in the same
 * batch (a confirmation's class reads ride along with nonce and deployment).
 *
 * @param node - Node client.
 * @param address - The account.
 * @param extras - More calls to send along.
 * @returns The status and the outcome of each extra call, in order.
 */
export async function readAccountStatusAlong<Extra>(
  node: NodeClient,
  address: string,
  extras: readonly NodeCall<Extra>[],
): Promise<{ status: AccountStatus; extras: NodeOutcome<Extra>[] }> {
  const [classHash, nonce, ...others] = await node.batch([
    classHashAtCall(address, 'pre_confirmed'),
    nonceCall(address),
    ...extras,
  ]);
  for (const outcome of [classHash, nonce]) {
    if (!outcome.ok && !isNodeError(outcome.error, 'CONTRACT_NOT_FOUND')) {
      throw outcome.error;
    }
  }
  if (!classHash.ok) {
    return { status: { deployed: false, nonce: 0n }, extras: others };
  }
  if (!nonce.ok) {
    throw nonce.error;
  }
  return {
    status: { deployed: true, nonce: BigInt(nonce.result) },
    extras: others,
  };
}
