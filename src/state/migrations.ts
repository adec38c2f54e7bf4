import { is } from '@metamask/superstruct';
import type { Json } from '@metamask/utils';
import { isObject } from '@metamask/utils';

import { TokenAddressStruct } from '../api/addErc20Token';
import { toFelt64 } from '../api/felt';
import { trimRecords } from './records';
import type {
  MigrationEnv,
  Store,
  StoredState,
  TokenRecord,
  TransactionRecord,
} from './types';
import {
  AccountRecordStruct,
  TokenRecordStruct,
  TransactionRecordStruct,
} from './types';

/** One schema change: turns a state of the previous version into this one. */
export type Migration = {
  /** The version a state has after this step. */
  version: number;
  migrate: (state: StoredState, env: MigrationEnv) => StoredState;
};

/**
 * Version 2: watch lists hold only tokens the user added, each once, under its
 * normalized address (`0x` + 64 digits) and its lower-case chain id. The snap now
 * compares addresses as strings and lists the preloaded tokens itself, so a stored
 * copy of a preloaded token, a duplicate or an unreadable record is dropped; an
 * unreadable record would otherwise make the whole list read as empty.
 *
 * @param state - A version 1 state.
 * @param env - What the snap knows of preloaded tokens.
 * @returns The state with its token lists cleaned.
 */
function normalizeTokenLists(
  state: StoredState,
  env: MigrationEnv,
): StoredState {
  const tokens: Record<string, TokenRecord[]> = {};
  const stored = isObject(state.tokens) ? state.tokens : {};
  for (const [rawChainId, list] of Object.entries(stored)) {
    const chainId = rawChainId.toLowerCase();
    const kept = tokens[chainId] ?? [];
    for (const record of Array.isArray(list) ? list : []) {
      if (
        !is(record, TokenRecordStruct) ||
        !is(record.address, TokenAddressStruct)
      ) {
        continue;
      }
      const address = toFelt64(record.address);
      if (
        env.isPreloaded(chainId, address) ||
        kept.some((token) => token.address === address)
      ) {
        continue;
      }
      kept.push({
        address,
        name: record.name,
        symbol: record.symbol,
        decimals: record.decimals,
        logo: record.logo,
      });
    }
    tokens[chainId] = kept;
  }
  return { ...state, tokens };
}

/**
 * Version 3: transaction records are kept per network and sending account
 * (`transactions[chainId][senderAddress]`), so that storing one record writes only that
 * account's list, and each list is trimmed to its unfinished records plus the newest
 * finished ones (records.ts). Unreadable records are dropped. Like every step, it
 * leaves a state already in its shape as it is (a state without a version may be
 * current: the v3 store did not write `version` on a fresh install).
 *
 * @param state - A version 2 state.
 * @returns The state with its records regrouped and trimmed.
 */
function groupRecordsByAccount(state: StoredState): StoredState {
  const stored = isObject(state.transactions) ? state.transactions : {};
  const grouped: Record<string, Record<string, TransactionRecord[]>> = {};
  for (const [rawChainId, list] of Object.entries(stored)) {
    const network = grouped[rawChainId.toLowerCase()] ?? {};
    grouped[rawChainId.toLowerCase()] = network;
    // A network already grouped (a state that lost its version) keeps its records.
    const records = isObject(list)
      ? Object.values(list).flatMap((items) =>
          Array.isArray(items) ? items : [],
        )
      : list;
    for (const record of Array.isArray(records) ? records : []) {
      if (is(record, TransactionRecordStruct)) {
        network[record.senderAddress] = [
          ...(network[record.senderAddress] ?? []),
          record,
        ];
      }
    }
  }
  const transactions = Object.fromEntries(
    Object.entries(grouped).map(([chainId, network]) => [
      chainId,
      Object.fromEntries(
        Object.entries(network).map(([sender, records]) => [
          sender,
          trimRecords(records),
        ]),
      ),
    ]),
  );
  return { ...state, transactions };
}

/**
 * Version 4: a current account per network, and the user's node URLs. Wallets that
 * already have accounts keep seeing the account they saw so far (the lowest index)
 * as current, even if a lower index is created later; no node URL is set, so the
 * build-time nodes stay in use.
 *
 * @param state - A state of an earlier version.
 * @returns The state with `currentAccounts` and `nodeUrls`.
 */
function addCurrentAccounts(state: StoredState): StoredState {
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
 *
 * @param state - A version 4 state.
 * @returns The state with a `keyringAccounts` object.
 */
function addKeyringAccounts(state: StoredState): StoredState {
  return isObject(state.keyringAccounts)
    ? state
    : { ...state, keyringAccounts: {} };
}

/** Most token metadata entries cached per network; the oldest go first. */
export const TOKEN_CACHE_LIMIT = 200;

/**
 * Version 6: the ABI cache is per network (`abiCache[chainId][classHash]`), so one
 * node's false answer for a class cannot relabel that class on another network. An
 * entry of the old shape (class hash → ABI) says nothing of the network it was read on,
 * so it is dropped and read again when needed; the token cache is cut to its bound.
 * A state already in this shape (a network's object, not an ABI list) keeps it.
 *
 * @param state - The stored state.
 * @returns The migrated state.
 */
function abiCachePerChain(state: StoredState): StoredState {
  const migrated = { ...state };
  if (isObject(state.abiCache)) {
    migrated.abiCache = Object.fromEntries(
      Object.entries(state.abiCache).filter(
        ([, entry]) => isObject(entry) && !Array.isArray(entry),
      ),
    );
  }
  if (isObject(state.tokenCache)) {
    migrated.tokenCache = Object.fromEntries(
      Object.entries(state.tokenCache).map(([chainId, entries]) => [
        chainId,
        isObject(entries)
          ? Object.fromEntries(
              Object.entries(entries).slice(-TOKEN_CACHE_LIMIT),
            )
          : {},
      ]),
    );
  }
  return migrated;
}

/**
 * Version 7: accounts per page. No page has a grant yet, so a page that used the snap
 * before meets the connect dialog once; every stored account counts as the user's
 * (none is unconfirmed). Nothing stored is dropped; a state already holding either
 * field keeps it.
 *
 * @param state - A version 6 state.
 * @returns The state with empty `grants` and `unconfirmedAccounts`.
 */
function addGrants(state: StoredState): StoredState {
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
 *
 * @param state - A version 7 state.
 * @returns The state without silent accounts and without `unconfirmedAccounts`.
 */
function forgetSilentAccounts(state: StoredState): StoredState {
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

/**
 * Every schema change since version 1 (the first), in order. The last step's version
 * is `STATE_VERSION`; a unit test keeps the two in step.
 */
export const MIGRATIONS: readonly Migration[] = [
  { version: 2, migrate: normalizeTokenLists },
  { version: 3, migrate: groupRecordsByAccount },
  { version: 4, migrate: addCurrentAccounts },
  { version: 5, migrate: addKeyringAccounts },
  { version: 6, migrate: abiCachePerChain },
  { version: 7, migrate: addGrants },
  { version: 8, migrate: forgetSilentAccounts },
];

/**
 * The schema version of a stored state; a state without one predates versioning.
 *
 * @param stored - The stored state.
 * @returns Its version, 0 when it has none.
 */
function versionOf(stored: StoredState): number {
  return typeof stored.version === 'number' && Number.isInteger(stored.version)
    ? stored.version
    : 0;
}

/**
 * Brings a stored state to the current version by running, in order, every step
 * newer than its version. Pure, so it can be tested on any old state.
 *
 * @param stored - What the wallet holds (null on a fresh install).
 * @param env - What migrations need from the layers above.
 * @returns The migrated state; null (nothing to write) for a fresh install.
 */
export function migrateState(
  stored: StoredState | null,
  env: MigrationEnv,
): StoredState | null {
  if (stored === null) {
    return null;
  }
  const from = versionOf(stored);
  return MIGRATIONS.filter((step) => step.version > from).reduce<StoredState>(
    (state, step) => ({ ...step.migrate(state, env), version: step.version }),
    stored,
  );
}

/**
 * Runs the migrations on the stored state and writes the result in one write, from
 * `onUpdate`. (Every load migrates too, in memory, see createStore; this makes it
 * stick without waiting for the next update.) Writes only when something changed.
 *
 * @param store - The state store.
 * @param env - What migrations need from the layers above.
 */
export async function runMigrations(
  store: Store,
  env: MigrationEnv,
): Promise<void> {
  await store.rewriteStored((stored) => migrateState(stored, env));
}
