import type { Infer } from '@metamask/superstruct';
import {
  object,
  optional,
  record,
  string,
  union,
  unknown,
} from '@metamask/superstruct';

import { ChainIdStruct } from './common';
import { AddressStruct } from './felt';

/** SNIP-12 typed data, as its JSON text or as the object itself. */
export const TypedDataInputStruct = union([
  string(),
  record(string(), unknown()),
]);

/** `snapnet_signMessage`: the typed data and the signing account. */
export const SignMessageParamsStruct = object({
  typedDataMessage: TypedDataInputStruct,
  signerAddress: AddressStruct,
  chainId: optional(ChainIdStruct),
});
export type SignMessageParams = Infer<typeof SignMessageParamsStruct>;

/** `0x` + r (64 hex digits) + s (64 hex digits). */
export const SignMessageResultStruct = string();
export type SignMessageResult = Infer<typeof SignMessageResultStruct>;
