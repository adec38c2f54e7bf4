import type { Json } from '@metamask/utils';

import type { Call, TransactionDetails } from '../api/transaction';
import { InvalidField } from '../errors';
import type { AccountKeys } from '../keys/derive';
import type { AccountRecord } from '../state/types';
import type { AccountStatus } from './accountStatus';
import { readAccountStatusAlong } from './accountStatus';
import { toFelt64 } from './address';
import type { DeployData } from './deploy';
import {
  deployAccountHash,
  deployData,
  deployQuery,
  estimateFront,
} from './deploy';
import type { NodeFeeEstimate } from './fees';
import { estimateCall, readEstimates } from './fees';
import type { NodeClient } from './node';
import { sendNonce } from './noncePolicy';
import type { SentLog } from './nonces';
import type { Sent } from './send';
import { sendTransaction } from './send';
import { signHash } from './signature';
import type { ChainView, ViewRequest } from './simulation';
import { classHashCalls, viewPlan } from './simulation';
import type { V3Fields } from './transactions';
import {
  executeCalldata,
  invokeHash,
  maxFeeOf,
  v3Fields,
} from './transactions';
import { V3, V3_QUERY, deployAccountTx, invokeTx } from './wire';

/** A deployment to send before (or instead of) an invoke. */
export type DeployStep = {
  data: DeployData;
  fields: V3Fields;
  estimate: NodeFeeEstimate | undefined;
};

/** An invoke to send. */
export type InvokeStep = {
  calldata: string[];
  fields: V3Fields;
  estimate: NodeFeeEstimate | undefined;
};

/** What one approval sends, with its fees. */
export type TransactionPlan = {
  deploy: DeployStep | undefined;
  invoke: InvokeStep | undefined;
  /** Most the whole plan can cost, in FRI. */
  maxFee: bigint;
  /** The node's estimate of the whole plan, in FRI (0 when bounds were given). */
  estimatedFee: bigint;
  /** What the chain says the plan does, when planned for a confirmation. */
  view?: ChainView;
};

/**
 * Plans a transaction from a wallet account: deploys the account first when it is not
 * deployed yet, reads nonce and deployment in one batched request, and estimates all
 * transactions without caller-given bounds in one more. So the whole plan costs two
 * node round trips (one when the caller gives bounds and nonce). The nonce counts the
 * snap's own sends the node has not included yet (nonces.ts); an account whose
 * deploy_account the node has received but not included is not deployed again, and
 * its invoke is estimated with that deployment in front. Planned for a confirmation
 * (`view`), the called contracts' class hashes ride in the first batch and the plan is
 * always simulated instead of estimated (same trip, with the classes whose ABI is not
 * cached); tokens the simulation moves that are neither listed nor cached cost one more
 * trip.
 *
 * @param args - What to plan.
 * @param args.node - Node client.
 * @param args.log - Where the snap's sends on this network are recorded.
 * @param args.account - The sending wallet account.
 * @param args.calls - Calls to make; none for a deployment alone.
 * @param args.details - Caller's transaction details.
 * @param args.view - For a confirmation: simulate instead of estimating, and read the
 * called contracts' ABIs and the moved tokens' metadata.
 * @returns The plan.
 */
export async function planTransactions(args: {
  node: NodeClient;
  log: SentLog;
  account: AccountRecord;
  calls: Call[] | undefined;
  details: TransactionDetails | undefined;
  view?: ViewRequest;
}): Promise<TransactionPlan> {
  const { node, account, calls, details, view } = args;
  const contracts = view
    ? [...new Set((calls ?? []).map((call) => toFelt64(call.contractAddress)))]
    : [];
  const { status, extras } = await readAccountStatusAlong(
    node,
    account.address,
    classHashCalls(contracts),
    args.log,
  );
  if (!status.deployed && !status.deploying && account.cairoVersion === '0') {
    // Deploying would create the Cairo 1 account at another address.
    throw new InvalidField(
      'address',
      'is a legacy Cairo 0 account that is not deployed; snapnet deploys only Argent Cairo 1 accounts',
    );
  }
  const { deploy, invoke } = planSteps(account, calls, details, status);
  const wire = wireOf(account, deploy, invoke);
  const front = estimateFront(account, status);
  if (view) {
    const classes = new Map(
      contracts.map((address, index) => [address, extras[index]]),
    );
    const seen = await viewPlan(
      node,
      view,
      { front, plan: wire },
      classes,
      account.address,
    );
    applyEstimates(deploy, invoke, details, seen.estimates);
    return { ...withTotals(deploy, invoke), view: seen.view };
  }
  if (deploy || (invoke && !details?.resourceBounds)) {
    const estimates = readEstimates(
      await node.send(estimateCall([...front, ...wire])),
    ).slice(front.length);
    applyEstimates(deploy, invoke, details, estimates);
  }
  return withTotals(deploy, invoke);
}

/**
 * The deployment (when the account is not deployed yet) and the invoke (when there
 * are calls) of a plan, with their nonces and not yet estimated.
 *
 * @param account - The sending wallet account.
 * @param calls - Calls to make; none for a deployment alone.
 * @param details - Caller's transaction details.
 * @param status - The account's deployment and nonce.
 * @returns The steps.
 */
function planSteps(
  account: AccountRecord,
  calls: Call[] | undefined,
  details: TransactionDetails | undefined,
  status: AccountStatus,
): { deploy: DeployStep | undefined; invoke: InvokeStep | undefined } {
  const deploy: DeployStep | undefined =
    status.deployed || status.deploying
      ? undefined
      : {
          data: deployData(account.publicKey),
          fields: v3Fields(undefined, 0n),
          estimate: undefined,
        };
  const nonce = sendNonce(
    details?.nonce,
    status.nonce + (deploy ? 1n : 0n),
    'details.nonce',
  );
  const invoke: InvokeStep | undefined = calls
    ? {
        calldata: executeCalldata(calls, account.cairoVersion),
        fields: v3Fields(details, nonce),
        estimate: undefined,
      }
    : undefined;
  return { deploy, invoke };
}

/**
 * The plan's transactions in query form (no signature), deployment first.
 *
 * @param account - The sending wallet account.
 * @param deploy - The deployment, if any.
 * @param invoke - The invoke, if any.
 * @returns Wire transactions.
 */
function wireOf(
  account: AccountRecord,
  deploy: DeployStep | undefined,
  invoke: InvokeStep | undefined,
): Record<string, Json>[] {
  return [
    ...(deploy ? [deployQuery(deploy)] : []),
    ...(invoke
      ? [
          invokeTx({
            senderAddress: account.address,
            calldata: invoke.calldata,
            fields: invoke.fields,
            version: V3_QUERY,
            signature: [],
          }),
        ]
      : []),
  ];
}

/**
 * Takes the estimated bounds for the deployment and for an invoke without
 * caller-given bounds.
 *
 * @param deploy - The deployment, if any.
 * @param invoke - The invoke, if any.
 * @param details - Caller's transaction details.
 * @param estimates - One estimate per transaction, in plan order.
 */
function applyEstimates(
  deploy: DeployStep | undefined,
  invoke: InvokeStep | undefined,
  details: TransactionDetails | undefined,
  estimates: NodeFeeEstimate[],
): void {
  const [first, second] = estimates;
  if (deploy && first) {
    deploy.estimate = first;
    deploy.fields.resourceBounds = first.bounds;
  }
  const invokeEstimate = deploy ? second : first;
  if (invoke && invokeEstimate && !details?.resourceBounds) {
    invoke.estimate = invokeEstimate;
    invoke.fields.resourceBounds = invokeEstimate.bounds;
  }
}

/**
 * A plan of the given steps with what they cost together.
 *
 * @param deploy - The deployment, if any.
 * @param invoke - The invoke, if any.
 * @returns The plan.
 */
function withTotals(
  deploy: DeployStep | undefined,
  invoke: InvokeStep | undefined,
): TransactionPlan {
  const steps = [deploy, invoke].filter(
    (step): step is DeployStep | InvokeStep => step !== undefined,
  );
  return {
    deploy,
    invoke,
    maxFee: steps.reduce((sum, step) => sum + maxFeeOf(step.fields), 0n),
    estimatedFee: steps.reduce(
      (sum, step) => sum + (step.estimate?.overallFee ?? 0n),
      0n,
    ),
  };
}

/**
 * Signs and sends the deployment of a plan.
 *
 * @param node - Node client.
 * @param step - The deployment.
 * @param keys - The account's keys.
 * @param chainId - Network chain id.
 * @returns The deploy transaction and what became of it.
 */
export async function sendDeploy(
  node: NodeClient,
  step: DeployStep,
  keys: AccountKeys,
  chainId: string,
): Promise<Sent> {
  const txHash = toFelt64(deployAccountHash(step.data, chainId, step.fields));
  return sendTransaction(
    node,
    'starknet_addDeployAccountTransaction',
    {
      deploy_account_transaction: deployAccountTx({
        classHash: step.data.classHash,
        salt: step.data.salt,
        constructorCalldata: step.data.constructorCalldata,
        fields: step.fields,
        version: V3,
        signature: signHash(txHash, keys.privateKey),
      }),
    },
    { txHash, address: step.data.address },
  );
}

/**
 * Signs and sends the invoke of a plan.
 *
 * @param node - Node client.
 * @param step - The invoke.
 * @param account - The sending account.
 * @param keys - Its keys.
 * @param chainId - Network chain id.
 * @returns The invoke transaction and what became of it.
 */
export async function sendInvoke(
  node: NodeClient,
  step: InvokeStep,
  account: AccountRecord,
  keys: AccountKeys,
  chainId: string,
): Promise<Sent> {
  const txHash = toFelt64(
    invokeHash({
      senderAddress: account.address,
      calldata: step.calldata,
      chainId,
      fields: step.fields,
    }),
  );
  return sendTransaction(
    node,
    'starknet_addInvokeTransaction',
    {
      invoke_transaction: invokeTx({
        senderAddress: account.address,
        calldata: step.calldata,
        fields: step.fields,
        version: V3,
        signature: signHash(txHash, keys.privateKey),
      }),
    },
    { txHash },
  );
}
