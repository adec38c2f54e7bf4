import type { Infer } from '@metamask/superstruct';
import { object, optional, string } from '@metamask/superstruct';

import { ChainIdStruct } from './common';
import { AddressStruct } from './felt';

/** `snapnet_extractPublicKey`: one of this wallet's account addresses. */
export const ExtractPublicKeyParamsStruct = object({
  userAddress: AddressStruct,
  chainId: optional(ChainIdStruct),
});
export type ExtractPublicKeyParams = Infer<typeof ExtractPublicKeyParamsStruct>;

/** The key the deployed account holds, else the derived signer key. */
export const ExtractPublicKeyResultStruct = string();
export type ExtractPublicKeyResult = Infer<typeof ExtractPublicKeyResultStruct>;
