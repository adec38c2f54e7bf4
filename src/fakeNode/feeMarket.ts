/**
 * The fake node's fee market, as the Starknet 0.14 sequencer's mempool keeps it
 * (starkware-libs/sequencer 60161ba; docs/node.md cites each rule):
 * - the ready queue serves the highest tip first, then the highest hash
 *   (`apollo_mempool/src/fee_transaction_queue.rs` `impl Ord for PriorityTransaction`,
 *   `pop_ready_chunk` pops the last of the ordered set);
 * - a transaction whose L2 `max_price_per_unit` is below the next block's L2 gas price
 *   waits in the pending queue and is not sequenced (`fee_transaction_queue.rs`
 *   `insert`, `validate_resource_bounds`);
 * - the L2 gas price rises after a full block (`apollo_consensus_orchestrator/src/
 *   fee_market/mod.rs` `calculate_next_base_gas_price`); here a test sets the price and
 *   the rise per mined block;
 * - a pooled transaction expires after `transaction_ttl`, 300 s
 *   (`apollo_mempool/src/mempool.rs` `remove_expired_txs`; 300 in
 *   `apollo_deployments/resources/app_configs/mempool_config.json`);
 * - the same nonce replaces a pooled transaction only when its tip and its L2 max price
 *   each rise by at least `fee_escalation_percentage`, 10, rounded up
 *   (`mempool.rs` `validate_fee_escalation`, `should_replace_tx`, `increased_enough`);
 *   otherwise `DuplicateNonce`, which the gateway answers as an invalid nonce (52).
 */
import { GAS_PRICES } from './constants';
import type { Tx } from './transactions';

/** `transaction_ttl` of the deployed mempool config, in seconds. */
export const TRANSACTION_TTL_SECONDS = 300;

/** `fee_escalation_percentage` of the deployed mempool config. */
export const FEE_ESCALATION_PERCENT = 10n;

/** The network's L2 gas price, how it rises, and the fake's clock offset. */
export type FeeMarket = {
  /** The L2 gas price (FRI) of the next block: the pending queue's threshold. */
  l2GasPrice: bigint;
  /** How much the price rises per mined block, in percent (0: it stays). */
  risePercent: bigint;
  /** Seconds the fake's clock runs ahead of the wall clock (tests move time here). */
  clockOffset: number;
};

/**
 * A fresh fee market: the constant prices, no rise, no offset.
 *
 * @returns The market.
 */
export function freshFeeMarket(): FeeMarket {
  return { l2GasPrice: GAS_PRICES.l2Gas.fri, risePercent: 0n, clockOffset: 0 };
}

/**
 * The fake's time in Unix seconds: the wall clock plus what tests added.
 *
 * @param market - The fee market (its clock offset).
 * @returns Seconds.
 */
export function marketNow(market: FeeMarket): number {
  return Math.floor(Date.now() / 1000) + market.clockOffset;
}

/**
 * Whether a transaction is eligible for sequencing at the market's L2 price (else it is
 * in the pending queue). A declare or deploy is judged the same way.
 *
 * @param tx - The transaction.
 * @param market - The fee market.
 * @returns Whether it may be included.
 */
export function priceEligible(tx: Tx, market: FeeMarket): boolean {
  return tx.bounds.l2Gas.maxPrice >= market.l2GasPrice;
}

/**
 * The sequencer's priority order: higher tip first, then higher hash.
 *
 * @param left - One transaction.
 * @param left.tx - Its body.
 * @param left.hash - Its hash.
 * @param right - Another.
 * @param right.tx - Its body.
 * @param right.hash - Its hash.
 * @returns Negative when `left` goes first.
 */
export function byPriority(
  left: { tx: Tx; hash: bigint },
  right: { tx: Tx; hash: bigint },
): number {
  if (left.tx.tip !== right.tx.tip) {
    return left.tx.tip > right.tx.tip ? -1 : 1;
  }
  if (left.hash === right.hash) {
    return 0;
  }
  return left.hash > right.hash ? -1 : 1;
}

/**
 * `increased_enough`: the incoming value is at least the existing one plus
 * {@link FEE_ESCALATION_PERCENT} of it, rounded up.
 *
 * @param existing - The pooled value.
 * @param incoming - The new value.
 * @returns Whether it rose enough.
 */
export function increasedEnough(existing: bigint, incoming: bigint): boolean {
  const required = (existing * FEE_ESCALATION_PERCENT + 99n) / 100n + existing;
  return incoming >= required;
}

/**
 * `should_replace_tx`: tip and L2 max price both rose enough.
 *
 * @param existing - The pooled transaction.
 * @param incoming - The one with the same nonce.
 * @returns Whether the incoming one replaces it.
 */
export function shouldReplace(existing: Tx, incoming: Tx): boolean {
  return (
    increasedEnough(existing.tip, incoming.tip) &&
    increasedEnough(
      existing.bounds.l2Gas.maxPrice,
      incoming.bounds.l2Gas.maxPrice,
    )
  );
}

/**
 * The next block's L2 price after a mined block, by the set rise.
 *
 * @param market - The fee market; its price is raised in place.
 */
export function raiseAfterBlock(market: FeeMarket): void {
  market.l2GasPrice += (market.l2GasPrice * market.risePercent) / 100n;
}
