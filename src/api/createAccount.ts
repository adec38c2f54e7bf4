import type { Infer } from '@metamask/superstruct';
import { boolean, object, optional, string } from '@metamask/superstruct';

import { AddressIndexStruct, ChainIdStruct } from './common';

/** `snapnet_createAccount`: which index (default: next unused) and whether to deploy. */
export const CreateAccountParamsStruct = object({
  addressIndex: optional(AddressIndexStruct),
  deploy: optional(boolean()),
  chainId: optional(ChainIdStruct),
});
export type CreateAccountParams = Infer<typeof CreateAccountParamsStruct>;

/** The account address, and the deploy transaction hash when one was sent. */
export const CreateAccountResultStruct = object({
  address: string(),
  transaction_hash: optional(string()),
});
export type CreateAccountResult = Infer<typeof CreateAccountResultStruct>;
