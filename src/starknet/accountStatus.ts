import { NodeRequestFailed } from '../errors';
import { CONTRACT_NOT_FOUND, classHashAtCall } from './calls';
import type { NodeCall, NodeClient, NodeOutcome } from './node';

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
  return (await readAccountStatusWith(node, address, [])).status;
}

/**
 * {@link readAccountStatus} plus other independent reads, in the same batch.
 *
 * @param node - Node client.
 * @param address - The account.
 * @param extra - More calls to send along.
 * @returns The status and the outcomes of the extra calls.
 */
export async function readAccountStatusWith(
  node: NodeClient,
  address: string,
  extra: NodeCall[],
): Promise<{ status: AccountStatus; extra: NodeOutcome[] }> {
  const [classHash, nonce, ...others] = await node.batch([
    classHashAtCall(address, 'pre_confirmed'),
    {
      method: 'starknet_getNonce',
      params: { block_id: 'pre_confirmed', contract_address: address },
    },
    ...extra,
  ]);
  const missing = (outcome: typeof classHash): boolean =>
    outcome !== undefined &&
    !outcome.ok &&
    outcome.error.code === CONTRACT_NOT_FOUND;
  for (const outcome of [classHash, nonce]) {
    if (outcome && !outcome.ok && !missing(outcome)) {
      throw outcome.error;
    }
  }
  const deployed = Boolean(classHash?.ok);
  if (!deployed) {
    return { status: { deployed, nonce: 0n }, extra: others };
  }
  if (!nonce?.ok || typeof nonce.result !== 'string') {
    throw new NodeRequestFailed({
      method: 'starknet_getNonce',
      message: 'the node gave no nonce for a deployed account',
    });
  }
  return {
    status: { deployed, nonce: BigInt(nonce.result) },
    extra: others,
  };
}
