/**
 * The Starknet chain ids the snap serves, in one place: the snap's networks, the hash
 * functions' chain-id check and the dapp clients all read them from here. A chain id is
 * the hex of the ASCII network name, as nodes answer `starknet_chainId`.
 */

/** Starknet mainnet (`SN_MAIN`). */
export const SN_MAIN = '0x534e5f4d41494e' as const;

/** Starknet Sepolia testnet (`SN_SEPOLIA`). */
export const SN_SEPOLIA = '0x534e5f5345504f4c4941' as const;

/** A chain id the snap serves. */
export type StarknetChainId = typeof SN_MAIN | typeof SN_SEPOLIA;

/** Human-readable names, shown in dialogs and returned by getCurrentNetwork. */
export const CHAIN_NAMES: Readonly<Record<StarknetChainId, string>> = {
  [SN_MAIN]: 'Starknet Mainnet',
  [SN_SEPOLIA]: 'Starknet Sepolia',
};

/**
 * Whether a (lowercase hex) chain id is one the snap serves.
 *
 * @param chainId - Hex chain id.
 * @returns True for SN_MAIN and SN_SEPOLIA.
 */
export function isStarknetChainId(chainId: string): chainId is StarknetChainId {
  return chainId === SN_MAIN || chainId === SN_SEPOLIA;
}
