import type { Infer } from '@metamask/superstruct';
import { array, object, record, string, type } from '@metamask/superstruct';

import { UuidStruct } from './keyring';

/*
 * The keyring API's asset methods and events as MetaMask's Snap keyring sends and
 * checks them (`@metamask/keyring-api` rpc.ts, v2/api/keyring-snap-rpc.ts, events.ts,
 * api/balance.ts), written here for the reason api/keyring.ts gives: that package
 * pulls Node-only code into a snap bundle. The e2e suite checks every answer and event
 * against keyring-api's own structs.
 */

/**
 * `keyring_getAccountBalances`: the account and the assets MetaMask asks about. Any
 * string is taken: an asset type that is not a Starknet token of the snap's (CAIP-19
 * read by `starknet/assets/assetIds.ts`) simply gets no balance.
 */
export const GetAccountBalancesParamsStruct = type({
  id: UuidStruct,
  assets: array(string()),
});

/** `keyring_setSelectedAccounts`: the accounts selected in MetaMask, any keyring's. */
export const SetSelectedAccountsParamsStruct = type({
  accounts: array(string()),
});

/** A balance (`BalanceStruct`): whole units as an exact decimal string, the symbol. */
export const KeyringBalanceStruct = object({
  amount: string(),
  unit: string(),
});
export type KeyringBalance = Infer<typeof KeyringBalanceStruct>;

/** `notify:accountBalancesUpdated` params: account id → asset type → balance. */
export const BalancesUpdatedStruct = object({
  balances: record(string(), record(string(), KeyringBalanceStruct)),
});
export type BalancesUpdated = Infer<typeof BalancesUpdatedStruct>;

/** `notify:accountAssetListUpdated` params: account id → assets added and removed. */
export const AssetListUpdatedStruct = object({
  assets: record(
    string(),
    object({ added: array(string()), removed: array(string()) }),
  ),
});
export type AssetListUpdated = Infer<typeof AssetListUpdatedStruct>;
