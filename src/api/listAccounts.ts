import type { Infer } from '@metamask/superstruct';
import { array, enums, integer, object, string } from '@metamask/superstruct';

import { ChainOnlyParamsStruct } from './common';

/** `snapnet_listAccounts`: the network whose known accounts to list. */
export const ListAccountsParamsStruct = ChainOnlyParamsStruct;
export type ListAccountsParams = Infer<typeof ListAccountsParamsStruct>;

/** An account the wallet knows (created or recovered), in index order. */
export const AccountStruct = object({
  address: string(),
  addressIndex: integer(),
  publicKey: string(),
  addressSalt: string(),
  deployTxnHash: string(),
  derivationPath: string(),
  chainId: string(),
  cairoVersion: enums(['0', '1']),
});
export type Account = Infer<typeof AccountStruct>;

export const ListAccountsResultStruct = array(AccountStruct);
export type ListAccountsResult = Infer<typeof ListAccountsResultStruct>;
