import type { Infer } from '@metamask/superstruct';
import { enums, object, optional, string } from '@metamask/superstruct';

import { ChainIdStruct } from './common';
import { HexFeltStruct } from './felt';

/**
 * `snapnet_replaceTransaction`: one of the snap's sends still in the node's mempool,
 * sent again at the same nonce with a higher tip and L2 price (`speedUp`, same calls),
 * or replaced by a transfer of 0 STRK to the account itself (`cancel`).
 */
export const ReplaceTransactionParamsStruct = object({
  txnHash: HexFeltStruct,
  chainId: optional(ChainIdStruct),
  mode: enums(['speedUp', 'cancel']),
});
export type ReplaceTransactionParams = Infer<
  typeof ReplaceTransactionParamsStruct
>;

/** The replacement's hash. */
export const ReplaceTransactionResultStruct = object({
  transaction_hash: string(),
});
export type ReplaceTransactionResult = Infer<
  typeof ReplaceTransactionResultStruct
>;
