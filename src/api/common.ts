import {
  coerce,
  integer,
  object,
  optional,
  refine,
  string,
} from '@metamask/superstruct';
import { isStrictHexString } from '@metamask/utils';

import { toFelt64 } from '../starknet/address';

/** Starknet's field prime: every felt is below it. */
export const FIELD_PRIME = 2n ** 251n + 17n * 2n ** 192n + 1n;

/** Contract addresses are below 2^251. */
export const ADDRESS_BOUND = 2n ** 251n;

const HEX_FELT = /^0x[0-9a-f]{1,64}$/iu;
const DECIMAL = /^[0-9]{1,78}$/u;

/**
 * Reads a felt written as 0x-hex or decimal.
 *
 * @param value - The string.
 * @returns Its value, or undefined when it is neither form.
 */
function parseFelt(value: string): bigint | undefined {
  if (HEX_FELT.test(value) || DECIMAL.test(value)) {
    return BigInt(value);
  }
  return undefined;
}

/**
 * A felt: a `0x` hex (up to 64 digits) or decimal string below the field prime. Used
 * for calldata and other values passed through to Starknet as given.
 */
export const FeltStruct = refine(string(), 'Felt', (value) => {
  const parsed = parseFelt(value);
  return (
    (parsed !== undefined && parsed < FIELD_PRIME) ||
    'Expected a felt: a 0x-prefixed hex or decimal string below the Starknet field prime'
  );
});

/**
 * A hex felt normalized to `0x` + 64 lowercase digits, e.g. a transaction hash or key.
 * Normalizing on the way in means state and node answers compare as plain strings.
 */
export const HexFeltStruct = coerce(
  refine(string(), 'HexFelt', (value) => {
    return (
      (HEX_FELT.test(value) && BigInt(value) < FIELD_PRIME) ||
      'Expected a 0x-prefixed hex felt (at most 64 hex digits, below the field prime)'
    );
  }),
  string(),
  (value) =>
    HEX_FELT.test(value) && BigInt(value) < FIELD_PRIME
      ? toFelt64(value)
      : value,
);

/** A Starknet contract address: 0x-hex below 2^251, normalized to 64 digits. */
export const AddressStruct = coerce(
  refine(string(), 'Address', (value) => {
    return (
      (HEX_FELT.test(value) && BigInt(value) < ADDRESS_BOUND) ||
      'Expected a Starknet address: 0x-prefixed hex below 2^251'
    );
  }),
  string(),
  (value) =>
    HEX_FELT.test(value) && BigInt(value) < ADDRESS_BOUND
      ? toFelt64(value)
      : value,
);

/** A chain id in hex (lowercased); whether the snap serves it is checked separately. */
export const ChainIdStruct = coerce(
  refine(string(), 'ChainId', (value) => {
    return (
      isStrictHexString(value) ||
      'Expected a hex chain id such as 0x534e5f5345504f4c4941'
    );
  }),
  string(),
  (value) => value.toLowerCase(),
);

/** A BIP-44 address index (non-hardened, so below 2^31). */
export const AddressIndexStruct = refine(
  integer(),
  'AddressIndex',
  (value) =>
    (value >= 0 && value < 2 ** 31) ||
    'Expected an address index between 0 and 2^31 - 1',
);

/** Params of methods whose only parameter is the optional network. */
export const ChainOnlyParamsStruct = object({
  chainId: optional(ChainIdStruct),
});

/** The network object of interface.md. */
export const NetworkStruct = object({
  name: string(),
  chainId: string(),
});
