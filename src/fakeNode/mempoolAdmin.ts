/**
 * The mempool's admin operations: the sequencer's moves a test plays (`include`,
 * `drop`) and the fee market it sets (`setL2GasPrice`, `advanceTime`; feeMarket.ts).
 */
import type { Json } from './json';
import { feltHex } from './json';
import type { Pools } from './mempool';
import { dropReceived, expireReceived, includeReceived } from './mempool';
import { felt } from './params';

/**
 * A non-negative integer argument.
 *
 * @param value - The raw argument.
 * @param name - Its name, for the error.
 * @returns The number.
 */
function count(value: unknown, name: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw new Error(`${name} must be a non-negative integer`);
  }
  return value;
}

/**
 * Sets the next block's L2 gas price (FRI) and, optionally, its rise in percent per
 * block with transactions.
 *
 * @param chain - The chain.
 * @param args - `price` (felt), `risePercent` (number, optional).
 * @returns The price set, hex.
 */
function setL2GasPrice(chain: Pools, args: Record<string, unknown>): Json {
  chain.fees.l2GasPrice = felt(args.price, 'price');
  if (args.risePercent !== undefined) {
    chain.fees.risePercent = BigInt(count(args.risePercent, 'risePercent'));
  }
  return feltHex(chain.fees.l2GasPrice);
}

/**
 * The mempool's admin operations, or undefined for other ops.
 *
 * @param chain - The network's chain.
 * @param op - Operation name.
 * @param args - Its arguments: `count` for include, `hash` for drop, `price` and
 * `risePercent` for setL2GasPrice, `seconds` for advanceTime.
 * @returns The op's answer (hashes included, dropped or expired; the price set), or
 * undefined when `op` is not one of these.
 */
export function runMempoolAdmin(
  chain: Pools,
  op: string,
  args: Record<string, unknown>,
): Json | undefined {
  switch (op) {
    case 'include':
      return includeReceived(
        chain,
        args.count === undefined ? undefined : count(args.count, 'count'),
      ).map(feltHex);
    case 'drop':
      return dropReceived(chain, felt(args.hash, 'hash')).map(feltHex);
    case 'setL2GasPrice':
      return setL2GasPrice(chain, args);
    case 'advanceTime':
      // The fake's clock only: pooled transactions older than the TTL expire now.
      chain.fees.clockOffset += count(args.seconds, 'seconds');
      return expireReceived(chain).map(feltHex);
    default:
      return undefined;
  }
}
