import type { Infer } from '@metamask/superstruct';
import { assign, object, optional } from '@metamask/superstruct';

import { ChainIdStruct } from './common';
import { AddressStruct, HexFeltStruct } from './felt';
import { SignatureStruct, TransactionDetailsStruct } from './transaction';

/** Declare details: the transaction details plus the class hashes being declared. */
export const DeclareDetailsStruct = assign(
  TransactionDetailsStruct,
  object({
    classHash: HexFeltStruct,
    compiledClassHash: optional(HexFeltStruct),
  }),
);

/** `snapnet_signDeclareTransaction`: sender (`address` or `senderAddress`) and details. */
export const SignDeclareTransactionParamsStruct = object({
  address: optional(AddressStruct),
  senderAddress: optional(AddressStruct),
  chainId: optional(ChainIdStruct),
  details: DeclareDetailsStruct,
});
export type SignDeclareTransactionParams = Infer<
  typeof SignDeclareTransactionParamsStruct
>;

/** `{ signature: [r, s] }` over the declare transaction hash. */
export const SignDeclareTransactionResultStruct = object({
  signature: SignatureStruct,
});
export type SignDeclareTransactionResult = Infer<
  typeof SignDeclareTransactionResultStruct
>;
