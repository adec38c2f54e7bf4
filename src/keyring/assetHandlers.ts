import type { Services } from '../rpc/context';
import { createContext, USER_ORIGIN } from '../rpc/context';
import type { TokenAsset } from '../starknet/assets/assetIds';
import { parseAssetType } from '../starknet/assets/assetIds';
import type { AssetToken } from '../starknet/assets/holdings';
import { knownAsset, listedAssets } from '../starknet/assets/holdings';
import { tokenIcon } from '../starknet/assets/icons';
import { readTokens } from '../starknet/review/tokenReads';
import { shorten } from '../ui/format';

/** snaps-sdk's fungible asset metadata (`FungibleAssetMetadataStruct`). */
type FungibleMetadata = {
  fungible: true;
  name: string;
  symbol: string;
  iconUrl: string;
  units: { name: string; symbol: string; decimals: number }[];
};

/**
 * The node context of a network, for what MetaMask itself asks.
 *
 * @param services - Store and send lock.
 * @param chainId - The network.
 * @param action - The handler, named in node errors.
 * @returns The context.
 */
async function contextOf(
  services: Services,
  chainId: string,
  action: string,
): Promise<Awaited<ReturnType<typeof createContext>>> {
  return createContext({ origin: USER_ORIGIN, ...services, chainId, action });
}

/**
 * Groups parsed tokens by network.
 *
 * @param tokens - Parsed asset types.
 * @returns chain id → addresses (distinct).
 */
function byChain(tokens: readonly TokenAsset[]): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const { chainId, address } of tokens) {
    const list = groups.get(chainId) ?? [];
    groups.set(chainId, list.includes(address) ? list : [...list, address]);
  }
  return groups;
}

/**
 * `onAssetsLookup`: symbol, name, decimals and icon of each token asked. Identity as
 * in dialogs: the snap's list (its icon), else the chain (the token's own symbol and
 * decimals, read once in one batch per network and cached; named as unverified, with
 * its address, and the neutral icon). A token that answers neither is null.
 *
 * @param services - Store and send lock.
 * @param assets - CAIP-19 asset types.
 * @returns `{ assets }` for `OnAssetsLookupResponseStruct`.
 */
export async function lookupAssets(
  services: Services,
  assets: readonly string[],
): Promise<{ assets: Record<string, FungibleMetadata | null> }> {
  const state = await services.store.read();
  const parsed = assets.map((asset) => ({
    asset,
    token: parseAssetType(asset),
  }));
  const unknown = parsed.flatMap(({ token }) =>
    token && !knownAsset(state, token.chainId, token.address) ? [token] : [],
  );
  const read = new Map<string, { symbol: string; decimals: number }>();
  for (const [chainId, addresses] of byChain(unknown)) {
    const ctx = await contextOf(services, chainId, 'onAssetsLookup');
    for (const token of await readTokens(
      ctx.node,
      services.store,
      chainId,
      addresses,
    )) {
      read.set(`${chainId}:${token.address}`, token);
    }
  }
  const answer: Record<string, FungibleMetadata | null> = {};
  for (const { asset, token } of parsed) {
    answer[asset] = token
      ? metadataOf(
          listedAssets(state, token.chainId).find(
            (entry) => entry.address === token.address,
          ),
          token,
          knownAsset(state, token.chainId, token.address) ??
            read.get(`${token.chainId}:${token.address}`),
        )
      : null;
  }
  return { assets: answer };
}

/**
 * The metadata of one token: the list's identity when listed, else the chain's,
 * named as unverified with its address.
 *
 * @param listed - The token on the network's list, if it is.
 * @param token - The asset asked.
 * @param fromChain - Symbol and decimals read from the chain (or cached), if any.
 * @returns The metadata, or null when the snap knows nothing of the token.
 */
function metadataOf(
  listed: AssetToken | undefined,
  token: TokenAsset,
  fromChain: { symbol: string; decimals: number } | undefined,
): FungibleMetadata | null {
  const identity = listed ?? fromChain;
  if (!identity) {
    return null;
  }
  const name = listed
    ? listed.name
    : `${shorten(token.address)} (unverified token)`;
  return {
    fungible: true,
    name,
    symbol: identity.symbol,
    iconUrl: tokenIcon(listed?.preloaded ? listed.symbol : undefined),
    units: [{ name, symbol: identity.symbol, decimals: identity.decimals }],
  };
}
