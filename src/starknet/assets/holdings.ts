import { is, number, string, type } from '@metamask/superstruct';

import { toFelt64 } from '../../api/felt';
import { formatUnits } from '../../api/units';
import type { SnapState } from '../../state/types';
import { balanceCall } from '../node/calls';
import type { NodeClient } from '../node/node';
import { isPreloaded, watchList } from '../tokens/watchList';
import { ASSET_CHAIN_IDS, assetTypeOf } from './assetIds';

/** A token as MetaMask's screens show it: its asset type and identity. */
export type AssetToken = {
  assetType: string;
  chainId: string;
  /** `0x` + 64 lowercase digits. */
  address: string;
  name: string;
  symbol: string;
  decimals: number;
  /** On the snap's own list (preloaded): its name and symbol are the snap's, not a page's. */
  preloaded: boolean;
};

/** A balance as the keyring API's `BalanceStruct` has it: whole units, the symbol. */
export type AssetBalance = { amount: string; unit: string };

/**
 * The tokens a network lists for every account: the snap's own, then those the user
 * added (the watch list). A zero-balance token nobody listed is never among them.
 *
 * @param state - The snap state.
 * @param chainId - The network.
 * @returns The tokens, preloaded first.
 */
export function listedAssets(state: SnapState, chainId: string): AssetToken[] {
  return watchList(chainId, state.tokens[chainId]).map((token) => ({
    assetType: assetTypeOf(chainId, token.address),
    chainId,
    address: toFelt64(token.address),
    name: token.name,
    symbol: token.symbol,
    decimals: token.decimals,
    preloaded: isPreloaded(chainId, token.address),
  }));
}

/**
 * The listed tokens of every network, mainnet first (what an account holds in
 * MetaMask: a Starknet address is the same on both networks).
 *
 * @param state - The snap state.
 * @returns The tokens.
 */
export function allListedAssets(state: SnapState): AssetToken[] {
  return ASSET_CHAIN_IDS.flatMap((chainId) => listedAssets(state, chainId));
}

const CachedTokenStruct = type({ symbol: string(), decimals: number() });

/**
 * A token of a network known to the snap: listed, else read from the chain earlier
 * (the token cache of reviews; its symbol is the chain's, not verified).
 *
 * @param state - The snap state.
 * @param chainId - The network.
 * @param address - The token (`0x` + 64 digits).
 * @returns The token, or undefined when the snap knows nothing of it.
 */
export function knownAsset(
  state: SnapState,
  chainId: string,
  address: string,
): AssetToken | undefined {
  const listed = listedAssets(state, chainId).find(
    (token) => token.address === address,
  );
  if (listed) {
    return listed;
  }
  const cached = state.tokenCache[chainId]?.[address];
  return is(cached, CachedTokenStruct)
    ? {
        assetType: assetTypeOf(chainId, address),
        chainId,
        address,
        name: cached.symbol,
        symbol: cached.symbol,
        decimals: cached.decimals,
        preloaded: false,
      }
    : undefined;
}

/**
 * The balances of holders in tokens of one network, in one batched request
 * (`balanceOf` at the pre-confirmed block, as the home page reads them). A token the
 * node gives no answer for (not deployed there, …) is left out: no balance, not "0".
 *
 * @param node - The network's node.
 * @param holders - Account addresses.
 * @param tokens - Tokens of that network.
 * @returns holder → asset type → balance.
 */
export async function readBalances(
  node: NodeClient,
  holders: readonly string[],
  tokens: readonly AssetToken[],
): Promise<Map<string, Map<string, AssetBalance>>> {
  const pairs = holders.flatMap((holder) =>
    tokens.map((token) => ({ holder, token })),
  );
  const outcomes =
    pairs.length === 0
      ? []
      : await node.batch(
          pairs.map(({ holder, token }) => balanceCall(token.address, holder)),
        );
  const balances = new Map<string, Map<string, AssetBalance>>(
    holders.map((holder) => [holder, new Map()]),
  );
  pairs.forEach(({ holder, token }, index) => {
    const outcome = outcomes[index];
    if (outcome?.ok) {
      balances.get(holder)?.set(token.assetType, {
        amount: formatUnits(BigInt(outcome.result), token.decimals),
        unit: token.symbol,
      });
    }
  });
  return balances;
}
