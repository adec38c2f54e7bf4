import type { AccountRecord, SnapState } from './types';

/**
 * Accounts stored per network at most. A page can ask the snap to derive and store
 * accounts (createAccount, recoverAccounts, switchAccount); state is read whole on
 * every request and rendered on the home page, so it must stay small whatever a page
 * asks. 100 is far beyond what a person uses. Every stored account is one the user
 * created, approved or used (a page stores nothing without a dialog); a call that
 * would pass the cap is refused.
 */
export const MAX_ACCOUNTS_PER_NETWORK = 100;

/**
 * Whether two records are the same account: one index holds one Cairo 1 account and
 * one legacy (Cairo 0 proxy) account, which are different accounts.
 *
 * @param a - A record.
 * @param b - Another.
 * @returns True for the same index and kind.
 */
export function sameAccount(a: AccountRecord, b: AccountRecord): boolean {
  return a.addressIndex === b.addressIndex && a.cairoVersion === b.cairoVersion;
}

/**
 * The current account of a network: the one the user chose (`currentAccounts`), else
 * the lowest-index account (Cairo 1 before legacy). Pure, so the handlers and the home
 * page agree on it.
 *
 * @param state - The snap state.
 * @param chainId - The network.
 * @returns The account, or undefined when the wallet has none there.
 */
export function currentAccountIn(
  state: SnapState,
  chainId: string,
): AccountRecord | undefined {
  const accounts = state.accounts[chainId] ?? [];
  const chosen = accounts.find(
    (account) => account.address === state.currentAccounts[chainId],
  );
  return (
    chosen ??
    accounts.reduce<AccountRecord | undefined>(
      (lowest, account) =>
        lowest && lowest.addressIndex <= account.addressIndex
          ? lowest
          : account,
      undefined,
    )
  );
}

/**
 * How many of the records a network does not store yet.
 *
 * @param state - The snap state.
 * @param chainId - The network.
 * @param records - Accounts about to be stored.
 * @returns The number of new accounts.
 */
export function newAccountCount(
  state: SnapState,
  chainId: string,
  records: readonly AccountRecord[],
): number {
  const stored = state.accounts[chainId] ?? [];
  const fresh = records.filter(
    (record, at) =>
      !stored.some((item) => sameAccount(item, record)) &&
      records.findIndex((other) => sameAccount(other, record)) === at,
  );
  return fresh.length;
}

/**
 * Inserts or replaces an account in a network's list, keyed by index and kind (see
 * {@link sameAccount}), keeping the list ordered by index, Cairo 1 first.
 *
 * @param list - The stored accounts of one network (mutated).
 * @param record - The record to store.
 */
export function upsertAccount(
  list: AccountRecord[],
  record: AccountRecord,
): void {
  const at = list.findIndex((item) => sameAccount(item, record));
  if (at === -1) {
    list.push(record);
    list.sort(
      (a, b) =>
        a.addressIndex - b.addressIndex ||
        Number(b.cairoVersion) - Number(a.cairoVersion),
    );
    return;
  }
  const existing = list[at];
  // Keep a known deploy hash when the new record does not know one.
  list[at] = {
    ...record,
    deployTxnHash: record.deployTxnHash || (existing?.deployTxnHash ?? ''),
  };
}

/**
 * Stores accounts of one network in a state update, leaving the current account where
 * it was: adding an account never makes it current (only the user's choice does, or
 * being the first). The caller checks {@link MAX_ACCOUNTS_PER_NETWORK} first.
 *
 * @param state - The state draft (mutated).
 * @param chainId - The network.
 * @param records - The accounts.
 * @returns The network's stored accounts.
 */
export function putAccounts(
  state: SnapState,
  chainId: string,
  records: readonly AccountRecord[],
): AccountRecord[] {
  const before = currentAccountIn(state, chainId);
  const list = state.accounts[chainId] ?? [];
  for (const record of records) {
    upsertAccount(list, record);
  }
  state.accounts[chainId] = list;
  if (before && currentAccountIn(state, chainId)?.address !== before.address) {
    state.currentAccounts[chainId] = before.address;
  }
  return list;
}
