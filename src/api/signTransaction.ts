import type { Infer } from '@metamask/superstruct';
import { object, optional } from '@metamask/superstruct';

import { ChainIdStruct } from './common';
import { AddressStruct } from './felt';
import {
  CallsStruct,
  SignatureStruct,
  TransactionDetailsStruct,
} from './transaction';

/**
 * `snapnet_signTransaction`: the sender (as `address`, or `senderAddress` as the
 * interface's sample sends it), the calls and the details to sign.
 */
export const SignTransactionParamsStruct = object({
  address: optional(AddressStruct),
  senderAddress: optional(AddressStruct),
  chainId: optional(ChainIdStruct),
  transactions: CallsStruct,
  transactionsDetail: optional(TransactionDetailsStruct),
});
export type SignTransactionParams = Infer<typeof SignTransactionParamsStruct>;

/** `[r, s]` over the invoke transaction hash. */
export const SignTransactionResultStruct = SignatureStruct;
export type SignTransactionResult = Infer<typeof SignTransactionResultStruct>;
