import type { CaipAccountId, CaipChainId } from '@metamask/utils';

import { MultichainError } from '../multichain/errors';
import type { StarknetAccount } from '../multichain/starknet';
import {
  fromStarknetChainId,
  parseStarknetAccountId,
  STARKNET_MAINNET,
  STARKNET_SEPOLIA,
  toStarknetAccountId,
  toStarknetChainId,
} from '../multichain/starknet';
import { InvalidParamsError } from './errors';

/**
 * CAIP-2 / CAIP-10 ids of Starknet accounts, for dapps that also speak the multichain API
 * or key accounts by chain. The conversions are the multichain client's (one
 * implementation); here they throw the snap client's {@link InvalidParamsError}.
 */

export type { StarknetAccount } from '../multichain/starknet';
export { STARKNET_MAINNET, STARKNET_SEPOLIA } from '../multichain/starknet';

/** The hex chain ids the snap takes as `chainId`, by network. */
export const STARKNET_CHAIN_IDS = {
  mainnet: toStarknetChainId(STARKNET_MAINNET),
  sepolia: toStarknetChainId(STARKNET_SEPOLIA),
} as const;

/**
 * Runs a multichain helper, turning its -32602 into the snap client's error class.
 *
 * @param field - The argument the helper checks, for `data.field`.
 * @param convert - The conversion.
 * @returns What it returns.
 */
function converted<Value>(field: string, convert: () => Value): Value {
  try {
    return convert();
  } catch (error) {
    if (error instanceof MultichainError) {
      throw new InvalidParamsError(
        `Invalid params: ${field}: ${error.message}`,
        {
          data: { field },
          cause: error,
        },
      );
    }
    throw error;
  }
}

/**
 * The CAIP-10 id of an account: `toAccountId('0x534e5f5345504f4c4941', '0x1')` →
 * `starknet:SN_SEPOLIA:0x000…001`.
 *
 * @param chainId - The hex chain id (as the snap uses it) or the CAIP-2 id.
 * @param address - The account address.
 * @returns The CAIP-10 account id, address padded to 64 lowercase hex digits.
 * @throws {InvalidParamsError} For a chain or address that is not Starknet's.
 */
export function toAccountId(chainId: string, address: string): CaipAccountId {
  return converted('accountId', () => toStarknetAccountId(chainId, address));
}

/**
 * Reads a Starknet CAIP-10 id back into what the snap's methods take.
 *
 * @param accountId - E.g. `starknet:SN_MAIN:0x…`.
 * @returns The CAIP-2 id, the hex `chainId` and the normalized `address`.
 * @throws {InvalidParamsError} When it is not a Starknet account id.
 */
export function parseAccountId(accountId: string): StarknetAccount {
  return converted('accountId', () => parseStarknetAccountId(accountId));
}

/**
 * The CAIP-2 id of a hex chain id: `0x534e5f4d41494e` → `starknet:SN_MAIN`.
 *
 * @param chainId - The hex chain id.
 * @returns The CAIP-2 id.
 * @throws {InvalidParamsError} When it is not hex of a CAIP-2 reference.
 */
export function toCaipChainId(chainId: string): CaipChainId {
  return converted('chainId', () => fromStarknetChainId(chainId));
}
