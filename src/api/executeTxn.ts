import type { Infer } from '@metamask/superstruct';
import {
  array,
  assign,
  object,
  optional,
  record,
  string,
  union,
  unknown,
} from '@metamask/superstruct';

import { ChainIdStruct } from './common';
import { AddressStruct } from './felt';
import { CallsStruct, TransactionDetailsStruct } from './transaction';

/**
 * ABIs used to show call arguments by name: one ABI (array) for every call, or a
 * record from contract address to its ABI.
 */
export const AbisStruct = union([
  array(unknown()),
  record(string(), array(unknown())),
]);

/**
 * executeTxn's details: those of every V3 transaction, plus `feeToken`, the ERC-20 the
 * fee is paid in through the network's SNIP-29 paymaster (absent or STRK: a normal
 * send paying STRK).
 */
export const ExecuteTxnDetailsStruct = assign(
  TransactionDetailsStruct,
  object({ feeToken: optional(AddressStruct) }),
);
export type ExecuteTxnDetails = Infer<typeof ExecuteTxnDetailsStruct>;

/** `snapnet_executeTxn`: sender, calls and optional details (V3). */
export const ExecuteTxnParamsStruct = object({
  address: AddressStruct,
  calls: CallsStruct,
  details: optional(ExecuteTxnDetailsStruct),
  abis: optional(AbisStruct),
  chainId: optional(ChainIdStruct),
});
export type ExecuteTxnParams = Infer<typeof ExecuteTxnParamsStruct>;

/** The invoke transaction hash. */
export const ExecuteTxnResultStruct = object({
  transaction_hash: string(),
});
export type ExecuteTxnResult = Infer<typeof ExecuteTxnResultStruct>;
