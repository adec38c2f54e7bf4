import type { Transaction } from '@metamask/keyring-api';

import type { Store } from '../state/store';
import type { SnapState } from '../state/types';
import {
  keyringIdOf,
  notifyTransactions,
  toKeyringTransaction,
} from './activity';

/**
 * What MetaMask's activity list shows of each record of a keyring account: its
 * status and fee, keyed by network and hash.
 *
 * @param state - The state.
 * @returns Key → fingerprint; empty when MetaMask lists no snapnet account.
 */
function fingerprints(state: SnapState): Map<string, string> {
  const seen = new Map<string, string>();
  if (Object.keys(state.keyringAccounts).length === 0) {
    return seen;
  }
  for (const [chainId, bySender] of Object.entries(state.transactions)) {
    for (const [sender, records] of Object.entries(bySender)) {
      if (keyringIdOf(state, sender) === undefined) {
        continue;
      }
      for (const record of records) {
        seen.set(
          `${chainId} ${record.txnHash}`,
          `${record.status} ${record.actualFee ?? ''}`,
        );
      }
    }
  }
  return seen;
}

/**
 * The keyring transactions whose record is new or changed since `before`.
 *
 * @param state - The state after the update.
 * @param before - {@link fingerprints} before it.
 * @returns Keyring account id → its changed transactions.
 */
function changedTransactions(
  state: SnapState,
  before: ReadonlyMap<string, string>,
): Record<string, Transaction[]> {
  const changed: Record<string, Transaction[]> = {};
  const after = fingerprints(state);
  for (const [chainId, bySender] of Object.entries(state.transactions)) {
    for (const [sender, records] of Object.entries(bySender)) {
      const id = keyringIdOf(state, sender);
      for (const record of id === undefined ? [] : records) {
        const key = `${chainId} ${record.txnHash}`;
        const transaction =
          before.get(key) === after.get(key)
            ? undefined
            : toKeyringTransaction(record, id ?? '', state);
        if (id !== undefined && transaction) {
          changed[id] = [...(changed[id] ?? []), transaction];
        }
      }
    }
  }
  return changed;
}

/**
 * The store, telling MetaMask of every change to its accounts' activity:
 * `notify:accountTransactionsUpdated` after any update that recorded a send or
 * changed a status or fee, whichever request or job made it (a send, a status read, the
 * background follow). Every record is written through the store, so none is missed;
 * the event goes out after the write, and its failure fails nothing.
 *
 * @param store - The snap's store.
 * @returns The same store, announcing activity changes.
 */
export function withActivityEvents(store: Store): Store {
  return {
    read: async () => store.read(),
    rewriteStored: async (rewrite) => store.rewriteStored(rewrite),
    async update<Result>(
      mutate: (state: SnapState) => Result | Promise<Result>,
    ): Promise<Result> {
      let changed: Record<string, Transaction[]> = {};
      const result = await store.update(async (state) => {
        const before = fingerprints(state);
        const mutated = await mutate(state);
        changed =
          Object.keys(state.keyringAccounts).length === 0
            ? {}
            : changedTransactions(state, before);
        return mutated;
      });
      await notifyTransactions(changed);
      return result;
    },
  };
}
