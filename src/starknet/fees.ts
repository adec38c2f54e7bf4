import { array, is, string, type } from '@metamask/superstruct';
import type { Json } from '@metamask/utils';

import { NodeRequestFailed } from '../errors';
import type { NodeCall } from './node';
import type { V3Fields } from './transactions';

/** Safety margin over an estimate, in percent, for amounts and prices alike. */
export const FEE_MARGIN_PERCENT = 50n;

const FeeEstimateAnswerStruct = array(
  type({
    l1_gas_consumed: string(),
    l1_gas_price: string(),
    l2_gas_consumed: string(),
    l2_gas_price: string(),
    l1_data_gas_consumed: string(),
    l1_data_gas_price: string(),
    overall_fee: string(),
    unit: string(),
  }),
);

/** One transaction's estimate, as numbers. */
export type NodeFeeEstimate = {
  l1Gas: bigint;
  l1GasPrice: bigint;
  l2Gas: bigint;
  l2GasPrice: bigint;
  l1DataGas: bigint;
  l1DataGasPrice: bigint;
  overallFee: bigint;
  unit: string;
};

/**
 * A `starknet_estimateFee` of transactions in order, without validation (estimates
 * carry no signature), at the pre-confirmed block so pending nonces count.
 *
 * @param transactions - Wire transactions (query version).
 * @returns The node call.
 */
export function estimateCall(transactions: Record<string, Json>[]): NodeCall {
  return {
    method: 'starknet_estimateFee',
    params: {
      request: transactions,
      simulation_flags: ['SKIP_VALIDATE'],
      block_id: 'pre_confirmed',
    },
  };
}

/**
 * Reads the node's estimate answer.
 *
 * @param result - `starknet_estimateFee` result.
 * @returns One estimate per transaction.
 */
export function readEstimates(result: Json): NodeFeeEstimate[] {
  if (!is(result, FeeEstimateAnswerStruct)) {
    throw new NodeRequestFailed({
      method: 'starknet_estimateFee',
      message: `unexpected answer ${JSON.stringify(result).slice(0, 200)}`,
    });
  }
  return result.map((item) => ({
    l1Gas: BigInt(item.l1_gas_consumed),
    l1GasPrice: BigInt(item.l1_gas_price),
    l2Gas: BigInt(item.l2_gas_consumed),
    l2GasPrice: BigInt(item.l2_gas_price),
    l1DataGas: BigInt(item.l1_data_gas_consumed),
    l1DataGasPrice: BigInt(item.l1_data_gas_price),
    overallFee: BigInt(item.overall_fee),
    unit: item.unit,
  }));
}

/**
 * Adds the safety margin.
 *
 * @param value - An estimated amount or price.
 * @returns The value plus the margin.
 */
function withMargin(value: bigint): bigint {
  return value + (value * FEE_MARGIN_PERCENT) / 100n;
}

/**
 * Resource bounds with the safety margin over an estimate, so a transaction still
 * goes through when prices move a little between estimate and inclusion.
 *
 * @param estimate - The node's estimate for the transaction.
 * @returns Bounds to sign.
 */
export function boundsFromEstimate(
  estimate: NodeFeeEstimate,
): V3Fields['resourceBounds'] {
  return {
    l1_gas: {
      max_amount: withMargin(estimate.l1Gas),
      max_price_per_unit: withMargin(estimate.l1GasPrice),
    },

    l2_gas: {
      max_amount: withMargin(estimate.l2Gas),
      max_price_per_unit: withMargin(estimate.l2GasPrice),
    },

    l1_data_gas: {
      max_amount: withMargin(estimate.l1DataGas),
      max_price_per_unit: withMargin(estimate.l1DataGasPrice),
    },
  };
}
