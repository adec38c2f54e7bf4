import { MAINNET_CHAIN_ID, SEPOLIA_CHAIN_ID } from '../node/networks';

/** A preloaded token (starknet.md). */
export type PreloadedToken = {
  address: string;
  name: string;
  symbol: string;
  decimals: number;
};

export const ETH: PreloadedToken = {
  address: '0x049d36570d4e46f48e99674bd3fcc84644ddd6b96f7c741b1562b82f9e004dc7',
  name: 'Ether',
  symbol: 'ETH',
  decimals: 18,
};

/** STRK pays the fees of V3 transactions. */
export const STRK: PreloadedToken = {
  address: '0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d',
  name: 'Starknet Token',
  symbol: 'STRK',
  decimals: 18,
};

const USDC: PreloadedToken = {
  address: '0x053c91253bc9682c04929ca02ed00b3e423f6710d2ee7e0d5ebb06f3ecf368a8',
  name: 'USD Coin',
  symbol: 'USDC',
  decimals: 6,
};

const USDT: PreloadedToken = {
  address: '0x068f5c6a61780768455de69077e07e89787839bf8166decfbf92b645209c0fb8',
  name: 'Tether USD',
  symbol: 'USDT',
  decimals: 6,
};

/** Tokens every watch list starts with, per network. */
export const PRELOADED_TOKENS: Readonly<Record<string, PreloadedToken[]>> = {
  [MAINNET_CHAIN_ID]: [ETH, STRK, USDC, USDT],
  [SEPOLIA_CHAIN_ID]: [ETH, STRK],
};

/**
 * The tokens a network's dialogs can decode amounts for: the snap's own list (trusted),
 * then the user's watch list, each marked with the page that added it (`addedBy`;
 * "" when not recorded): a page-added token is never trusted, so dialogs mark it.
 *
 * @param chainId - The network.
 * @param watched - Tokens pages added on that network.
 * @returns Address, symbol and decimals of each; `addedBy` on page-added ones.
 */
export function knownTokens(
  chainId: string,
  watched: readonly {
    address: string;
    symbol: string;
    decimals: number;
    origin?: string | undefined;
  }[] = [],
): { address: string; symbol: string; decimals: number; addedBy?: string }[] {
  return [
    ...(PRELOADED_TOKENS[chainId] ?? []).map(
      ({ address, symbol, decimals }) => ({
        address,
        symbol,
        decimals,
      }),
    ),
    ...watched.map(({ address, symbol, decimals, origin }) => ({
      address,
      symbol,
      decimals,
      addedBy: origin ?? '',
    })),
  ];
}

/**
 * The name the snap itself gives a contract, from its own table (the preloaded tokens
 * of every network), never from a token a page added to the watch list: a page could
 * otherwise list its drainer as "AVNU" and have it named as the spender.
 *
 * @param address - The contract (0x + 64 digits or shorter).
 * @returns Its name, or undefined for a contract the snap does not know.
 */
export function knownContractName(address: string): string | undefined {
  return Object.values(PRELOADED_TOKENS)
    .flat()
    .find((token) => BigInt(token.address) === BigInt(address))?.symbol;
}
