import type { Infer } from '@metamask/superstruct';
import {
  array,
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

/** `snapnet_executeTxn`: sender, calls and optional details (V3). */
export const ExecuteTxnParamsStruct = object({
  address: AddressStruct,
  calls: CallsStruct,
  details: optional(TransactionDetailsStruct),
  abis: optional(AbisStruct),
  chainId: optional(ChainIdStruct),
});
export type ExecuteTxnParams = Infer<typeof ExecuteTxnParamsStruct>;

/** The invoke transaction hash. */
export const ExecuteTxnResultStruct = object({
  transaction_hash: string(),
});
export type ExecuteTxnResult = Infer<typeof ExecuteTxnResultStruct>;
