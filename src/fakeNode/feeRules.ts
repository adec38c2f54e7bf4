/**
 * Blockifier's fee rules for V3 transactions, as the fake node applies them when a fee is
 * charged (adds, and simulations without `SKIP_FEE_CHARGE`): the pre-validation checks of
 * `AccountTransaction::perform_pre_validation_stage` (`check_fee_bounds`, then
 * `verify_can_pay_committed_bounds`), the post-execution check of a transaction that
 * cannot revert, and the run of an invoke limited to `l2_gas.max_amount`
 * (`TransactionContext::initial_sierra_gas`). Texts follow blockifier's error messages;
 * docs/node.md cites the sources.
 */
import type { GasUsage } from './constants';
import { GAS_PRICES } from './constants';
import type { Bounds, Tx } from './transactions';

/**
 * Blockifier's `estimate_minimal_gas_vector` per type, the fake's way: no L1 gas (all
 * resources are bounded apart), the data of one storage write and nonce (deploy: and a
 * class hash), and a fraction of the L2 gas the fake's execution uses (GAS_USAGE).
 */
export const MINIMAL_GAS: Record<Tx['type'], GasUsage> = {
  INVOKE: { l1Gas: 0n, l2Gas: 400_000n, l1DataGas: 128n },
  DEPLOY_ACCOUNT: { l1Gas: 0n, l2Gas: 300_000n, l1DataGas: 224n },
  DECLARE: { l1Gas: 0n, l2Gas: 400_000n, l1DataGas: 128n },
};

/**
 * Most the bounds let a transaction pay (blockifier `max_possible_fee`): the sum over the
 * resources of amount x price, the tip added to the L2 gas price.
 *
 * @param bounds - Resource bounds.
 * @param tip - Tip per L2 gas unit.
 * @returns The maximal fee, in FRI.
 */
export function maxFee(bounds: Bounds, tip = 0n): bigint {
  return (
    bounds.l1Gas.maxAmount * bounds.l1Gas.maxPrice +
    bounds.l2Gas.maxAmount * (bounds.l2Gas.maxPrice + tip) +
    bounds.l1DataGas.maxAmount * bounds.l1DataGas.maxPrice
  );
}

/**
 * What `check_fee_bounds` finds wrong: per resource (L1 gas, L1 data gas, L2 gas), an
 * amount below the minimal one, and a price below the block's, whatever the amount
 * (a zero amount at a zero price fails too).
 *
 * @param tx - The transaction (its type and bounds).
 * @returns Blockifier's text, or undefined when the bounds pass.
 */
export function boundsFailure(
  tx: Pick<Tx, 'type' | 'bounds'>,
): string | undefined {
  const minimal = MINIMAL_GAS[tx.type];
  const resources = [
    ['L1Gas', tx.bounds.l1Gas, minimal.l1Gas, GAS_PRICES.l1Gas.fri],
    [
      'L1DataGas',
      tx.bounds.l1DataGas,
      minimal.l1DataGas,
      GAS_PRICES.l1DataGas.fri,
    ],
    ['L2Gas', tx.bounds.l2Gas, minimal.l2Gas, GAS_PRICES.l2Gas.fri],
  ] as const;
  const failures = resources.flatMap(([name, bound, least, price]) => [
    ...(bound.maxAmount < least
      ? [
          `Max ${name} amount (${bound.maxAmount}) is lower than the minimal gas amount: ${least}.`,
        ]
      : []),
    ...(bound.maxPrice < price
      ? [
          `Max ${name} price (${bound.maxPrice}) is lower than the actual gas price: ${price}.`,
        ]
      : []),
  ]);
  return failures.length === 0
    ? undefined
    : `Resource bounds were not satisfied: ${failures.join('\n')}`;
}

/**
 * What `verify_can_pay_committed_bounds` says when the fee token balance is below the
 * maximal fee.
 *
 * @param tx - The transaction (bounds and tip).
 * @param balance - The payer's STRK balance.
 * @returns Blockifier's text, or undefined when the balance covers the bounds.
 */
export function balanceFailure(
  tx: Pick<Tx, 'bounds' | 'tip'>,
  balance: bigint,
): string | undefined {
  if (balance >= maxFee(tx.bounds, tx.tip)) {
    return undefined;
  }
  const one = (bound: Bounds['l1Gas']): string =>
    `{ max_amount: ${bound.maxAmount}, max_price_per_unit: ${bound.maxPrice} }`;
  return `Resources bounds ({ l1_gas: ${one(tx.bounds.l1Gas)}, l2_gas: ${one(tx.bounds.l2Gas)}, l1_data_gas: ${one(tx.bounds.l1DataGas)} }) exceed balance (${balance}).`;
}

/**
 * What a charged deploy_account or declare, which cannot revert, says when its L2 gas
 * bound is below what it used: blockifier's post-execution fee check
 * (`FeeCheckError::MaxGasAmountExceeded`). An invoke reverts "Out of gas" instead.
 *
 * @param tx - The transaction.
 * @param used - L2 gas its execution uses.
 * @returns Blockifier's text, or undefined when the bound covers it.
 */
export function l2BoundExceeded(
  tx: Pick<Tx, 'bounds'>,
  used: bigint,
): string | undefined {
  const limit = tx.bounds.l2Gas.maxAmount;
  return limit < used
    ? `Insufficient max L2Gas: max amount: ${limit}, actual used: ${used}.`
    : undefined;
}
