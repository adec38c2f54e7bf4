import type { Infer, Struct } from '@metamask/superstruct';
import {
  array,
  boolean,
  enums,
  integer,
  literal,
  object,
  optional,
  refine,
  size,
  string,
  union,
} from '@metamask/superstruct';

import { AddressStruct, FeltStruct, parseFelt } from './felt';

/** A felt given as a string, or a non-negative safe integer (nonces, tips). */
export const FeltishStruct = union([
  FeltStruct,
  refine(integer(), 'UnsignedInteger', (value) =>
    value >= 0 ? true : 'Expected a non-negative integer',
  ),
]);

/** A contract call (starknet.js `Call` shape; starknet.md "Shapes the interface leaves open"). */
export const CallStruct = object({
  contractAddress: AddressStruct,
  entrypoint: size(string(), 1, 256),
  calldata: optional(array(FeltStruct)),
});
export type Call = Infer<typeof CallStruct>;

/** Calls of one transaction: at least one, at most a sane number for a dialog. */
export const CallsStruct = size(array(CallStruct), 1, 100);

/**
 * An unsigned integer of the protocol's width for the field (u64 amounts and tip, u128
 * prices). Checked at the door: a wider value would wrap when packed into the signed
 * hash (`amount << 128 | price`) while the dialog showed the fee of the unwrapped one.
 *
 * @param bits - The width.
 * @returns The struct.
 */
const uint = (bits: number): Struct<string | number, null> =>
  refine(
    FeltishStruct,
    'Uint',
    (value) =>
      parseFelt(value, 2n ** BigInt(bits)) !== undefined ||
      `Expected a u${bits} (below 2^${bits})`,
  );

const ResourceBoundStruct = object({
  max_amount: uint(64),
  max_price_per_unit: uint(128),
});

/** V3 resource bounds in the RPC's own shape. */
export const ResourceBoundsStruct = object({
  l1_gas: ResourceBoundStruct,
  l2_gas: ResourceBoundStruct,
  l1_data_gas: ResourceBoundStruct,
});
export type ResourceBounds = Infer<typeof ResourceBoundsStruct>;

/** Transaction version: only V3 is accepted by the network now. */
export const VersionStruct = union([
  literal(3),
  literal('3'),
  literal('0x3'),
  literal('0x03'),
]);

/** The transaction details object of interface.md, with the types starknet.js uses. */
export const TransactionDetailsStruct = object({
  nonce: optional(FeltishStruct),
  blockIdentifier: optional(union([string(), integer()])),
  maxFee: optional(FeltishStruct),
  tip: optional(uint(64)),
  paymasterData: optional(array(FeltStruct)),
  accountDeploymentData: optional(array(FeltStruct)),
  nonceDataAvailabilityMode: optional(enums(['L1', 'L2'])),
  feeDataAvailabilityMode: optional(enums(['L1', 'L2'])),
  version: optional(VersionStruct),
  resourceBounds: optional(ResourceBoundsStruct),
  skipValidate: optional(boolean()),
});
export type TransactionDetails = Infer<typeof TransactionDetailsStruct>;

/** A signature: `[r, s]` (or longer, for multisig accounts) as hex strings. */
export const SignatureStruct = array(string());
