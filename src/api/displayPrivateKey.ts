import type { Infer } from '@metamask/superstruct';
import { literal, object, optional } from '@metamask/superstruct';

import { ChainIdStruct } from './common';
import { AddressStruct } from './felt';

/** `snapnet_displayPrivateKey`: which of this wallet's accounts. */
export const DisplayPrivateKeyParamsStruct = object({
  userAddress: AddressStruct,
  chainId: optional(ChainIdStruct),
});
export type DisplayPrivateKeyParams = Infer<
  typeof DisplayPrivateKeyParamsStruct
>;

/** Always null: the key is shown only inside the wallet's dialog. */
export const DisplayPrivateKeyResultStruct = literal(null);
export type DisplayPrivateKeyResult = Infer<
  typeof DisplayPrivateKeyResultStruct
>;
