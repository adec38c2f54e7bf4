import type { Infer } from '@metamask/superstruct';
import { array, literal, type } from '@metamask/superstruct';
import type { Json } from '@metamask/utils';
import { stark } from 'starknet';

import { NodeFeltStruct } from '../node/calls';
import type { NodeCall } from '../node/node';
import { nodeCall } from '../node/node';
import type { V3Fields } from './transactions';

/** Safety margin over an estimate, in percent, for amounts and the L1 prices. */
export const FEE_MARGIN_PERCENT = 50;

/**
 * Headroom over the L2 gas price, in percent: the L2 `max_price_per_unit` is twice the
 * price now. Starknet 0.14's L2 price moves like EIP-1559's base fee (sequencer
 * `apollo_consensus_orchestrator/src/fee_market/mod.rs` `calculate_next_base_gas_price`,
 * +6 % to +9.5 % per full block), and a send whose L2 max price falls below the next
 * block's price waits in the mempool's pending queue, never sequenced
 * (`apollo_mempool/src/fee_transaction_queue.rs`); EIP-1559 wallets cap at twice the base
 * fee for the same reason. 1.5× is passed after 4 to 7 full blocks, 2× after 8 to 12.
 */
export const L2_PRICE_HEADROOM_PERCENT = 100;

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

const L2_MARGIN = {
  max_amount: FEE_MARGIN_PERCENT,
  max_price_per_unit: L2_PRICE_HEADROOM_PERCENT,
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
 * @returns One estimate per transaction, with bounds from starknet.js' overhead rule
 * (L2 price at {@link L2_PRICE_HEADROOM_PERCENT} over the current one).
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
      l2_gas: L2_MARGIN,
      l1_data_gas: MARGIN,
    }),
  }));
}
