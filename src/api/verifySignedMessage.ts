import type { Infer } from '@metamask/superstruct';
import {
  array,
  boolean,
  object,
  optional,
  string,
  union,
} from '@metamask/superstruct';

import { ChainIdStruct } from './common';
import { AddressStruct } from './felt';
import { TypedDataInputStruct } from './signMessage';

/**
 * `snapnet_verifySignedMessage`: the original typed data, the signer, and the
 * signature as signMessage returns it, a JSON array string, or an `[r, s]` array.
 */
export const VerifySignedMessageParamsStruct = object({
  typedDataMessage: TypedDataInputStruct,
  address: AddressStruct,
  signature: union([string(), array(string())]),
  chainId: optional(ChainIdStruct),
});
export type VerifySignedMessageParams = Infer<
  typeof VerifySignedMessageParamsStruct
>;

/** True when the signature is valid for that account. */
export const VerifySignedMessageResultStruct = boolean();
export type VerifySignedMessageResult = Infer<
  typeof VerifySignedMessageResultStruct
>;
