/* eslint-disable no-restricted-globals -- build-time settings: snaps-cli replaces each
   `process.env.X` below with the value from snap.config.ts; this file is the only
   place the snap reads them. */

import { CHAIN_NAMES, SN_MAIN, SN_SEPOLIA } from '../../api/chains';

/**
 * The dapp origins that may call `snapnet_displayPrivateKey` (build-time
 * `SNAPNET_KEY_EXPORT_ORIGINS`, comma separated; none by default). Exporting a key is
 * otherwise a MetaMask action, from the snap's home page: a web page must not be able
 * to walk a user into revealing it.
 *
 * @returns The allowed origins, exact strings.
 */
export function keyExportOrigins(): string[] {
  return (process.env.SNAPNET_KEY_EXPORT_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin !== '');
}

/** How long the snap waits for the node before it reports a failure, in ms. */
export const NODE_TIMEOUT_MS = Number(
  process.env.STARKNET_RPC_TIMEOUT_MS ?? 20000,
);

/**
 * The Starknet networks the snap serves. The node URLs are baked in at build time
 * (snap.config.ts `environment`), which is how developers point the snap at their own
 * node (starknet-devnet answers as SN_SEPOLIA) and how the e2e tests reach the fake node.
 */
export type Network = {
  /** Human-readable name shown in dialogs and returned by getCurrentNetwork. */
  name: string;
  /** Hex of the ASCII chain name, as Starknet nodes answer `starknet_chainId`. */
  chainId: string;
  /** CAIP-2 id, for dapps speaking the multichain API. */
  caip2: string;
  /** JSON-RPC endpoint of the node. */
  rpcUrl: string;
  /**
   * SNIP-29 paymaster URL (build-time default, the user may choose another on the home
   * page); empty: fees are paid in STRK only.
   */
  paymasterUrl: string;
  /** Voyager-style indexer base URL; empty when none is configured. */
  indexerUrl: string;
  /** Block explorer base URL, for links shown to the user. */
  explorerUrl: string;
};

export const MAINNET_CHAIN_ID = SN_MAIN;
export const SEPOLIA_CHAIN_ID = SN_SEPOLIA;

export const NETWORKS: Readonly<Record<string, Network>> = {
  [MAINNET_CHAIN_ID]: {
    name: CHAIN_NAMES[SN_MAIN],
    chainId: MAINNET_CHAIN_ID,
    caip2: 'starknet:SN_MAIN',
    rpcUrl: process.env.STARKNET_MAINNET_RPC_URL ?? '',
    paymasterUrl: process.env.STARKNET_MAINNET_PAYMASTER_URL ?? '',
    indexerUrl: process.env.STARKNET_MAINNET_INDEXER_URL ?? '',
    explorerUrl: 'https://voyager.online',
  },
  [SEPOLIA_CHAIN_ID]: {
    name: CHAIN_NAMES[SN_SEPOLIA],
    chainId: SEPOLIA_CHAIN_ID,
    caip2: 'starknet:SN_SEPOLIA',
    rpcUrl: process.env.STARKNET_SEPOLIA_RPC_URL ?? '',
    paymasterUrl: process.env.STARKNET_SEPOLIA_PAYMASTER_URL ?? '',
    indexerUrl: process.env.STARKNET_SEPOLIA_INDEXER_URL ?? '',
    explorerUrl: 'https://sepolia.voyager.online',
  },
};

/** Chain ids accepted by every `chainId` parameter. */
export const SUPPORTED_CHAIN_IDS = Object.keys(NETWORKS);

/**
 * Finds a supported network by chain id, comparing case-insensitively because dapps
 * write hex in either case.
 *
 * @param chainId - Hex chain id.
 * @returns The network, or undefined when the snap does not serve it.
 */
export function findNetwork(chainId: string): Network | undefined {
  return NETWORKS[chainId.toLowerCase()];
}
