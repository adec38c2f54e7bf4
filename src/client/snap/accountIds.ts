import { SN_MAIN, SN_SEPOLIA } from '../../api/chains';

/**
 * CAIP-2 / CAIP-10 ids of Starknet accounts, for dapps that also speak the multichain API
 * or key accounts by chain: the multichain client's conversions (one implementation,
 * throwing the shared {@link InvalidParamsError}) under the snap client's names.
 */
export type { StarknetAccount } from '../multichain/starknet';
export {
  fromStarknetChainId as toCaipChainId,
  parseStarknetAccountId as parseAccountId,
  STARKNET_MAINNET,
  STARKNET_SEPOLIA,
  toStarknetAccountId as toAccountId,
} from '../multichain/starknet';

/** The hex chain ids the snap takes as `chainId`, by network. */
export const STARKNET_CHAIN_IDS = {
  mainnet: SN_MAIN,
  sepolia: SN_SEPOLIA,
} as const;
