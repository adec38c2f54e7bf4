import type { Token } from '../../api/addErc20Token';
import type { TokenRecord } from '../../state/types';
import { looksAlike } from './lookAlike';
import type { PreloadedToken } from './tokens';
import { PRELOADED_TOKENS } from './tokens';

/**
 * A network's watch list: its preloaded tokens (starknet.md), then the tokens the
 * user added. Preloaded tokens are constants, never stored, so a dapp cannot replace
 * them and a new version can update them without a migration.
 *
 * @param chainId - The network.
 * @param added - The tokens stored for that network.
 * @returns The whole list, preloaded first.
 */
export function watchList(
  chainId: string,
  added: readonly TokenRecord[] = [],
): TokenRecord[] {
  const preloaded = (PRELOADED_TOKENS[chainId] ?? []).map((token) => ({
    ...token,
    logo: '',
  }));
  return [...preloaded, ...added];
}

/**
 * Whether a token is preloaded on a network (and so cannot be added or replaced).
 *
 * @param chainId - The network.
 * @param address - Normalized token address.
 * @returns True for a preloaded token.
 */
export function isPreloaded(chainId: string, address: string): boolean {
  return (PRELOADED_TOKENS[chainId] ?? []).some(
    (token) => token.address === address,
  );
}

/**
 * The interface's token object of a watch-list entry.
 *
 * @param record - The entry.
 * @returns `{ address, symbol, decimals, logo }`.
 */
export function toToken(record: TokenRecord): Token {
  return {
    address: record.address,
    symbol: record.symbol,
    decimals: record.decimals,
    logo: record.logo,
  };
}

/**
 * The token of the snap's own list, on any network, whose symbol a token imitates
 * (looksAlike): the snap's list is the only source of trust, and a symbol that reads
 * as one of its tokens reads so on every network. The listed token itself (same
 * network, same address) is no imitation.
 *
 * @param chainId - The network the token is on.
 * @param token - The token.
 * @param token.address - Its address.
 * @param token.symbol - Its symbol.
 * @returns The imitated token, if any.
 */
export function imitatedListed(
  chainId: string,
  token: { address: string; symbol: string },
): PreloadedToken | undefined {
  for (const [listedOn, tokens] of Object.entries(PRELOADED_TOKENS)) {
    const twin = tokens.find(
      (listed) =>
        !(listedOn === chainId && listed.address === token.address) &&
        looksAlike(listed.symbol, token.symbol),
    );
    if (twin) {
      return twin;
    }
  }
  return undefined;
}

/**
 * Page-added tokens at other addresses whose symbol looks the same as a token's: both
 * are kept (the first page to add a symbol does not own it), each shown with its
 * address and a warning that another token uses that symbol.
 *
 * @param added - The tokens stored for the network.
 * @param token - The token.
 * @param token.address - Its address.
 * @param token.symbol - Its symbol.
 * @returns The other tokens sharing the symbol.
 */
export function sharingSymbol(
  added: readonly TokenRecord[],
  token: { address: string; symbol: string },
): TokenRecord[] {
  return added.filter(
    (other) =>
      other.address !== token.address && looksAlike(other.symbol, token.symbol),
  );
}
