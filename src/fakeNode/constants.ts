/**
 * Fixed facts of the fake Starknet node: networks, preloaded tokens, the account classes
 * it can run, and the gas prices and per-type gas usage it charges. Tests import these to
 * compute expected balances after fees without hard-coding numbers.
 */
import { constants, hash } from 'starknet';

import { paddedAddress } from './json';

/** The two chains the node serves, one per URL path. */
export type NetworkName = 'sepolia' | 'mainnet';

export const NETWORKS: readonly NetworkName[] = ['sepolia', 'mainnet'];

/** Chain id felt (hex of the ASCII name) per network. */
export const CHAIN_IDS: Record<NetworkName, constants.StarknetChainId> = {
  sepolia: constants.StarknetChainId.SN_SEPOLIA,
  mainnet: constants.StarknetChainId.SN_MAIN,
};

/** What `starknet_specVersion` answers. starknet.js 10.8 accepts 0.10.x. */
export const SPEC_VERSION = '0.10.0';

/** Semver put in block headers; at or after 0.14.1 starknet.js hashes CASM with Blake. */
export const STARKNET_VERSION = '0.14.1';

/** The Argent Cairo-1 account class (constructor calldata `[publicKey, guardian]`). */
export const ARGENT_ACCOUNT_CLASS_HASH =
  0x29927c8af6bccf3f6fda035981e765a7bdbf18a2dc0d630494f8758aa908e2bn;

/** Argent account 0.4.0, which an account may be upgraded to: SNIP-9 v1 and v2. */
export const ARGENT_040_ACCOUNT_CLASS_HASH =
  0x036078334509b514626504edc9fb252328d1a240e4e948bef8d0c08dff45927fn;

/** The Argent Cairo-0 proxy class of older accounts. */
export const ARGENT_PROXY_CLASS_HASH =
  0x25ec026985a3bf9d0cc1fe17326b245dfdc3ff89b8fde106542a3ea56c5a918n;

/** The implementation the Cairo-0 proxy points at. */
export const ARGENT_PROXY_IMPLEMENTATION =
  0x033434ad846cdd5f23eb73ff09fe6fddd568284a0fb7d1be20ee482f044dabe2n;

/** Class of every token the node models (a stub: its body does not hash to this). */
export const FAKE_ERC20_CLASS_HASH = BigInt(
  hash.starknetKeccak('snapnet fake node: ERC20'),
);

/** Default class of contracts added with the admin `addContract`. */
export const FAKE_GENERIC_CLASS_HASH = BigInt(
  hash.starknetKeccak('snapnet fake node: generic contract'),
);

/** Receives fees, like the real sequencer address. */
export const SEQUENCER_ADDRESS =
  0x1176a1bd84444c89232ec27754698e5d2e7e1a7f1539f12027f28b23ec9f3d8n;

/** A preloaded ERC-20 token. */
export type TokenSpec = {
  address: bigint;
  name: string;
  symbol: string;
  decimals: number;
};

export const ETH_TOKEN: TokenSpec = {
  address: 0x049d36570d4e46f48e99674bd3fcc84644ddd6b96f7c741b1562b82f9e004dc7n,
  name: 'Ether',
  symbol: 'ETH',
  decimals: 18,
};

/** STRK pays the fees of V3 transactions. */
export const STRK_TOKEN: TokenSpec = {
  address: 0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938dn,
  name: 'Starknet Token',
  symbol: 'STRK',
  decimals: 18,
};

/** The token addresses as the snap and dapps write them (`0x` + 64 hex digits). */
export const STRK = paddedAddress(STRK_TOKEN.address);
export const ETH = paddedAddress(ETH_TOKEN.address);

export const USDC_TOKEN: TokenSpec = {
  address: 0x053c91253bc9682c04929ca02ed00b3e423f6710d2ee7e0d5ebb06f3ecf368a8n,
  name: 'USD Coin',
  symbol: 'USDC',
  decimals: 6,
};

export const USDT_TOKEN: TokenSpec = {
  address: 0x068f5c6a61780768455de69077e07e89787839bf8166decfbf92b645209c0fb8n,
  name: 'Tether USD',
  symbol: 'USDT',
  decimals: 6,
};

/** Tokens present at genesis, per network (starknet.md). */
export const GENESIS_TOKENS: Record<NetworkName, readonly TokenSpec[]> = {
  sepolia: [ETH_TOKEN, STRK_TOKEN],
  mainnet: [ETH_TOKEN, STRK_TOKEN, USDC_TOKEN, USDT_TOKEN],
};

/**
 * Number of the latest block at genesis. Above 2 so that starknet.js' tip estimation
 * reads three blocks by number, as it does against a real node.
 */
export const GENESIS_BLOCK_NUMBER = 100;

/** A resource price in both units, as block headers carry it. */
export type ResourcePrice = { fri: bigint; wei: bigint };

/** Fixed gas prices of every block, in the shape of block headers. */
export const GAS_PRICES: {
  l1Gas: ResourcePrice;
  l2Gas: ResourcePrice;
  l1DataGas: ResourcePrice;
} = {
  l1Gas: { fri: 40_000_000_000_000n, wei: 2_000_000_000n },
  l2Gas: { fri: 8_000_000_000n, wei: 400_000n },
  l1DataGas: { fri: 1_000_000_000n, wei: 50_000n },
};

/** Gas a transaction consumes. */
export type GasUsage = { l1Gas: bigint; l2Gas: bigint; l1DataGas: bigint };

/** Fixed gas usage per transaction type: estimates answer it, execution charges it. */
export const GAS_USAGE: Record<
  'INVOKE' | 'DEPLOY_ACCOUNT' | 'DECLARE',
  GasUsage
> = {
  INVOKE: { l1Gas: 0n, l2Gas: 1_200_000n, l1DataGas: 192n },
  DEPLOY_ACCOUNT: { l1Gas: 0n, l2Gas: 900_000n, l1DataGas: 288n },
  DECLARE: { l1Gas: 0n, l2Gas: 30_000_000n, l1DataGas: 192n },
};

/**
 * The fee the node charges a transaction of this type (with a zero tip): gas usage
 * times block prices, in FRI.
 *
 * @param type - Transaction type.
 * @param tip - Tip per L2 gas unit.
 * @returns The fee in FRI.
 */
export function feeFor(type: keyof typeof GAS_USAGE, tip = 0n): bigint {
  const gas = GAS_USAGE[type];
  return (
    gas.l1Gas * GAS_PRICES.l1Gas.fri +
    gas.l2Gas * (GAS_PRICES.l2Gas.fri + tip) +
    gas.l1DataGas * GAS_PRICES.l1DataGas.fri
  );
}

/** SNIP-6 `is_valid_signature` answer for a valid signature: 'VALID'. */
export const VALID = 0x56414c4944n;
