import { classHashAtCall, nonceCall } from '../node/calls';
import type { NodeCall, NodeClient, NodeOutcome } from '../node/node';
import { isNodeError } from '../node/node';
import type { SentLog } from './nonces';
import { liveSends, nextNonce, openSends } from './nonces';

/** Whether an account is deployed and its next nonce, as the sequencer sees them. */
export type AccountStatus = {
  deployed: boolean;
  nonce: bigint;
  /**
   * The snap sent this account's deploy_account and the node has it, but does not
   * count it yet: deploy no second time, and estimate with that deployment in front.
   */
  deploying: boolean;
  /**
   * The class at the address (pre-confirmed), undefined when not deployed: decides the
   * calldata format and tip rule (legacy.ts), not the address formula.
   */
  classHash?: string;
  /**
   * The snap's sends the node has (or may have) but has not put in a block yet, as
   * "hash (nonce n)"; read only with the snap's sent log.
   */
  pendingSends?: string[];
};

/**
 * Reads deployment and nonce of an account in one batched request, at the
 * pre-confirmed block.
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
 * @param log - Where the snap's sends on this network are recorded.
 * @returns The status and the outcome of the extra call.
 */
export async function readAccountStatusWith<Extra>(
  node: NodeClient,
  address: string,
  extra: NodeCall<Extra> | undefined,
  log?: SentLog,
): Promise<{ status: AccountStatus; extra: NodeOutcome<Extra> | undefined }> {
  const { status, extras } = await readAccountStatusAlong(
    node,
    address,
    extra ? [extra] : [],
    log,
  );
  return { status, extra: extras[0] };
}

/**
 * {@link readAccountStatus} plus other independent reads of one kind, in the same
 * batch (a confirmation's class reads ride along with nonce and deployment). With the
 * snap's sent log, the status of each send the node may not count yet goes in the same
 * batch too, and the nonce is the next one after those the node still has (see
 * nonces.ts), so consecutive sends get consecutive nonces without another round trip.
 *
 * @param node - Node client.
 * @param address - The account.
 * @param extras - More calls to send along.
 * @param log - Where the snap's sends on this network are recorded.
 * @returns The status and the outcome of each extra call, in order.
 */
export async function readAccountStatusAlong<Extra>(
  node: NodeClient,
  address: string,
  extras: readonly NodeCall<Extra>[],
  log?: SentLog,
): Promise<{ status: AccountStatus; extras: NodeOutcome<Extra>[] }> {
  const open = log ? await openSends(log, address) : undefined;
  const statusCalls = open?.calls ?? [];
  const [classHash, nonce, ...rest] = await node.batch([
    classHashAtCall(address, 'pre_confirmed'),
    nonceCall(address),
    ...statusCalls,
    ...extras,
  ]);
  const statuses = rest.slice(0, statusCalls.length);
  // The extra calls' outcomes come last, typed by the calls they answer.
  const others = rest.slice(statusCalls.length) as NodeOutcome<Extra>[];
  for (const outcome of [classHash, nonce]) {
    if (!outcome.ok && !isNodeError(outcome.error, 'CONTRACT_NOT_FOUND')) {
      throw outcome.error;
    }
  }
  if (classHash.ok && !nonce.ok) {
    throw nonce.error;
  }
  const deployed = classHash.ok;
  const nodeNonce = deployed && nonce.ok ? BigInt(nonce.result) : 0n;
  const live =
    log && open ? await liveSends(log, open, statuses, nodeNonce, node) : [];
  const status: AccountStatus = {
    deployed,
    nonce: nextNonce(nodeNonce, live),
    deploying:
      !deployed && live.some((record) => record.txnType === 'deploy_account'),
    ...(classHash.ok ? { classHash: String(classHash.result) } : {}),
    pendingSends: live.map(
      (record) =>
        `${record.txnHash} (nonce ${record.nonce === undefined ? '?' : BigInt(record.nonce).toString()})`,
    ),
  };
  return { status, extras: others };
}
