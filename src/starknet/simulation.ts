import type { Infer } from '@metamask/superstruct';
import { array, type } from '@metamask/superstruct';
import type { Json } from '@metamask/utils';

import type { NodeFeeEstimate } from './fees';
import { estimateCall, NodeFeeAnswerStruct, readEstimates } from './fees';
import type { NodeCall, NodeClient, NodeOutcome } from './node';
import { nodeCall } from './node';
import type { Preview } from './preview';
import { readPreview, TraceStruct } from './preview';

const SimulatedStruct = array(
  type({ transaction_trace: TraceStruct, fee_estimation: NodeFeeAnswerStruct }),
);

/**
 * How the node runs a simulation. `SKIP_VALIDATE`: the transactions carry no signature
 * yet. `SKIP_FEE_CHARGE` as well when the user does not pay the fee (an outside
 * execution, a paymaster's sponsored send).
 */
export type SimulationFlag = 'SKIP_VALIDATE' | 'SKIP_FEE_CHARGE';

/**
 * A `starknet_simulateTransactions` of wire transactions at the pre-confirmed block.
 *
 * @param transactions - Wire transactions (query version), deploy_account first.
 * @param flags - Simulation flags (`SKIP_VALIDATE` at least: nothing is signed yet).
 * @returns The node call.
 */
export function simulateCall(
  transactions: Record<string, Json>[],
  flags: readonly SimulationFlag[] = ['SKIP_VALIDATE'],
): NodeCall<Infer<typeof SimulatedStruct>> {
  return nodeCall(
    'starknet_simulateTransactions',
    {
      block_id: 'pre_confirmed',
      transactions,
      simulation_flags: [...flags],
    },
    SimulatedStruct,
  );
}

/**
 * Transactions to simulate, and the snap's own sends the node received but does not
 * count yet, which must run in front of them (a node cannot simulate for an undeployed
 * sender). The results of those in front are dropped.
 */
export type PlanWire = {
  front: Record<string, Json>[];
  plan: Record<string, Json>[];
};

/** What a simulation said about the plan's own transactions. */
export type Simulated<Extra> = {
  /** One per transaction of the plan (those in front dropped). */
  estimates: NodeFeeEstimate[];
  /** The traces' reading; undefined when the node gave no simulation. */
  preview: Preview | undefined;
  /** The outcomes of the reads sent along, in order. */
  extras: NodeOutcome<Extra>[];
};

/**
 * Simulates a plan with other independent reads in the same round trip. When the node
 * does not answer the simulation (no such method, or an error) the preview is missing
 * and, for a plan that will be sent (`estimateOnFailure`), the node is asked for an
 * estimate instead (its failure fails the request: nothing could be sent); otherwise
 * there are no estimates.
 *
 * @param node - Node client.
 * @param wire - The plan's transactions and those in front.
 * @param options - How to simulate.
 * @param options.account - The account whose balances and approvals the preview reads.
 * @param options.flags - Simulation flags.
 * @param options.estimateOnFailure - Whether to fall back to an estimate.
 * @param extras - Reads to send along.
 * @returns Estimates, preview and the reads' outcomes.
 */
export async function simulateAlong<Extra>(
  node: NodeClient,
  wire: PlanWire,
  options: {
    account: string;
    flags: readonly SimulationFlag[];
    estimateOnFailure: boolean;
  },
  extras: readonly NodeCall<Extra>[],
): Promise<Simulated<Extra>> {
  const { account, flags } = options;
  const all = [...wire.front, ...wire.plan];
  const [simulated, ...rest] = await node.batch([
    simulateCall(all, flags),
    ...extras,
  ]);
  const outcomes: NodeOutcome<Extra>[] = rest;
  if (!simulated.ok && !options.estimateOnFailure) {
    return { estimates: [], preview: undefined, extras: outcomes };
  }
  if (!simulated.ok) {
    const estimates = readEstimates(await node.send(estimateCall(all)));
    return {
      estimates: estimates.slice(wire.front.length),
      preview: undefined,
      extras: outcomes,
    };
  }
  const own = simulated.result.slice(wire.front.length);
  return {
    estimates: readEstimates(own.map((item) => item.fee_estimation)),
    preview: readPreview(
      own.map((item) => item.transaction_trace),
      account,
    ),
    extras: outcomes,
  };
}
