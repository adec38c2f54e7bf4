import type { CaipAccountId, CaipChainId } from '@metamask/utils';
import {
  isCaipAccountId,
  isCaipChainId,
  isCaipReference,
  parseCaipAccountId,
  parseCaipChainId,
  toCaipAccountId,
  toCaipChainId,
} from '@metamask/utils';

import {
  ADDRESS_BOUND,
  HEX_FELT_PATTERN,
  parseFelt,
  toFelt64,
} from '../../api/felt';
import { InvalidParamsError } from '../errors';

/** The CAIP-2 namespace of Starknet chains. */
export const STARKNET_NAMESPACE = 'starknet';

/** Starknet mainnet as a CAIP-2 chain id (hex chain id 0x534e5f4d41494e). */
export const STARKNET_MAINNET: CaipChainId = 'starknet:SN_MAIN';

/** Starknet Sepolia testnet as a CAIP-2 chain id (hex chain id 0x534e5f5345504f4c4941). */
export const STARKNET_SEPOLIA: CaipChainId = 'starknet:SN_SEPOLIA';

/**
 * Builds the -32602 error the helpers throw for input that is not Starknet's; the snap
 * client and the multichain client share it (one error family).
 *
 * @param message - What is wrong.
 * @param field - The argument, for `data.field`.
 * @param cause - A failure of an inner check.
 * @returns The error.
 */
function invalid(
  message: string,
  field = 'accountId',
  cause?: unknown,
): InvalidParamsError {
  return new InvalidParamsError(message, { data: { field }, cause });
}

/**
 * Runs an inner conversion of an account id, naming `accountId` as the field.
 *
 * @param convert - The conversion.
 * @returns What it returns.
 */
function forAccountId<Value>(convert: () => Value): Value {
  try {
    return convert();
  } catch (error) {
    if (error instanceof InvalidParamsError && error.field !== 'accountId') {
      throw invalid(error.message, 'accountId', error);
    }
    throw error;
  }
}

/**
 * Turns a Starknet chain id (the hex of the ASCII network name, as the snap and RPC nodes
 * use it) into its CAIP-2 id: `0x534e5f5345504f4c4941` → `starknet:SN_SEPOLIA`.
 *
 * @param chainId - A hex chain id, any case.
 * @returns The CAIP-2 chain id.
 * @throws {InvalidParamsError} -32602 when it is not hex or not a valid CAIP-2 reference.
 */
export function fromStarknetChainId(chainId: string): CaipChainId {
  // A chain id is a Cairo short string: a felt whose bytes are ASCII. (Decoded here
  // rather than with @metamask/utils' hex helpers, whose module loads lodash and
  // keccak into every dapp bundle.)
  if (!HEX_FELT_PATTERN.test(chainId)) {
    throw invalid(`"${chainId}" is not a hex Starknet chain id`, 'chainId');
  }
  const digits = chainId.slice(2);
  const bytes = (digits.length % 2 ? `0${digits}` : digits).match(/../gu) ?? [];
  const reference = String.fromCharCode(
    ...bytes.map((byte) => parseInt(byte, 16)),
  );
  if (!isCaipReference(reference)) {
    throw invalid(
      `"${chainId}" does not decode to a CAIP-2 reference`,
      'chainId',
    );
  }
  return toCaipChainId(STARKNET_NAMESPACE, reference);
}

/**
 * Turns a Starknet CAIP-2 id into the hex chain id the snap and RPC nodes use:
 * `starknet:SN_MAIN` → `0x534e5f4d41494e`.
 *
 * @param caipChainId - A `starknet:` CAIP-2 chain id.
 * @returns The lowercase hex chain id.
 * @throws {InvalidParamsError} -32602 when it is not a Starknet CAIP-2 id.
 */
export function toStarknetChainId(caipChainId: string): string {
  if (
    !isCaipChainId(caipChainId) ||
    parseCaipChainId(caipChainId).namespace !== STARKNET_NAMESPACE
  ) {
    throw invalid(
      `"${caipChainId}" is not a Starknet CAIP-2 chain id`,
      'chainId',
    );
  }
  // CAIP-2 references are ASCII, one byte per character.
  const { reference } = parseCaipChainId(caipChainId);
  return `0x${[...reference]
    .map((char) => char.charCodeAt(0).toString(16).padStart(2, '0'))
    .join('')}`;
}

/**
 * Normalizes a Starknet address to 0x + 64 lowercase hex digits, the form account ids use,
 * so the same account always yields the same CAIP-10 id.
 *
 * @param address - A hex address, padded or not.
 * @returns The normalized address.
 * @throws {InvalidParamsError} -32602 when it is not hex or not below 2^251 - 256.
 */
export function normalizeStarknetAddress(address: string): string {
  if (
    !HEX_FELT_PATTERN.test(address) ||
    parseFelt(address, ADDRESS_BOUND) === undefined
  ) {
    throw invalid(`"${address}" is not a Starknet address`, 'address');
  }
  return toFelt64(address);
}

/**
 * Builds the CAIP-10 account id of a Starknet address on a chain, e.g. for the `accounts`
 * of a `starknet:SN_SEPOLIA` scope.
 *
 * @param chain - A Starknet CAIP-2 id or hex chain id.
 * @param address - The account address.
 * @returns `starknet:<reference>:0x<64 hex>`.
 * @throws {InvalidParamsError} -32602 for a bad chain or address.
 */
export function toStarknetAccountId(
  chain: string,
  address: string,
): CaipAccountId {
  return forAccountId(() => {
    const caipChainId = isCaipChainId(chain)
      ? chain
      : fromStarknetChainId(chain);
    toStarknetChainId(caipChainId);
    return toCaipAccountId(
      STARKNET_NAMESPACE,
      parseCaipChainId(caipChainId).reference,
      normalizeStarknetAddress(address),
    );
  });
}

/** A Starknet account as the snap API addresses it. */
export type StarknetAccount = {
  /** The CAIP-2 chain id, e.g. `starknet:SN_SEPOLIA`. */
  caipChainId: CaipChainId;
  /** The hex chain id, e.g. `0x534e5f5345504f4c4941`. */
  chainId: string;
  /** The address, 0x + 64 lowercase hex digits. */
  address: string;
};

/**
 * Reads a Starknet CAIP-10 account id back into what the snap API takes: the hex chain id
 * and the normalized address.
 *
 * @param accountId - A `starknet:` CAIP-10 account id.
 * @returns The CAIP-2 chain id, hex chain id and normalized address.
 * @throws {InvalidParamsError} -32602 when it is not a Starknet account id.
 */
export function parseStarknetAccountId(accountId: string): StarknetAccount {
  if (!isCaipAccountId(accountId)) {
    throw invalid(`"${accountId}" is not a CAIP-10 account id`);
  }
  const { chainId: caipChainId, address } = parseCaipAccountId(accountId);
  return forAccountId(() => ({
    caipChainId,
    chainId: toStarknetChainId(caipChainId),
    address: normalizeStarknetAddress(address),
  }));
}
