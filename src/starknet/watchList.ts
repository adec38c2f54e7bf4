import type { Token } from '../api/addErc20Token';
import type { TokenRecord } from '../state/types';
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
