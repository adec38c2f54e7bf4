import { is } from '@metamask/superstruct';
import type { Json } from '@metamask/utils';
import { isObject } from '@metamask/utils';

import { TokenAddressStruct } from '../api/addErc20Token';
import { toFelt64 } from '../starknet/address';
import { isPreloaded } from '../starknet/watchList';
import type { Store } from './store';
import type { TokenRecord } from './types';
import { AccountRecordStruct, TokenRecordStruct } from './types';

/** The state as `snap_manageState` holds it, before defaults are merged. */
type StoredState = Record<string, Json>;

/** One schema change: turns a state of the previous version into this one. */
export type Migration = {
  /** The version a state has after this step. */
  version: number;
  migrate: (state: StoredState) => StoredState;
};

/**
 * Version 2: watch lists hold only tokens the user added, each once, under its
 * normalized address (`0x` + 64 digits) and its lower-case chain id. The snap now
 * compares addresses as strings and lists the preloaded tokens itself, so a stored
 * copy of a preloaded token, a duplicate or an unreadable record is dropped; an
 * unreadable record would otherwise make the whole list read as empty.
 *
 * @param state - A version 1 state.
 * @returns The state with its token lists cleaned.
 */
function normalizeTokenLists(state: StoredState): StoredState {
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
        isPreloaded(chainId, address) ||
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
 * Version 4: a current account per network, and the user's node URLs. (Version 3 is
 * the per-account grouping of transaction records, on the state branch.) Wallets that
 * already have accounts keep seeing the account they saw so far (the lowest index)
 * as current, even if a lower index is created later; no node URL is set, so the
 * build-time nodes stay in use.
 *
 * @param state - A state of an earlier version.
 * @returns The state with `currentAccounts` and `nodeUrls`.
 */
function addCurrentAccounts(state: StoredState): StoredState {
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
  return { ...state, currentAccounts, nodeUrls: {} };
}

/**
 * Every schema change since version 1 (the first), in order. The last step's version
 * is `STATE_VERSION`; a unit test keeps the two in step.
 */
export const MIGRATIONS: readonly Migration[] = [
  { version: 2, migrate: normalizeTokenLists },
  { version: 4, migrate: addCurrentAccounts },
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
 * @param stored - What `snap_manageState` holds (null on a fresh install).
 * @returns The migrated state; null (nothing to write) for a fresh install.
 */
export function migrateState(stored: StoredState | null): StoredState | null {
  if (stored === null) {
    return null;
  }
  const from = versionOf(stored);
  return MIGRATIONS.filter((step) => step.version > from).reduce<StoredState>(
    (state, step) => ({ ...step.migrate(state), version: step.version }),
    stored,
  );
}

/**
 * Runs the migrations on the stored state, from `onUpdate` only: ordinary requests
 * never migrate, so a request cannot race a half-written schema change. Writes only
 * when something changed.
 *
 * @param store - The state store.
 */
export async function runMigrations(store: Store): Promise<void> {
  await store.rewriteStored(migrateState);
}
