import type { Infer } from '@metamask/superstruct';
import { object, optional, string } from '@metamask/superstruct';

import { ChainIdStruct } from './common';
import { HexFeltStruct } from './felt';

/** `snapnet_getTransactionStatus`: a transaction hash. */
export const GetTransactionStatusParamsStruct = object({
  transactionHash: HexFeltStruct,
  chainId: optional(ChainIdStruct),
});
export type GetTransactionStatusParams = Infer<
  typeof GetTransactionStatusParamsStruct
>;

/** The finality status (e.g. ACCEPTED_ON_L2), or REVERTED when execution reverted. */
export const GetTransactionStatusResultStruct = string();
export type GetTransactionStatusResult = Infer<
  typeof GetTransactionStatusResultStruct
>;
