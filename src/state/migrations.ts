/**
 * The ordered schema migrations of the stored state and their runner; the steps live in
 * migrationsData.ts (tokens, records, caches) and migrationsAccounts.ts (accounts).
 */
import {
  addCurrentAccounts,
  addGrants,
  addKeyringAccounts,
  forgetSilentAccounts,
} from './migrationsAccounts';
import {
  abiCachePerChain,
  groupRecordsByAccount,
  normalizeTokenLists,
} from './migrationsData';
import type { MigrationEnv, Store, StoredState } from './types';

// The cache bound moved with its step to migrationsData.ts; kept importable from here.
export { TOKEN_CACHE_LIMIT } from './migrationsData';

/** One schema change: turns a state of the previous version into this one. */
export type Migration = {
  /** The version a state has after this step. */
  version: number;
  migrate: (state: StoredState, env: MigrationEnv) => StoredState;
};

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
