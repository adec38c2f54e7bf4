import type { Infer } from '@metamask/superstruct';
import { array, string, type } from '@metamask/superstruct';

import { toWireFelt } from '../../api/felt';
import { NodeFeltStruct } from '../node/calls';
import type { NodeCall } from '../node/node';
import { nodeCall } from '../node/node';
import type { V3Fields } from './transactions';

/**
 * Replacing a pooled send (speed up, cancel). A Starknet 0.14 mempool takes a
 * transaction at a pooled one's nonce only when its tip and its L2 max price each rise
 * by at least 10 %, rounded up (sequencer `apollo_mempool/src/mempool.rs`
 * `validate_fee_escalation`, `increased_enough`; `fee_escalation_percentage` 10), else
 * refuses it as a duplicate nonce (52). The replacement also takes at least what a new
 * send would (the recent tip, twice the L2 price), so it is not stuck again.
 */
const BoundStruct = type({
  max_amount: NodeFeltStruct,
  max_price_per_unit: NodeFeltStruct,
});

const PooledInvokeStruct = type({
  type: string(),
  sender_address: NodeFeltStruct,
  calldata: array(NodeFeltStruct),
  nonce: NodeFeltStruct,
  tip: NodeFeltStruct,
  resource_bounds: type({
    l1_gas: BoundStruct,
    l2_gas: BoundStruct,
    l1_data_gas: BoundStruct,
  }),
});

/** A send as the node holds it (V3 invoke fields the replacement reads). */
export type PooledInvoke = Infer<typeof PooledInvokeStruct>;

/**
 * `starknet_getTransactionByHash` of the send to replace.
 *
 * @param txHash - Its hash.
 * @returns The call.
 */
export function pooledInvokeCall(txHash: string): NodeCall<PooledInvoke> {
  return nodeCall(
    'starknet_getTransactionByHash',
    { transaction_hash: toWireFelt(txHash) },
    PooledInvokeStruct,
  );
}

/**
 * A value raised by the mempool's escalation percentage, rounded up.
 *
 * @param value - The pooled value.
 * @returns At least 1.1 × value.
 */
export function escalated(value: bigint): bigint {
  return value + (value * 10n + 99n) / 100n;
}

/**
 * The bounds and tip of a pooled send, as numbers.
 *
 * @param pooled - The node's transaction.
 * @returns Its tip and bounds.
 */
export function pooledFields(
  pooled: PooledInvoke,
): Pick<V3Fields, 'tip' | 'resourceBounds'> {
  const one = (
    bound: Infer<typeof BoundStruct>,
  ): V3Fields['resourceBounds']['l1_gas'] => ({
    max_amount: BigInt(bound.max_amount),
    max_price_per_unit: BigInt(bound.max_price_per_unit),
  });
  const bounds = pooled.resource_bounds;
  return {
    tip: BigInt(pooled.tip),
    resourceBounds: {
      l1_gas: one(bounds.l1_gas),
      l2_gas: one(bounds.l2_gas),
      l1_data_gas: one(bounds.l1_data_gas),
    },
  };
}

/**
 * The replacement's tip and bounds: tip and L2 max price each at least the escalated
 * pooled ones and at least a new send's; every other bound the larger of the two.
 *
 * @param old - The pooled send's tip and bounds.
 * @param fresh - What a new send would sign now (recent tip, estimated bounds).
 * @returns The replacement's tip and bounds.
 */
export function replacementFees(
  old: Pick<V3Fields, 'tip' | 'resourceBounds'>,
  fresh: Pick<V3Fields, 'tip' | 'resourceBounds'>,
): Pick<V3Fields, 'tip' | 'resourceBounds'> {
  const max = (left: bigint, right: bigint): bigint =>
    left > right ? left : right;
  const bound = (
    name: keyof V3Fields['resourceBounds'],
    escalate: boolean,
  ): V3Fields['resourceBounds']['l1_gas'] => {
    const before = old.resourceBounds[name];
    const now = fresh.resourceBounds[name];
    return {
      max_amount: max(before.max_amount, now.max_amount),
      max_price_per_unit: max(
        escalate
          ? escalated(before.max_price_per_unit)
          : before.max_price_per_unit,
        now.max_price_per_unit,
      ),
    };
  };
  return {
    tip: max(escalated(old.tip), fresh.tip),
    resourceBounds: {
      l1_gas: bound('l1_gas', false),
      l2_gas: bound('l2_gas', true),
      l1_data_gas: bound('l1_data_gas', false),
    },
  };
}
