import type { Infer } from '@metamask/superstruct';
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

import { AddressStruct, FeltStruct } from './felt';

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

const ResourceBoundStruct = object({
  max_amount: FeltishStruct,
  max_price_per_unit: FeltishStruct,
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
  tip: optional(FeltishStruct),
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
