import { SN_MAIN, SN_SEPOLIA } from '../../api/chains';
import { toFelt64 } from '../../api/felt';

/**
 * CAIP-2 ids of the networks, as MetaMask's multichain controllers key assets (the
 * keyring accounts' scopes). A CAIP-19 asset type of a token is
 * `<caip2>/erc20:0x<64 lowercase hex>`: one spelling per token, so MetaMask never
 * sees one token twice.
 */
const CAIP2_OF: Readonly<Record<string, string>> = {
  [SN_MAIN]: 'starknet:SN_MAIN',
  [SN_SEPOLIA]: 'starknet:SN_SEPOLIA',
};

/** The hex chain ids the assets of MetaMask's screens cover, mainnet first. */
export const ASSET_CHAIN_IDS = [SN_MAIN, SN_SEPOLIA] as const;

/** MetaMask's asset type of the US dollar (snaps-sdk's fiat conversions). */
export const USD_ASSET = 'swift:0/iso4217:USD';

const ASSET_TYPE =
  /^(starknet:SN_MAIN|starknet:SN_SEPOLIA)\/erc20:(0x[0-9a-f]{1,64})$/iu;

/** A token of one network, as an asset type names it. */
export type TokenAsset = { chainId: string; address: string };

/**
 * The CAIP-19 asset type of a token.
 *
 * @param chainId - The hex chain id.
 * @param address - The token contract.
 * @returns `starknet:SN_…/erc20:0x<64 lowercase hex>`.
 */
export function assetTypeOf(chainId: string, address: string): string {
  return `${CAIP2_OF[chainId] ?? chainId}/erc20:${toFelt64(address)}`;
}

/**
 * Reads a CAIP-19 asset type the snap could have given (any hex case, padded or not).
 *
 * @param assetType - The asset type.
 * @returns The token and its network, or undefined for any other asset.
 */
export function parseAssetType(assetType: string): TokenAsset | undefined {
  const match = ASSET_TYPE.exec(assetType);
  const [, scope, address] = match ?? [];
  const chainId = Object.entries(CAIP2_OF).find(
    ([, caip2]) => caip2.toLowerCase() === scope?.toLowerCase(),
  )?.[0];
  return chainId === undefined || address === undefined
    ? undefined
    : { chainId, address: toFelt64(address) };
}
