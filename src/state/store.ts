import { is } from '@metamask/superstruct';
import type { Json } from '@metamask/utils';

import { DEFAULT_CHAIN_ID } from '../starknet/networks';
import type { SnapState } from './types';
import { SnapStateStruct } from './types';

/**
 * Schema version of {@link SnapState}; migrations (src/state/migrations.ts, run from
 * onUpdate) bump it.
 */
export const STATE_VERSION = 4;

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
  };
}

/**
 * Typed access to `snap_manageState`.
 *
 * - `read()` merges defaults into what is stored, without writing.
 * - `update(fn)` runs read-modify-write under one queue, so overlapping requests never
 *   lose each other's writes, and writes only when `fn` changed something.
 */
export type Store = {
  read(): Promise<SnapState>;
  update<Result>(
    mutate: (state: SnapState) => Result | Promise<Result>,
  ): Promise<Result>;
  /**
   * Rewrites the state exactly as stored (null when nothing is), before defaults are
   * merged, in the same queue as `update`. For migrations only (run from onUpdate):
   * they must see old shapes that `read()` would replace by defaults.
   */
  rewriteStored(
    rewrite: (
      stored: Record<string, Json> | null,
    ) => Record<string, Json> | null,
  ): Promise<void>;
  /**
   * Runs `task` once every earlier task of the same key has settled. Not in the state
   * queue (a task may call `update`): it keeps whole operations of one key from
   * overlapping, e.g. planning and sending transactions from one account, whose nonce
   * is read from the node.
   */
  exclusive<Result>(key: string, task: () => Promise<Result>): Promise<Result>;
};

/**
 * Merges stored state over the defaults, field by field, so a state written by an
 * older version (or partially, or damaged) still reads as a complete {@link SnapState}.
 * A field that does not match its struct falls back to its default rather than
 * crashing every request.
 *
 * @param stored - What `snap_manageState` returned.
 * @returns A complete state.
 */
function withDefaults(stored: Record<string, Json> | null): SnapState {
  const defaults = defaultState();
  if (!stored) {
    return defaults;
  }
  const fields = SnapStateStruct.schema;
  return {
    version: is(stored.version, fields.version)
      ? stored.version
      : defaults.version,
    currentNetwork: is(stored.currentNetwork, fields.currentNetwork)
      ? stored.currentNetwork
      : defaults.currentNetwork,
    accounts: is(stored.accounts, fields.accounts)
      ? stored.accounts
      : defaults.accounts,
    tokens: is(stored.tokens, fields.tokens) ? stored.tokens : defaults.tokens,
    transactions: is(stored.transactions, fields.transactions)
      ? stored.transactions
      : defaults.transactions,
    currentAccounts: is(stored.currentAccounts, fields.currentAccounts)
      ? stored.currentAccounts
      : defaults.currentAccounts,
    nodeUrls: is(stored.nodeUrls, fields.nodeUrls)
      ? stored.nodeUrls
      : defaults.nodeUrls,
  };
}

/**
 * Creates the store. Its write queue (and the per-key queues of `exclusive`) are the
 * one piece of state shared between requests, on purpose: they are what serializes
 * read-modify-write cycles.
 *
 * @returns The store.
 */
export function createStore(): Store {
  let queue: Promise<unknown> = Promise.resolve();
  const lanes = new Map<string, Promise<unknown>>();

  const read = async (): Promise<SnapState> => {
    const stored = await snap.request({
      method: 'snap_manageState',
      params: { operation: 'get' },
    });
    return withDefaults(stored);
  };

  return {
    read,
    async exclusive<Result>(
      key: string,
      task: () => Promise<Result>,
    ): Promise<Result> {
      const next = (lanes.get(key) ?? Promise.resolve()).then(task, task);
      const settled = next.catch(() => undefined);
      lanes.set(key, settled);
      // Forget the key once nothing waits on it.
      settled
        .then(() => lanes.get(key) === settled && lanes.delete(key))
        .catch(() => undefined);
      return next;
    },
    async update<Result>(
      mutate: (state: SnapState) => Result | Promise<Result>,
    ): Promise<Result> {
      const run = async (): Promise<Result> => {
        // `read()` returns a fresh object on every call, so it can be mutated freely.
        const draft = await read();
        const before = JSON.stringify(draft);
        const result = await mutate(draft);
        if (JSON.stringify(draft) !== before) {
          await snap.request({
            method: 'snap_manageState',
            params: { operation: 'update', newState: draft },
          });
        }
        return result;
      };
      const next = queue.then(run, run);
      queue = next.catch(() => undefined);
      return next;
    },
    async rewriteStored(rewrite): Promise<void> {
      const run = async (): Promise<void> => {
        const stored = await snap.request({
          method: 'snap_manageState',
          params: { operation: 'get' },
        });
        const rewritten = rewrite(stored);
        if (
          rewritten !== null &&
          JSON.stringify(rewritten) !== JSON.stringify(stored)
        ) {
          await snap.request({
            method: 'snap_manageState',
            params: { operation: 'update', newState: rewritten },
          });
        }
      };
      const next = queue.then(run, run);
      queue = next.catch(() => undefined);
      return next;
    },
  };
}
