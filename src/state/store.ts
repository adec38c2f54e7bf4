import { assert } from '@metamask/superstruct';
import type { Json } from '@metamask/utils';
import { isObject } from '@metamask/utils';

import { DEFAULT_CHAIN_ID } from '../api/chains';
import { isLocked, lockedOnce } from './lock';
import { migrateState } from './migrations';
import { pruneDamaged } from './prune';
import { oneWrite, trackChanges } from './tracking';
import type { MigrationEnv, SnapState, Store, StoredState } from './types';
import { SnapStateStruct } from './types';

/**
 * Schema version of {@link SnapState}; migrations (src/state/migrations.ts, run on any
 * load of an older state, and written by onUpdate or the next update) bump it.
 */
export const STATE_VERSION = 8;

/**
 * The state a fresh install behaves as if it had. Returned on read when nothing is
 * stored yet, and never written just because it was read.
 *
 * @returns A new default state.
 */
export function defaultState(): SnapState {
  return {
    version: STATE_VERSION,
    currentNetwork: DEFAULT_CHAIN_ID,
    accounts: {},
    tokens: {},
    transactions: {},
    currentAccounts: {},
    nodeUrls: {},
    paymasterUrls: {},
    abiCache: {},
    tokenCache: {},
    keyringAccounts: {},
    grants: {},
    pageNetworks: {},
    selectedAccounts: [],
    keyringBalances: {},
  };
}

// Store and StoredState live in types.ts (migrations and records use them too): kept
// importable from here.
export type { Store, StoredState } from './types';

/**
 * Merges stored state over the defaults, field by field, so a state written partially
 * or damaged still reads as a complete {@link SnapState}. A damaged list entry (an
 * account, token or transaction record) is dropped alone (prune.ts); a field still
 * refused falls back to its default rather than crashing every request. Generic over
 * the fields of {@link SnapStateStruct}: a new field needs a struct entry and a
 * default, nothing here.
 *
 * @param stored - What the wallet returned.
 * @returns A complete state.
 */
function withDefaults(stored: StoredState | null): SnapState {
  const merged: Record<string, unknown> = { ...defaultState(), ...stored };
  // One pass over the state when it is sound (always, but for damage or an old shape).
  if (SnapStateStruct.is(merged)) {
    return merged;
  }
  const defaults: Record<string, unknown> = defaultState();
  for (const [field, struct] of Object.entries(SnapStateStruct.schema)) {
    const pruned = pruneDamaged(merged[field], struct);
    merged[field] = struct.is(pruned) ? pruned : defaults[field];
  }
  assert(merged, SnapStateStruct);
  return merged;
}

/**
 * Reads the whole stored state.
 *
 * @returns It, or null on a fresh install.
 */
async function getStored(): Promise<StoredState | null> {
  const stored = await snap.request({ method: 'snap_getState', params: {} });
  return typeof stored === 'object' && stored !== null && !Array.isArray(stored)
    ? stored
    : null;
}

/**
 * Loads the state: migrated (with `env`), defaults merged, damage dropped.
 *
 * @param env - What migrations need; without it, no migration.
 * @returns The state, and whether its next write must be whole: a migrated state, and
 * a state with no version yet (a fresh install), so that the stored state always says
 * which version it is.
 */
async function load(
  env: MigrationEnv | undefined,
): Promise<{ state: SnapState; whole: boolean }> {
  const stored = await getStored();
  const current = env ? migrateState(stored, env) : stored;
  return {
    state: withDefaults(current),
    whole: current !== stored || !isObject(stored) || !('version' in stored),
  };
}

/** A load: the state and whether its next write must be whole. */
type Loaded = Awaited<ReturnType<typeof load>>;

/**
 * A copy of a load, for a caller that may change it: the state is JSON.
 *
 * @param loaded - The load.
 * @returns A copy that shares nothing with it.
 */
function copyOf(loaded: Loaded): Loaded {
  const state: SnapState = JSON.parse(JSON.stringify(loaded.state));
  return { state, whole: loaded.whole };
}

/**
 * The last load of the state, kept until the next write or until MetaMask is found
 * locked (see {@link createStore}).
 *
 * @param env - What migrations need.
 * @returns `current()` (a copy of the kept load, or a new load) and `write()` (asks
 * the wallet to write; given the whole state as it is once written, keeps it).
 */
function keptLoads(env: MigrationEnv | undefined): {
  current: (locked: () => Promise<boolean>) => Promise<Loaded>;
  write: (
    params: { key?: string; value: Json },
    now?: SnapState,
  ) => Promise<void>;
} {
  /** Writes asked of the wallet so far: a load is current while this is unchanged. */
  let writes = 0;
  let kept: { at: number; loaded: Loaded } | undefined;
  const hit = (): Loaded | undefined =>
    kept?.at === writes ? copyOf(kept.loaded) : undefined;
  // Locked: what MetaMask would ask the password for is not answered from memory.
  // Whatever is kept by then is dropped, even one kept while asking: always safe.
  const forget = (): void => {
    kept = undefined;
  };
  const keep = (at: number, loaded: Loaded): void => {
    // A load that overlapped a write may hold either side of it: not kept.
    if (at === writes) {
      kept = { at, loaded: copyOf(loaded) };
    }
  };
  return {
    async current(locked): Promise<Loaded> {
      if (kept !== undefined && (await locked())) {
        forget();
      }
      const cached = hit();
      if (cached) {
        return cached;
      }
      const at = writes;
      const loaded = await load(env);
      keep(at, loaded);
      return loaded;
    },
    async write(params, now): Promise<void> {
      try {
        await snap.request({ method: 'snap_setState', params });
      } catch (error) {
        writes += 1;
        kept = undefined;
        throw error;
      }
      writes += 1;
      kept = now && {
        at: writes,
        loaded: copyOf({ state: now, whole: false }),
      };
    },
  };
}

/**
 * Creates the store. Its write queue is the one piece of state shared between
 * requests, on purpose: it is what serializes read-modify-write cycles.
 *
 * With `env`, a state of an older version (or none) is migrated on every load, not
 * only by onUpdate: a request never sees an old shape, even if onUpdate did not run or
 * failed. A read does not write; the first update writes the migrated state whole, in
 * one write.
 *
 * The last load is kept until the next write (and an update's own write keeps the
 * state it wrote), and reads and updates get a copy of it instead of asking the wallet
 * again: every write of the snap's state goes through this store, so nothing else can
 * have changed it. Asking and checking the state cost a request
 * 3–5 ms (a wallet round trip and the check of every stored record), paid twice by a
 * request that reads and then updates. A load that overlapped a write is not kept.
 * MetaMask keeps the snap running when it locks, so before answering from what is kept
 * the store asks `snap_getClientStatus` (one wallet round trip, no state read or check)
 * and, locked, drops it: the read goes to `snap_getState`, which waits for the password.
 * `forRequest()` gives one request a view of the same store (same kept load, same
 * queue) that asks the status until it is unlocked once, not before every read: a
 * request read the state two or three times (its context, page access, its update).
 *
 * @param env - What migrations need from the layers above (src/index.ts gives it);
 * without it, loads do not migrate.
 * @returns The store.
 */
export function createStore(env?: MigrationEnv): Store {
  let queue: Promise<unknown> = Promise.resolve();
  const enqueue = async <Result>(
    run: () => Promise<Result>,
  ): Promise<Result> => {
    const next = queue.then(run, run);
    queue = next.catch(() => undefined);
    return next;
  };
  const loads = keptLoads(env);
  const view = (locked: () => Promise<boolean>): Store => ({
    read: async () => (await loads.current(locked)).state,
    async update<Result>(
      mutate: (state: SnapState) => Result | Promise<Result>,
    ): Promise<Result> {
      return enqueue(async () => {
        // A fresh object on every load, so it can be mutated freely.
        const { state, whole } = await loads.current(locked);
        const { draft, changes } = trackChanges(state);
        const result = await mutate(draft);
        // One write per update, so an interrupted update leaves the old state whole.
        const write = whole
          ? { path: [], value: state }
          : oneWrite(changes(), state);
        if (write) {
          // What is stored now is this state: kept, so the next load needs no read.
          await loads.write(
            write.path.length === 0
              ? { value: state }
              : { key: write.path.join('.'), value: write.value },
            state,
          );
        }
        return result;
      });
    },
    async rewriteStored(
      rewrite: (stored: StoredState | null) => StoredState | null,
    ): Promise<void> {
      return enqueue(async () => {
        const stored = await getStored();
        const rewritten = rewrite(stored);
        if (
          rewritten !== null &&
          JSON.stringify(rewritten) !== JSON.stringify(stored)
        ) {
          await loads.write({ value: rewritten });
        }
      });
    },
    forRequest: () => view(lockedOnce()),
  });
  return view(isLocked);
}
