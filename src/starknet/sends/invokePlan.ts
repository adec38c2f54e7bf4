import type { Json } from '@metamask/utils';

import type { Call, TransactionDetails } from '../../api/transaction';
import type { AccountRecord } from '../../state/types';
import {
  checkLegacyTip,
  LEGACY_MAX_TIP,
  runningKind,
} from '../accounts/legacy';
import { balanceCall } from '../node/calls';
import type { NodeCall, NodeClient, NodeOutcome } from '../node/node';
import { V3_QUERY, invokeTx } from '../node/wire';
import type { PlanWire } from '../node/wire';
import type { AccountStatus } from './accountStatus';
import { readAccountStatusAlong } from './accountStatus';
import type { DeployData } from './deploy';
import { deployData, deployQuery, estimateFront } from './deploy';
import type { NodeFeeEstimate } from './fees';
import { estimateCall, readEstimates } from './fees';
import { sendNonce } from './noncePolicy';
import type { SentLog } from './nonces';
import type { TipAnswer } from './tips';
import { recommendedTip, tipReads } from './tips';
import type { V3Fields } from './transactions';
import { executeCalldata, maxFeeOf, v3Fields } from './transactions';

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
  /**
   * The node's estimate (or simulated fee) of the whole plan, in FRI; 0 only when
   * nothing was estimated (caller-given bounds and no simulation).
   */
  estimatedFee: bigint;
};

/** A plan's steps before any estimate, with their wire form. */
export type PlanSteps = {
  deploy: DeployStep | undefined;
  invoke: InvokeStep | undefined;
  /** The steps in query form (deployment first), and what runs in front of them. */
  wire: PlanWire;
};

/**
 * The first round trip of a plan: reads nonce and deployment of the account (and the
 * status of its open sends, nonces.ts) in one batch with the caller's other reads, and
 * lays out the steps: a deploy_account first when the account is not deployed yet (not
 * when the node already received one), then the invoke with the next nonce. An
 * account whose deploy_account the node holds but does not count gets it in front.
 *
 * @param args - What to plan.
 * @param args.node - Node client.
 * @param args.log - Where the snap's sends on this network are recorded.
 * @param args.account - The sending wallet account.
 * @param args.calls - Calls to make; none for a deployment alone.
 * @param args.details - Caller's transaction details.
 * @param args.along - Independent reads to send in the same batch (a review's).
 * @returns The steps, not estimated yet, and the outcomes of the reads along.
 * @throws InvalidField for a tip a legacy Cairo 0 account cannot take.
 */
export async function readPlanSteps<Extra>(args: {
  node: NodeClient;
  log: SentLog;
  account: AccountRecord;
  calls: Call[] | undefined;
  details: TransactionDetails | undefined;
  along?: readonly NodeCall<Extra>[];
}): Promise<{ steps: PlanSteps; along: NodeOutcome<Extra>[] }> {
  const { node, account, calls, details } = args;
  const along = args.along ?? [];
  // The default tip's block reads ride along, only when the dapp gave no tip.
  const tips =
    calls && details?.tip === undefined
      ? tipReads(args.log.chainId)
      : undefined;
  const { status, extras } = await readAccountStatusAlong<Extra | TipAnswer>(
    node,
    account.address,
    [...along, ...(tips?.calls ?? [])],
    args.log,
  );
  const kind = runningKind(account, status);
  checkLegacyTip(kind, details);
  // The tip reads' outcomes come after those along, typed by the calls they answer.
  const tip = tips
    ? recommendedTip(
        tips,
        extras.slice(along.length) as NodeOutcome<TipAnswer>[],
      )
    : undefined;
  const { deploy, invoke } = stepsOf(account, calls, details, status);
  if (invoke && tip !== undefined) {
    // A Cairo 0 account reverts above its tip limit (legacy.ts): the default stays below.
    invoke.fields.tip =
      kind === '0' && tip > LEGACY_MAX_TIP ? LEGACY_MAX_TIP : tip;
  }
  const wire = {
    front: estimateFront(account, status),
    plan: wireOf(account, deploy, invoke),
  };
  // The reads along come first, typed by the calls they answer.
  const own = extras.slice(0, along.length) as NodeOutcome<Extra>[];
  return { steps: { deploy, invoke, wire }, along: own };
}

/**
 * Plans a transaction from a wallet account without reviewing it (fee estimates,
 * account deployment): {@link readPlanSteps}, then one `starknet_estimateFee` of the
 * transactions without caller-given bounds. Two node round trips (one when the caller
 * gives bounds). A confirmation plans through review.ts instead, whose simulation
 * yields the estimates.
 *
 * @param args - What to plan.
 * @param args.node - Node client.
 * @param args.log - Where the snap's sends on this network are recorded.
 * @param args.account - The sending wallet account.
 * @param args.calls - Calls to make; none for a deployment alone.
 * @param args.details - Caller's transaction details.
 * @param args.strk - The STRK token, whose balance then rides in the first batch (a
 * dialog tells when it cannot cover the maximal fee).
 * @returns The plan, and the STRK balance when read.
 */
export async function planTransactions(args: {
  node: NodeClient;
  log: SentLog;
  account: AccountRecord;
  calls: Call[] | undefined;
  details: TransactionDetails | undefined;
  strk?: string;
}): Promise<TransactionPlan & { strk?: bigint }> {
  const { steps, along } = await readPlanSteps({
    ...args,
    along: args.strk ? [balanceCall(args.strk, args.account.address)] : [],
  });
  const [balance] = along;
  const strk = balance?.ok ? { strk: BigInt(balance.result) } : {};
  const { deploy, invoke, wire } = steps;
  if (deploy || (invoke && !args.details?.resourceBounds)) {
    const estimates = readEstimates(
      await args.node.send(estimateCall([...wire.front, ...wire.plan])),
    ).slice(wire.front.length);
    return { ...estimatedPlan(steps, estimates, args.details), ...strk };
  }
  return { ...estimatedPlan(steps, [], args.details), ...strk };
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
function stepsOf(
  account: AccountRecord,
  calls: Call[] | undefined,
  details: TransactionDetails | undefined,
  status: AccountStatus,
): { deploy: DeployStep | undefined; invoke: InvokeStep | undefined } {
  const deploy: DeployStep | undefined =
    status.deployed || status.deploying
      ? undefined
      : {
          data: deployData(account.publicKey, account.cairoVersion),
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
        calldata: executeCalldata(calls, runningKind(account, status)),
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
 * The plan of estimated steps: each step keeps its estimate (so the dialog shows the
 * simulated fee even when the dapp set the bounds), and takes the estimate's bounds
 * unless the caller gave bounds for it; then what the steps cost together.
 *
 * @param steps - The steps.
 * @param estimates - One estimate per transaction, in plan order (may be empty).
 * @param details - Caller's transaction details.
 * @returns The plan.
 */
export function estimatedPlan(
  steps: Pick<PlanSteps, 'deploy' | 'invoke'>,
  estimates: readonly NodeFeeEstimate[],
  details: TransactionDetails | undefined,
): TransactionPlan {
  const { deploy, invoke } = steps;
  const [first, second] = estimates;
  if (deploy && first) {
    deploy.estimate = first;
    deploy.fields.resourceBounds = first.bounds;
  }
  const invokeEstimate = deploy ? second : first;
  if (invoke && invokeEstimate) {
    invoke.estimate = invokeEstimate;
    if (!details?.resourceBounds) {
      invoke.fields.resourceBounds = invokeEstimate.bounds;
    }
  }
  const all = [deploy, invoke].filter(
    (step): step is DeployStep | InvokeStep => step !== undefined,
  );
  return {
    deploy,
    invoke,
    maxFee: all.reduce((sum, step) => sum + maxFeeOf(step.fields), 0n),
    estimatedFee: all.reduce(
      (sum, step) => sum + (step.estimate?.overallFee ?? 0n),
      0n,
    ),
  };
}
