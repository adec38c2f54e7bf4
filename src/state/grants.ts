import type { AccountRecord, SnapState } from './types';

/**
 * The addresses a page may see on a network, its current account first: only accounts
 * the user gave it in a dialog naming it (connect, create, switch, recover). Signing
 * never adds one. Pure, so handlers and the home page agree.
 *
 * @param state - The snap state.
 * @param origin - The page.
 * @param chainId - The network.
 * @returns The granted addresses.
 */
export function grantedTo(
  state: SnapState,
  origin: string,
  chainId: string,
): string[] {
  return state.grants[origin]?.[chainId] ?? [];
}

/**
 * Whether a page may see an account.
 *
 * @param state - The snap state.
 * @param origin - The page.
 * @param chainId - The network.
 * @param address - The account.
 * @returns True when granted.
 */
export function isGranted(
  state: SnapState,
  origin: string,
  chainId: string,
  address: string,
): boolean {
  return grantedTo(state, origin, chainId).includes(address);
}

/**
 * Grants a page an account in a state update; as its current account (first) when the
 * user picked it for the page, else after those it has.
 *
 * @param state - The state draft (mutated).
 * @param origin - The page.
 * @param chainId - The network.
 * @param address - The account.
 * @param asCurrent - Whether it becomes the page's current account.
 */
export function grant(
  state: SnapState,
  origin: string,
  chainId: string,
  address: string,
  asCurrent: boolean,
): void {
  const byChain = state.grants[origin] ?? {};
  const list = (byChain[chainId] ?? []).filter((item) => item !== address);
  byChain[chainId] = asCurrent ? [address, ...list] : [...list, address];
  state.grants[origin] = byChain;
}

/**
 * The page's current account on a network: the first granted account still stored.
 *
 * @param state - The snap state.
 * @param origin - The page.
 * @param chainId - The network.
 * @returns The account, or undefined when the page has none there.
 */
export function pageCurrentAccount(
  state: SnapState,
  origin: string,
  chainId: string,
): AccountRecord | undefined {
  const accounts = state.accounts[chainId] ?? [];
  for (const address of grantedTo(state, origin, chainId)) {
    const found = accounts.find((account) => account.address === address);
    if (found) {
      return found;
    }
  }
  return undefined;
}

/**
 * Takes back a page's access on the home page: one account, or all of them.
 *
 * @param state - The state draft (mutated).
 * @param origin - The page.
 * @param address - The account, or undefined for every account on every network.
 */
export function revoke(
  state: SnapState,
  origin: string,
  address?: string,
): void {
  const byChain = state.grants[origin];
  if (!byChain || address === undefined) {
    delete state.grants[origin];
    return;
  }
  for (const [chainId, list] of Object.entries(byChain)) {
    byChain[chainId] = list.filter((item) => item !== address);
  }
}

/**
 * Forgets an account everywhere but on chain: the network's list, grants and current
 * choice (its records stay; recoverAccounts finds it again).
 *
 * @param state - The state draft (mutated).
 * @param chainId - The network.
 * @param address - The account.
 */
export function forgetAccount(
  state: SnapState,
  chainId: string,
  address: string,
): void {
  state.accounts[chainId] = (state.accounts[chainId] ?? []).filter(
    (account) => account.address !== address,
  );
  for (const byChain of Object.values(state.grants)) {
    const list = byChain[chainId];
    if (list) {
      byChain[chainId] = list.filter((item) => item !== address);
    }
  }
  if (state.currentAccounts[chainId] === address) {
    delete state.currentAccounts[chainId];
  }
}
