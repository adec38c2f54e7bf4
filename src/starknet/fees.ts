import type { Infer } from '@metamask/superstruct';
import { array, literal, type } from '@metamask/superstruct';
import type { Json } from '@metamask/utils';
import { stark } from 'starknet';

import { NodeFeltStruct } from './calls';
import type { NodeCall } from './node';
import { nodeCall } from './node';
import type { V3Fields } from './transactions';

/** Safety margin over an estimate, in percent, for amounts and prices alike. */
export const FEE_MARGIN_PERCENT = 50;

/** One transaction's estimate as the node answers it (spec FEE_ESTIMATE). */
export const NodeFeeAnswerStruct = type({
  l1_gas_consumed: NodeFeltStruct,
  l1_gas_price: NodeFeltStruct,
  l2_gas_consumed: NodeFeltStruct,
  l2_gas_price: NodeFeltStruct,
  l1_data_gas_consumed: NodeFeltStruct,
  l1_data_gas_price: NodeFeltStruct,
  overall_fee: NodeFeltStruct,
  unit: literal('FRI'),
});

/** One transaction's estimate, as numbers, with the bounds to sign. */
export type NodeFeeEstimate = {
  l2Gas: bigint;
  l2GasPrice: bigint;
  overallFee: bigint;
  unit: string;
  /** Bounds with the safety margin, so a transaction still goes through when prices move a little. */
  bounds: V3Fields['resourceBounds'];
};

const MARGIN = {
  max_amount: FEE_MARGIN_PERCENT,
  max_price_per_unit: FEE_MARGIN_PERCENT,
};

/**
 * A `starknet_estimateFee` of transactions in order, without validation (estimates
 * carry no signature), at the pre-confirmed block so pending nonces count.
 *
 * @param transactions - Wire transactions (query version).
 * @returns The node call; its result is one estimate per transaction.
 */
export function estimateCall(
  transactions: Record<string, Json>[],
): NodeCall<Infer<typeof NodeFeeAnswerStruct>[]> {
  return nodeCall(
    'starknet_estimateFee',
    {
      request: transactions,
      simulation_flags: ['SKIP_VALIDATE'],
      block_id: 'pre_confirmed',
    },
    array(NodeFeeAnswerStruct),
  );
}

/**
 * Reads the node's (checked) estimates.
 *
 * @param answers - `starknet_estimateFee` result.
 * @returns One estimate per transaction, with bounds from starknet.js' overhead rule.
 */
export function readEstimates(
  answers: Infer<typeof NodeFeeAnswerStruct>[],
): NodeFeeEstimate[] {
  return answers.map((item) => ({
    l2Gas: BigInt(item.l2_gas_consumed),
    l2GasPrice: BigInt(item.l2_gas_price),
    overallFee: BigInt(item.overall_fee),
    unit: item.unit,
    bounds: stark.toOverheadResourceBounds(item, {
      l1_gas: MARGIN,
      l2_gas: MARGIN,
      l1_data_gas: MARGIN,
    }),
  }));
}
