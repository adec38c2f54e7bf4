import type { Json, JsonRpcParams } from '@metamask/utils';

import { KeyringAccountIdParamsStruct } from '../api/keyring';
import {
  GetAccountBalancesParamsStruct,
  SetSelectedAccountsParamsStruct,
} from '../api/keyringAssets';
import type { Services } from '../rpc/context';
import { createContext, USER_ORIGIN } from '../rpc/context';
import { parseParams } from '../rpc/params';
import { parseAssetType } from '../starknet/assets/assetIds';
import type { AssetBalance, AssetToken } from '../starknet/assets/holdings';
import {
  allListedAssets,
  knownAsset,
  readBalances,
} from '../starknet/assets/holdings';
import { registrationOf } from './accounts';

/**
 * `keyring_listAccountAssets` (and the v2 name `keyring_getAccountAssets`): the
 * tokens of the account on every network, as CAIP-19 asset types. The listed tokens
 * (the snap's own and those the user added), so no node read: a zero-balance token
 * nobody listed is never among them.
 *
 * @param services - The store.
 * @param raw - `{ id }`.
 * @returns The asset types, mainnet first.
 */
export async function listAccountAssets(
  services: Services,
  raw: JsonRpcParams | undefined,
): Promise<Json> {
  const { id } = parseParams(KeyringAccountIdParamsStruct, raw);
  const state = await services.store.read();
  registrationOf(state, id, 'id');
  return allListedAssets(state).map((token) => token.assetType);
}

/**
 * `keyring_getAccountBalances`: the account's balances of the assets asked, read in
 * one batch per network (the networks in parallel), in whole units as exact decimal
 * text with the symbol as unit. An asset the snap knows nothing of, or that the node
 * gave no answer for, is left out: no balance, never a made-up "0".
 *
 * @param services - Store and send lock.
 * @param raw - `{ id, assets }`.
 * @returns asset type → `{ amount, unit }`.
 */
export async function getAccountBalances(
  services: Services,
  raw: JsonRpcParams | undefined,
): Promise<Json> {
  const { id, assets } = parseParams(GetAccountBalancesParamsStruct, raw);
  const state = await services.store.read();
  const { address } = registrationOf(state, id, 'id');
  const byChain = new Map<string, AssetToken[]>();
  for (const asset of assets) {
    const parsed = parseAssetType(asset);
    const token = parsed && knownAsset(state, parsed.chainId, parsed.address);
    if (token) {
      byChain.set(token.chainId, [
        ...(byChain.get(token.chainId) ?? []),
        token,
      ]);
    }
  }
  const read = await Promise.all(
    [...byChain].map(async ([chainId, tokens]) => {
      const ctx = await createContext({
        origin: USER_ORIGIN,
        ...services,
        chainId,
        action: 'keyring_getAccountBalances',
      });
      return readBalances(ctx.node, [address], tokens);
    }),
  );
  const answer: Record<string, AssetBalance> = {};
  for (const balances of read) {
    for (const [asset, balance] of balances.get(address) ?? []) {
      answer[asset] = balance;
    }
  }
  return answer;
}

/**
 * `keyring_setSelectedAccounts`: the accounts selected in MetaMask; the background
 * refreshes those of them snapnet shows (ids of other keyrings are dropped).
 *
 * @param services - The store.
 * @param raw - `{ accounts }`.
 * @returns Null.
 */
export async function setSelectedAccounts(
  services: Services,
  raw: JsonRpcParams | undefined,
): Promise<Json> {
  const { accounts } = parseParams(SetSelectedAccountsParamsStruct, raw);
  await services.store.update((state) => {
    state.selectedAccounts = [...new Set(accounts)].filter(
      (id) => state.keyringAccounts[id] !== undefined,
    );
  });
  return null;
}
