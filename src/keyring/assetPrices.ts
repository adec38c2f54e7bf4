import type { Services } from '../rpc/context';
import { createContext, USER_ORIGIN } from '../rpc/context';
import { parseAssetType, USD_ASSET } from '../starknet/assets/assetIds';
import type { OraclePrice } from '../starknet/assets/oracle';
import {
  oracleCall,
  oraclePriceOf,
  usdPairOf,
} from '../starknet/assets/oracle';

/** snaps-sdk's `AssetConversion`: the rate and its times, in milliseconds. */
type Conversion = {
  rate: string;
  conversionTime: number;
  expirationTime?: number;
};

/** One conversion MetaMask asks for. */
type ConversionAsked = { from: string; to: string };

/**
 * The Pragma pair a conversion needs: a token of the snap's own list to US dollars.
 *
 * @param conversion - What MetaMask asks.
 * @param conversion.from - The token's asset type.
 * @param conversion.to - The target asset type.
 * @returns `chainId:pair`, or undefined: no rate.
 */
function pairOf({ from, to }: ConversionAsked): string | undefined {
  const token = parseAssetType(from);
  const pair = token && usdPairOf(token.chainId, token.address);
  return to === USD_ASSET && token && pair
    ? `${token.chainId}:${pair}`
    : undefined;
}

/**
 * Reads the oracle's prices of some pairs on one network, in one batch through the
 * user's node. A node that cannot be asked gives no price (the handler still answers).
 *
 * @param services - Store and send lock.
 * @param chainId - The network.
 * @param pairs - Pair ids.
 * @returns pair → price, for the pairs the oracle has data for.
 */
async function readPrices(
  services: Services,
  chainId: string,
  pairs: readonly string[],
): Promise<Map<string, OraclePrice>> {
  const ctx = await createContext({
    origin: USER_ORIGIN,
    ...services,
    chainId,
    action: 'onAssetsConversion',
  });
  let outcomes;
  try {
    outcomes = await ctx.node.batch(
      pairs.map((pair) => oracleCall(chainId, pair)),
    );
  } catch {
    return new Map();
  }
  return new Map(
    pairs.flatMap((pair, index) => {
      const price = oraclePriceOf(outcomes[index]);
      return price ? [[pair, price] as const] : [];
    }),
  );
}

/**
 * `onAssetsConversion`: dollar rates (`swift:0/iso4217:USD`) of the snap's own tokens
 * from the Pragma oracle, read through the user's own node, one batch per network:
 * no price service learns what the user holds. No pair, no data (price 0, 0 sources),
 * another target or a node failure: null, never "0" and never a guess. The times are
 * the oracle's (`last_updated_timestamp`, `expiration_timestamp`), in milliseconds.
 *
 * @param services - Store and send lock.
 * @param conversions - What MetaMask asks.
 * @returns `{ conversionRates }` for `OnAssetsConversionResponseStruct`.
 */
export async function convertAssets(
  services: Services,
  conversions: readonly ConversionAsked[],
): Promise<{
  conversionRates: Record<string, Record<string, Conversion | null>>;
}> {
  const byChain = new Map<string, Set<string>>();
  for (const key of conversions.map(pairOf)) {
    const [chainId = '', pair = ''] = key?.split(':') ?? [];
    if (key) {
      byChain.set(chainId, (byChain.get(chainId) ?? new Set()).add(pair));
    }
  }
  const prices = new Map<string, OraclePrice>();
  await Promise.all(
    [...byChain].map(async ([chainId, pairs]) => {
      const read = await readPrices(services, chainId, [...pairs]);
      for (const [pair, price] of read) {
        prices.set(`${chainId}:${pair}`, price);
      }
    }),
  );
  const conversionRates: Record<string, Record<string, Conversion | null>> = {};
  for (const conversion of conversions) {
    const key = pairOf(conversion);
    const price = key === undefined ? undefined : prices.get(key);
    conversionRates[conversion.from] = {
      ...conversionRates[conversion.from],
      [conversion.to]: price
        ? {
            rate: price.rate,
            conversionTime: price.updatedAt * 1000,
            ...(price.expiresAt === undefined
              ? {}
              : { expirationTime: price.expiresAt * 1000 }),
          }
        : null,
    };
  }
  return { conversionRates };
}

/**
 * `onAssetHistoricalPrice`: the oracle's median is a current price only, and no
 * history is kept or fetched from a price service, so there is none to give.
 *
 * @returns `{ historicalPrice: null }` (snaps-sdk's struct allows null: unknown).
 */
export async function historicalPrice(): Promise<{ historicalPrice: null }> {
  return { historicalPrice: null };
}

/**
 * `onAssetsMarketData`: market cap, volume, supply and price changes are not on
 * chain in a form the snap reads, so every entry is null (unknown), not made up.
 *
 * @param assets - What MetaMask asks: asset and the unit to express it in.
 * @returns `{ marketData }` for `OnAssetsMarketDataResponseStruct`.
 */
export async function marketData(
  assets: readonly { asset: string; unit: string }[],
): Promise<{ marketData: Record<string, Record<string, null>> }> {
  const answer: Record<string, Record<string, null>> = {};
  for (const { asset, unit } of assets) {
    answer[asset] = { ...answer[asset], [unit]: null };
  }
  return { marketData: answer };
}
