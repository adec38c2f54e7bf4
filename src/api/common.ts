import {
  coerce,
  integer,
  object,
  optional,
  refine,
  string,
} from '@metamask/superstruct';

/**
 * `0x` and hex digits. A regex rather than @metamask/utils' `isStrictHexString`: its hex
 * module brings lodash and noble hashes into every dapp bundle of `snapnet/client`.
 */
const HEX_PATTERN = /^0x[0-9a-f]+$/iu;

/** A chain id in hex (lowercased); whether the snap serves it is checked separately. */
export const ChainIdStruct = coerce(
  refine(string(), 'ChainId', (value) => {
    return (
      HEX_PATTERN.test(value) ||
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
