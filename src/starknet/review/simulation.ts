import type { Infer } from '@metamask/superstruct';
import { array, type } from '@metamask/superstruct';
import type { Json } from '@metamask/utils';

import type { NodeCall, NodeClient, NodeOutcome } from '../node/node';
import { nodeCall } from '../node/node';
import type { PlanWire } from '../node/wire';
import type { NodeFeeEstimate } from '../sends/fees';
import {
  estimateCall,
  NodeFeeAnswerStruct,
  readEstimates,
} from '../sends/fees';
import type { Preview } from './preview';
import { readPreview, TraceStruct } from './preview';
import { executionErrorText } from './revertReason';

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

/** What a simulation said about the plan's own transactions. */
export type Simulated<Extra> = {
  /** One per transaction of the plan (those in front dropped). */
  estimates: NodeFeeEstimate[];
  /** The traces' reading; undefined when the node gave no simulation. */
  preview: Preview | undefined;
  /** The outcomes of the reads sent along, in order. */
  extras: NodeOutcome<Extra>[];
  /** Why the node refused the simulation (its error 41's `execution_error`), as sent. */
  refusal?: string | undefined;
  /** Why the estimate asked instead failed (41: a call reverts), as sent. */
  failure?: string | undefined;
};

/**
 * Simulates a plan with other independent reads in the same round trip. A charged
 * simulation the node refuses (41: the dapp's bounds below the gas price, STRK below the
 * maximal fee) runs again without the charge, so the preview still shows what the calls
 * do, beside the node's reason. When the node gives no simulation (no such method, or
 * an error) the preview is missing, with the node's reason when it refused, and a plan
 * that will be sent falls back to an estimate ({@link fallBack}).
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
  const read = (
    answer: Infer<typeof SimulatedStruct>,
    refusal?: string,
  ): Simulated<Extra> => {
    const own = answer.slice(wire.front.length);
    return {
      estimates: readEstimates(own.map((item) => item.fee_estimation)),
      preview: readPreview(
        own.map((item) => item.transaction_trace),
        account,
      ),
      extras: outcomes,
      refusal,
    };
  };
  if (simulated.ok) {
    return read(simulated.result);
  }
  const refusal = executionErrorText(simulated.error);
  if (refusal !== undefined && !flags.includes('SKIP_FEE_CHARGE')) {
    // The charged replay was refused (the dapp's bounds or the balance): what the calls
    // do still matters, so they run once more without the charge.
    const [uncharged] = await node.batch([
      simulateCall(all, [...flags, 'SKIP_FEE_CHARGE']),
    ]);
    if (uncharged.ok) {
      return read(uncharged.result, refusal);
    }
  }
  return await fallBack(node, { all, front: wire.front.length }, options, {
    extras: outcomes,
    refusal,
  });
}

/**
 * Without a simulation: for a plan that will be sent, the node's estimate instead,
 * whose 41 (a call reverts) is kept as the failure to show; any other error of the
 * estimate fails the request. Otherwise no estimates.
 *
 * @param node - Node client.
 * @param txs - All transactions, and how many run in front of the plan's.
 * @param txs.all - Front and plan, in order.
 * @param txs.front - How many run in front.
 * @param options - Whether to estimate.
 * @param options.estimateOnFailure - Whether to fall back to an estimate.
 * @param none - What is known without the simulation.
 * @param none.extras - The reads' outcomes.
 * @param none.refusal - The node's reason for refusing the simulation.
 * @returns What the review gets.
 */
async function fallBack<Extra>(
  node: NodeClient,
  txs: { all: Record<string, Json>[]; front: number },
  options: { estimateOnFailure: boolean },
  none: { extras: NodeOutcome<Extra>[]; refusal: string | undefined },
): Promise<Simulated<Extra>> {
  const empty = { ...none, preview: undefined, estimates: [] };
  if (!options.estimateOnFailure) {
    return empty;
  }
  try {
    const estimates = readEstimates(await node.send(estimateCall(txs.all)));
    return { ...empty, estimates: estimates.slice(txs.front) };
  } catch (error) {
    // A call that reverts: the dialog says why rather than failing the request.
    const failure = executionErrorText(error);
    if (failure === undefined) {
      throw error;
    }
    return { ...empty, failure };
  }
}

export type { PlanWire };
