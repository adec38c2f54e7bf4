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
import type { API, WALLET_API } from '@starknet-io/types-js';

import {
  ADDRESS_BOUND,
  HEX_FELT_PATTERN,
  parseFelt,
  toFelt64,
} from '../../api/felt';
import type { KeyringAccountMethod, PROTOCOL_READS } from '../../api/keyring';
import { InvalidParamsError, isSnapnetError, RpcErrorCode } from '../errors';

type WalletMessages = WALLET_API.RpcTypeToMessageMap;

/** A Starknet node read the snap forwards in a `starknet:*` scope. */
export type StarknetReadMethod = (typeof PROTOCOL_READS)[number];

/**
 * What a `starknet:*` scope of MetaMask's Multichain API serves when snapnet is the
 * Starknet snap, typed by starknet-io/types-js: the wallet-API methods of the user's
 * snapnet account (signed after the snap's own dialog) and the node reads (forwarded
 * to the snap's node). The `snapnet_*` names are not served in a scope: they stay on
 * `wallet_invokeSnap`.
 */
export type StarknetRpc = {
  methods: {
    [Method in KeyringAccountMethod]: (
      params: WalletMessages[Method]['params'],
    ) => WalletMessages[Method]['result'];
  } & {
    [Method in StarknetReadMethod]: (
      params: API.Methods[Method]['params'],
    ) => API.Methods[Method]['result'];
  };
};

/** The CAIP-2 namespace of Starknet chains. */
export const STARKNET_NAMESPACE = 'starknet';

/** Starknet mainnet as a CAIP-2 chain id (hex chain id 0x534e5f4d41494e). */
export const STARKNET_MAINNET = 'starknet:SN_MAIN' satisfies CaipChainId;

/** Starknet Sepolia as a CAIP-2 chain id (hex chain id 0x534e5f5345504f4c4941). */
export const STARKNET_SEPOLIA = 'starknet:SN_SEPOLIA' satisfies CaipChainId;

// Throws the shared -32602 error (one family with the snap client), naming the argument.
function refuse(value: string, problem: string, field: string): never {
  throw new InvalidParamsError(`"${value}" ${problem}`, { data: { field } });
}

// Runs a conversion of an account id: what it throws names `accountId` as the field.
const forAccountId = <Value>(convert: () => Value): Value => {
  try {
    return convert();
  } catch (error) {
    throw isSnapnetError(error, RpcErrorCode.InvalidParams)
      ? new InvalidParamsError(error.message, {
          data: { field: 'accountId' },
          cause: error,
        })
      : error;
  }
};

/**
 * Turns a Starknet chain id (the hex of the ASCII network name, as the snap and nodes use
 * it) into its CAIP-2 id: `0x534e5f5345504f4c4941` → `starknet:SN_SEPOLIA`.
 *
 * @param chainId - A hex chain id, any case.
 * @returns The CAIP-2 chain id.
 * @throws {InvalidParamsError} -32602 when not the hex of a CAIP-2 reference.
 */
export function fromStarknetChainId(chainId: string): CaipChainId {
  // Decoded by hand: @metamask/utils' hex module would bring lodash and keccak along.
  const digits = HEX_FELT_PATTERN.test(chainId) ? chainId.slice(2) : '';
  const bytes = (digits.length % 2 ? `0${digits}` : digits).match(/../gu) ?? [];
  const reference = String.fromCharCode(
    ...bytes.map((byte) => parseInt(byte, 16)),
  );
  if (!isCaipReference(reference)) {
    refuse(chainId, 'is not a hex Starknet chain id', 'chainId');
  }
  return toCaipChainId(STARKNET_NAMESPACE, reference);
}

/**
 * Turns a Starknet CAIP-2 id into the hex chain id of the snap and nodes:
 * `starknet:SN_MAIN` → `0x534e5f4d41494e`.
 *
 * @param caipChainId - A `starknet:` CAIP-2 chain id.
 * @returns The lowercase hex chain id.
 * @throws {InvalidParamsError} -32602 when it is not a Starknet CAIP-2 id.
 */
export function toStarknetChainId(caipChainId: string): string {
  const { namespace, reference } = isCaipChainId(caipChainId)
    ? parseCaipChainId(caipChainId)
    : { namespace: '', reference: '' };
  if (namespace !== STARKNET_NAMESPACE) {
    refuse(caipChainId, 'is not a Starknet CAIP-2 chain id', 'chainId');
  }
  return `0x${[...reference]
    .map((char) => char.charCodeAt(0).toString(16).padStart(2, '0'))
    .join('')}`;
}

/**
 * Normalizes a Starknet address to 0x + 64 lowercase hex digits, so an account always
 * has the same CAIP-10 id.
 *
 * @param address - A hex address, padded or not.
 * @returns The normalized address.
 * @throws {InvalidParamsError} -32602 when not hex or not below 2^251 - 256.
 */
export function normalizeStarknetAddress(address: string): string {
  if (
    !HEX_FELT_PATTERN.test(address) ||
    parseFelt(address, ADDRESS_BOUND) === undefined
  ) {
    refuse(address, 'is not a Starknet address', 'address');
  }
  return toFelt64(address);
}

/**
 * Builds the CAIP-10 id of a Starknet account, e.g. for a scope's `accounts`.
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
  return forAccountId((): CaipAccountId => {
    const chainId = isCaipChainId(chain) ? toStarknetChainId(chain) : chain;
    const { reference } = parseCaipChainId(fromStarknetChainId(chainId));
    return toCaipAccountId(
      STARKNET_NAMESPACE,
      reference,
      normalizeStarknetAddress(address),
    );
  });
}

/** A Starknet account as the snap API addresses it. */
export type StarknetAccount = {
  /** E.g. `starknet:SN_SEPOLIA`. */
  caipChainId: CaipChainId;
  /** E.g. `0x534e5f5345504f4c4941`. */
  chainId: string;
  /** 0x + 64 lowercase hex digits. */
  address: string;
};

/**
 * Reads a Starknet CAIP-10 id back into what the snap API takes.
 *
 * @param accountId - A `starknet:` CAIP-10 account id.
 * @returns The CAIP-2 chain id, hex chain id and normalized address.
 * @throws {InvalidParamsError} -32602 when it is not a Starknet account id.
 */
export function parseStarknetAccountId(accountId: string): StarknetAccount {
  if (!isCaipAccountId(accountId)) {
    refuse(accountId, 'is not a CAIP-10 account id', 'accountId');
  }
  const { chainId: caipChainId, address } = parseCaipAccountId(accountId);
  return forAccountId(() => ({
    caipChainId,
    chainId: toStarknetChainId(caipChainId),
    address: normalizeStarknetAddress(address),
  }));
}
