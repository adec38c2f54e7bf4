import { shortString } from 'starknet';

import { SN_MAIN, SN_SEPOLIA } from '../../api/chains';
import { formatUnits } from '../../api/units';
import { viewCall } from '../node/calls';
import type { NodeCall, NodeOutcome } from '../node/node';
import { PRELOADED_TOKENS } from '../tokens/tokens';

/**
 * The Pragma oracle per network (astraly-labs/pragma-oracle b02ad9e, README and
 * deployments/{mainnet,sepolia}/deployments.json; docs/assets.md). Dollar values come
 * from it, read through the user's own node: no price service learns what is held.
 */
export const PRAGMA_ORACLE: Readonly<Record<string, string>> = {
  [SN_MAIN]:
    '0x02a85bd616f912537c50a49a4076db02c00b29b2cdc8a197ce92ed1837fa875b',
  [SN_SEPOLIA]:
    '0x036031daa264c24520b11d93af622c848b2499b66b41d611bac95e13cfca131a',
};

/**
 * The Pragma pair of each token of the snap's own list, by symbol. Only preloaded
 * tokens get one (matched by address, never by a symbol a page chose): a token a page
 * listed as "ETH" must not borrow Ether's price.
 */
const PAIR_OF_SYMBOL: Readonly<Record<string, string>> = {
  ETH: 'ETH/USD',
  STRK: 'STRK/USD',
  USDC: 'USDC/USD',
  USDT: 'USDT/USD',
};

/**
 * The Pragma pair giving a token's dollar price, for the snap's own tokens only.
 *
 * @param chainId - The network.
 * @param address - The token (`0x` + 64 digits).
 * @returns The pair id (`STRK/USD`), or undefined: no dollar value.
 */
export function usdPairOf(
  chainId: string,
  address: string,
): string | undefined {
  const token = (PRELOADED_TOKENS[chainId] ?? []).find(
    (entry) => BigInt(entry.address) === BigInt(address),
  );
  return token ? PAIR_OF_SYMBOL[token.symbol] : undefined;
}

/**
 * `get_data_median(DataType::SpotEntry(pair))`: the variant index 0, then the pair id
 * as a short string (src/oracle/oracle.cairo).
 *
 * @param chainId - The network.
 * @param pair - E.g. `STRK/USD`.
 * @returns The node call.
 */
export function oracleCall(chainId: string, pair: string): NodeCall<string[]> {
  return viewCall(PRAGMA_ORACLE[chainId] ?? '0x0', 'get_data_median', [
    '0x0',
    shortString.encodeShortString(pair),
  ]);
}

/** A price the oracle has: exact decimal text, and when it was aggregated. */
export type OraclePrice = {
  /** Dollars per whole token, exact (`0.1234`). */
  rate: string;
  /** `last_updated_timestamp`, in seconds. */
  updatedAt: number;
  /** `expiration_timestamp` when set (not 0), in seconds. */
  expiresAt?: number;
};

/**
 * Reads a `PragmaPricesResponse`: price u128, decimals u32, last_updated_timestamp
 * u64, num_sources_aggregated u32, expiration_timestamp Option<u64> (Some = variant 0
 * then the value). The price is scaled by the decimals the answer carries (USDC/USD
 * has 6, not 8). No entries (price 0, 0 sources), a failed call or a malformed answer
 * mean no price: never "0", never a guess.
 *
 * @param outcome - The call's outcome in its batch.
 * @returns The price, or undefined.
 */
export function oraclePriceOf(
  outcome: NodeOutcome<string[]> | undefined,
): OraclePrice | undefined {
  if (!outcome?.ok) {
    return undefined;
  }
  const [price, decimals, updated, sources, variant, expiration] =
    outcome.result.map((felt) => BigInt(felt));
  if (
    price === undefined ||
    decimals === undefined ||
    updated === undefined ||
    sources === undefined ||
    price === 0n ||
    sources === 0n ||
    decimals > 255n
  ) {
    return undefined;
  }
  const expiresAt =
    variant === 0n && expiration !== undefined && expiration > 0n
      ? Number(expiration)
      : undefined;
  return {
    rate: formatUnits(price, Number(decimals)),
    updatedAt: Number(updated),
    ...(expiresAt === undefined ? {} : { expiresAt }),
  };
}
