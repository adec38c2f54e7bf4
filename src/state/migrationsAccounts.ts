/**
 * The migration steps of the snap's accounts: the current account and node URLs (v4),
 * keyring accounts (v5), per-page grants (v7) and forgetting silently stored accounts
 * (v8). Kept apart from the data steps (migrationsData.ts) and from the ordered list
 * and its runner (migrations.ts), which uses them.
 */
import { is } from '@metamask/superstruct';
import type { Json } from '@metamask/utils';
import { isObject } from '@metamask/utils';

import type { StoredState } from './types';
import { AccountRecordStruct } from './types';

/**
 * Version 4: a current account per network, and the user's node URLs. Wallets that
 * already have accounts keep seeing the account they saw so far (the lowest index)
 * as current, even if a lower index is created later; no node URL is set, so the
 * build-time nodes stay in use.
 * Exported for MIGRATIONS (migrations.ts), which runs the steps in order.
 *
 * @param state - A state of an earlier version.
 * @returns The state with `currentAccounts` and `nodeUrls`.
 */
export function addCurrentAccounts(state: StoredState): StoredState {
  // Either already there (a state without a version, e.g. seeded with node URLs only):
  // the user's choices stay, each on its own.
  const nodeUrls = isObject(state.nodeUrls) ? state.nodeUrls : {};
  if (isObject(state.currentAccounts)) {
    return { ...state, nodeUrls };
  }
  const currentAccounts: Record<string, string> = {};
  const stored = isObject(state.accounts) ? state.accounts : {};
  for (const [chainId, list] of Object.entries(stored)) {
    const lowest = (Array.isArray(list) ? list : [])
      .filter((record) => is(record, AccountRecordStruct))
      .sort((a, b) => a.addressIndex - b.addressIndex)[0];
    if (lowest) {
      currentAccounts[chainId] = lowest.address;
    }
  }
  return { ...state, currentAccounts, nodeUrls };
}

/**
 * Version 5: keyring accounts (the accounts shown in MetaMask for the Multichain API).
 * Nothing was shown before, so the registry starts empty; a version-less state that
 * already has one (a fresh install of an unversioned store) keeps it.
 * Exported for MIGRATIONS (migrations.ts), which runs the steps in order.
 *
 * @param state - A version 4 state.
 * @returns The state with a `keyringAccounts` object.
 */
export function addKeyringAccounts(state: StoredState): StoredState {
  return isObject(state.keyringAccounts)
    ? state
    : { ...state, keyringAccounts: {} };
}

/**
 * Version 7: accounts per page. No page has a grant yet, so a page that used the snap
 * before meets the connect dialog once; every stored account counts as the user's
 * (none is unconfirmed). Nothing stored is dropped; a state already holding either
 * field keeps it.
 * Exported for MIGRATIONS (migrations.ts), which runs the steps in order.
 *
 * @param state - A version 6 state.
 * @returns The state with empty `grants` and `unconfirmedAccounts`.
 */
export function addGrants(state: StoredState): StoredState {
  return {
    ...state,
    grants: isObject(state.grants) ? state.grants : {},
    unconfirmedAccounts: isObject(state.unconfirmedAccounts)
      ? state.unconfirmedAccounts
      : {},
  };
}

/**
 * The addresses in a stored list of strings (anything else dropped).
 *
 * @param value - A stored value.
 * @returns Its strings.
 */
function stringsOf(value: Json | undefined): string[] {
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : [];
}

/**
 * Version 8: a page no longer stores accounts without the user. Accounts a page stored
 * silently and never used (`unconfirmedAccounts`) are forgotten: taken off the
 * network's list, every page's grants and the current choice. They were never used,
 * so nothing is lost (their records stay; recoverAccounts finds them again), and they
 * no longer count toward the index or account limits.
 * Exported for MIGRATIONS (migrations.ts), which runs the steps in order.
 *
 * @param state - A version 7 state.
 * @returns The state without silent accounts and without `unconfirmedAccounts`.
 */
export function forgetSilentAccounts(state: StoredState): StoredState {
  const { unconfirmedAccounts, ...rest } = state;
  if (
    !isObject(unconfirmedAccounts) ||
    Object.keys(unconfirmedAccounts).length === 0
  ) {
    return rest;
  }
  const silent = unconfirmedAccounts;
  const accounts = isObject(rest.accounts) ? { ...rest.accounts } : {};
  const grants = isObject(rest.grants) ? { ...rest.grants } : {};
  const current = isObject(rest.currentAccounts)
    ? { ...rest.currentAccounts }
    : {};
  for (const [chainId, list] of Object.entries(silent)) {
    const gone = new Set(stringsOf(list));
    const stored = accounts[chainId];
    if (Array.isArray(stored)) {
      accounts[chainId] = stored.filter(
        (item) =>
          !(
            isObject(item) &&
            typeof item.address === 'string' &&
            gone.has(item.address)
          ),
      );
    }
    for (const [origin, byChain] of Object.entries(grants)) {
      if (isObject(byChain) && Array.isArray(byChain[chainId])) {
        grants[origin] = {
          ...byChain,
          [chainId]: stringsOf(byChain[chainId]).filter((a) => !gone.has(a)),
        };
      }
    }
    const chosen = current[chainId];
    if (typeof chosen === 'string' && gone.has(chosen)) {
      delete current[chainId];
    }
  }
  return { ...rest, accounts, grants, currentAccounts: current };
}
