import type { Infer } from '@metamask/superstruct';
import {
  array,
  enums,
  integer,
  object,
  optional,
  string,
} from '@metamask/superstruct';

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
  /** Which formula derived the address: Argent Cairo 1, or the legacy Cairo 0 proxy. */
  cairoVersion: enums(['0', '1']),
  /**
   * The Argent version running at the address now (read on chain, pre-confirmed:
   * "0.2.3" for the Cairo 0 proxy, "0.3.1", "0.4.0"), or the one its deployment would
   * run; absent when the node could not be asked or the class is not Argent's.
   */
  accountVersion: optional(string()),
});
export type Account = Infer<typeof AccountStruct>;

export const ListAccountsResultStruct = array(AccountStruct);
export type ListAccountsResult = Infer<typeof ListAccountsResultStruct>;
