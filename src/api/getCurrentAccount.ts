import type { Infer } from '@metamask/superstruct';
import { boolean, nullable, object, optional } from '@metamask/superstruct';

import { ChainIdStruct } from './common';
import { AccountStruct } from './listAccounts';

/**
 * `snapnet_getCurrentAccount`: the network whose current account to return, and
 * whether to create the account of index 0 when the wallet has none there yet.
 * Creating is opt-in so that a plain read never writes state; the wallet-API adapter
 * passes `create: true` for `wallet_requestAccounts`, which must answer with an
 * account. Creating derives and stores the account only: no deployment, no dialog
 * (as `snapnet_createAccount` without `deploy`).
 */
export const GetCurrentAccountParamsStruct = object({
  chainId: optional(ChainIdStruct),
  create: optional(boolean()),
});
export type GetCurrentAccountParams = Infer<
  typeof GetCurrentAccountParamsStruct
>;

/**
 * The current account of the network (the `snapnet_listAccounts` record): the one the
 * user chose, else the lowest-index account. Null when the wallet has no account on
 * that network and `create` was not set.
 */
export const GetCurrentAccountResultStruct = nullable(AccountStruct);
export type GetCurrentAccountResult = Infer<
  typeof GetCurrentAccountResultStruct
>;
