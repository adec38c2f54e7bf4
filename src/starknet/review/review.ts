import type { Call, TransactionDetails } from '../../api/transaction';
import type { AccountRecord } from '../../state/types';
import { toFelt64 } from '../accounts/address';
import { checkLegacyTip, runningKind } from '../accounts/legacy';
import { balanceCall, classHashAtCall } from '../node/calls';
import type { NodeCall, NodeClient, NodeOutcome } from '../node/node';
import { V3_QUERY, invokeTx } from '../node/wire';
import { readAccountStatusAlong } from '../sends/accountStatus';
import { deployData, deployQuery, estimateFront } from '../sends/deploy';
import type { NodeFeeEstimate } from '../sends/fees';
import type { TransactionPlan } from '../sends/invokePlan';
import { estimatedPlan, readPlanSteps } from '../sends/invokePlan';
import type { SentLog } from '../sends/nonces';
import type { V3Fields } from '../sends/transactions';
import { executeCalldata, v3Fields } from '../sends/transactions';
import type { AbiLookup } from './abiCache';
import { abiCalls, lookUpAbis, resolveAbis } from './abiCache';
import type { CompactAbi } from './contractAbi';
import type { Preview } from './preview';
import type { PlanWire, SimulationFlag } from './simulation';
import { simulateAlong } from './simulation';
import type { ShownToken, TokenScope } from './tokenReads';
import { previewTokens } from './tokenReads';

export type { ShownToken } from './tokenReads';
export type { SimulationFlag } from './simulation';

/** What a review needs besides the transactions: node, caches, network, listed tokens. */
export type ReviewScope = TokenScope & { node: NodeClient };

/** What the chain says a transaction does: everything a confirmation shows of it. */
export type Review = {
  /** The simulation's reading (balance changes, approvals, revert); undefined: none. */
  preview: Preview | undefined;
  /** Called contract (0x + 64 digits) → its class's functions on chain. */
  abis: Map<string, CompactAbi>;
  /** Tokens the user listed (network defaults + watch list). */
  listed: readonly ShownToken[];
  /** Tokens of the preview the user did not list, as their contracts describe them. */
  unlisted: ShownToken[];
  /** The simulated fee of each reviewed transaction (those in front dropped). */
  estimates: NodeFeeEstimate[];
  /**
   * Why the node refused to simulate (its 41), as it said it; with a preview, the
   * charged simulation was refused and the preview ran without the charge.
   */
  refusal?: string | undefined;
  /** Why the estimate asked instead failed (a call reverts), as the node said it. */
  failure?: string | undefined;
  /** The signing account: dialogs label it "your account" wherever it appears. */
  account: string;
};

/**
 * The flags of a simulation. A node charges the fee unless `SKIP_FEE_CHARGE` and then
 * refuses bounds below the block's gas prices, zero ones included (blockifier's
 * pre-validation): bounds the snap made up (zero before an estimate) would make it
 * refuse every ordinary send. So the fee is charged only when every simulated
 * transaction carries the dapp's bounds, a faithful replay of what will be sent.
 *
 * @param dappBounds - Whether every simulated transaction has bounds the dapp gave.
 * @returns The flags.
 */
export function simulationFlags(dappBounds: boolean): SimulationFlag[] {
  return dappBounds ? ['SKIP_VALIDATE'] : ['SKIP_VALIDATE', 'SKIP_FEE_CHARGE'];
}

/** The reads a review rides on the caller's first batch: the called contracts' classes. */
export type ReviewReads = {
  contracts: string[];
  calls: NodeCall<string>[];
};

/**
 * The class-hash reads of the called contracts, to go in the caller's first batch.
 *
 * @param calls - The calls reviewed.
 * @returns The contracts (normalized, no duplicates) and one read each.
 */
export function reviewReads(calls: readonly Call[]): ReviewReads {
  const contracts = [
    ...new Set(calls.map((call) => toFelt64(call.contractAddress))),
  ];
  return {
    contracts,
    calls: contracts.map((address) =>
      classHashAtCall(address, 'pre_confirmed'),
    ),
  };
}

/**
 * The review's own round trips once the first batch answered: the simulation with the
 * missing ABIs in one batch, then, only for tokens neither listed nor cached, one
 * batch of their `symbol`/`decimals`.
 *
 * @param scope - Node, caches, network, listed tokens.
 * @param args - What to review.
 * @param args.reads - The reads of {@link reviewReads}.
 * @param args.outcomes - Their outcomes, in order.
 * @param args.wire - The transactions to simulate, and those in front.
 * @param args.account - The account whose balances and approvals are read.
 * @param args.flags - Simulation flags.
 * @param args.estimateOnFailure - For a plan that will be sent: without a simulation,
 * ask for an estimate (whose failure fails the request). Otherwise a failed simulation
 * leaves the preview and estimates empty.
 * @returns The review.
 */
export async function reviewWire(
  scope: ReviewScope,
  args: {
    reads: ReviewReads;
    outcomes: readonly NodeOutcome<string>[];
    wire: PlanWire;
    account: string;
    flags: readonly SimulationFlag[];
    estimateOnFailure: boolean;
  },
): Promise<Review> {
  const classes = new Map(
    args.reads.contracts.map((address, index) => [
      address,
      args.outcomes[index],
    ]),
  );
  const lookup: AbiLookup = lookUpAbis(scope.state, scope.chainId, classes);
  const simulated = await simulateAlong(
    scope.node,
    args.wire,
    args,
    abiCalls(lookup),
  );
  const abis = await resolveAbis(scope, lookup, simulated.extras);
  const unlisted = await previewTokens(scope.node, scope, simulated.preview);
  return {
    preview: simulated.preview,
    abis,
    listed: scope.known,
    unlisted,
    estimates: simulated.estimates,
    refusal: simulated.refusal,
    failure: simulated.failure,
    account: args.account,
  };
}

/**
 * Plans a send or a signature and reviews it, sharing round trips: nonce, deployment
 * and the called contracts' classes in one batch, the simulation (whose fees are the
 * estimates) with the missing ABIs in a second, first-seen tokens in a third. The
 * plan takes the simulated bounds unless the dapp gave some. The account's STRK balance
 * rides in the first batch: the simulation may skip the fee charge (simulationFlags),
 * so the snap checks what a charged one would, that STRK covers the maximal fee.
 *
 * @param scope - Node, caches, network, listed tokens.
 * @param args - What to plan.
 * @param args.log - Where the snap's sends on this network are recorded.
 * @param args.account - The sending wallet account.
 * @param args.calls - The calls.
 * @param args.details - Caller's transaction details.
 * @param args.strk - The STRK token, whose balance is read along.
 * @returns The plan, its review, and the STRK balance (undefined: not read or failed).
 */
export async function planAndReview(
  scope: ReviewScope,
  args: {
    log: SentLog;
    account: AccountRecord;
    calls: Call[];
    details: TransactionDetails | undefined;
    strk: string;
  },
): Promise<{ plan: TransactionPlan; review: Review; strk?: bigint }> {
  const reads = reviewReads(args.calls);
  const holder = args.account.address;
  const { steps, along } = await readPlanSteps({
    node: scope.node,
    ...args,
    along: [...reads.calls, balanceCall(args.strk, holder)],
  });
  const balance = along[reads.calls.length];
  const review = await reviewWire(scope, {
    reads,
    outcomes: along.slice(0, reads.calls.length),
    wire: steps.wire,
    account: args.account.address,
    flags: simulationFlags(
      steps.wire.front.length === 0 &&
        steps.deploy === undefined &&
        args.details?.resourceBounds !== undefined,
    ),
    estimateOnFailure: true,
  });
  return {
    plan: estimatedPlan(steps, review.estimates, args.details),
    review,
    strk: balance?.ok ? BigInt(balance.result) : undefined,
  };
}

/** The invoke a review simulated for the account: what signTransaction signs. */
export type ReviewedInvoke = { calldata: string[]; fields: V3Fields };

/**
 * Reviews calls the account runs without sending them: an invoke to sign
 * (signTransaction: `details` given, the simulated invoke is exactly the one signed,
 * its nonce the dapp's or the next one) or calls that are not the transaction the user
 * signs (an outside execution, a paymaster's send of the user's calls and its fee
 * transfer: no `details`, simulated at the node's nonce with zero bounds, with the
 * account's deployment in front when it is not deployed yet). Three round trips at
 * most, like executeTxn's; a node that cannot simulate leaves the preview out.
 *
 * @param scope - Node, caches, network, listed tokens.
 * @param args - What to review.
 * @param args.account - The wallet account that runs the calls.
 * @param args.calls - The calls.
 * @param args.details - For an invoke to sign: its details.
 * @param args.log - The snap's sent log, so the nonce counts its own open sends
 * (signTransaction); without it the nonce is the node's.
 * @param args.flags - Simulation flags; by default the fee is charged only for an invoke
 * to sign with the dapp's bounds and nothing in front (simulationFlags).
 * @returns The review, and the invoke simulated.
 */
export async function reviewCalls(
  scope: ReviewScope,
  args: {
    account: AccountRecord;
    calls: Call[];
    details?: TransactionDetails;
    log?: SentLog;
    flags?: readonly SimulationFlag[];
  },
): Promise<{ review: Review; invoke: ReviewedInvoke; nextNonce: bigint }> {
  const { account, calls, details } = args;
  const reads = reviewReads(calls);
  const { status, extras } = await readAccountStatusAlong(
    scope.node,
    account.address,
    reads.calls,
    args.log,
  );
  const kind = runningKind(account, status);
  // Only snapnet_signTransaction reviews calls with details.
  checkLegacyTip(kind, details, 'transactionsDetail');
  // Calls to sign are simulated as signed; others need the account to exist.
  const deployFirst = !details && !status.deployed && !status.deploying;
  const deploy = deployFirst
    ? [
        deployQuery({
          data: deployData(account.publicKey, account.cairoVersion),
          fields: v3Fields(undefined, 0n),
        }),
      ]
    : [];
  const nonce =
    details?.nonce === undefined
      ? status.nonce + (deployFirst ? 1n : 0n)
      : BigInt(details.nonce);
  const invoke: ReviewedInvoke = {
    calldata: executeCalldata(calls, kind),
    fields: v3Fields(details, nonce),
  };
  const wire = invokeTx({
    senderAddress: account.address,
    ...invoke,
    version: V3_QUERY,
    signature: [],
  });
  const front = [...estimateFront(account, status), ...deploy];
  const review = await reviewWire(scope, {
    reads,
    outcomes: extras,
    wire: { front, plan: [wire] },
    account: account.address,
    flags:
      args.flags ??
      simulationFlags(
        details?.resourceBounds !== undefined && front.length === 0,
      ),
    estimateOnFailure: false,
  });
  return { review, invoke, nextNonce: status.nonce };
}
