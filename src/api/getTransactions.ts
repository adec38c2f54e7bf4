import type { Infer } from '@metamask/superstruct';
import {
  array,
  boolean,
  literal,
  object,
  optional,
  refine,
  integer,
  union,
} from '@metamask/superstruct';

import { TransactionRecordStruct } from '../state/types';
import { ChainIdStruct } from './common';
import { AddressStruct } from './felt';

/** `snapnet_getTransactions` (also answered as `snapnet_getTransaction`). */
export const GetTransactionsParamsStruct = object({
  senderAddress: AddressStruct,
  contractAddress: optional(AddressStruct),
  pageSize: optional(union([literal(10), literal(25), literal(50)])),
  txnsInLastNumOfDays: optional(
    refine(integer(), 'Days', (value) =>
      value >= 1 && value <= 365 ? true : 'Expected 1 to 365 days',
    ),
  ),
  withDeployTxn: optional(boolean()),
  onlyFromState: optional(boolean()),
  chainId: optional(ChainIdStruct),
});
export type GetTransactionsParams = Infer<typeof GetTransactionsParamsStruct>;

/** Transaction records, newest first. */
export const GetTransactionsResultStruct = array(TransactionRecordStruct);
export type GetTransactionsResult = Infer<typeof GetTransactionsResultStruct>;
