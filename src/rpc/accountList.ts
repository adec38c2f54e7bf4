import { InvalidField } from '../errors';
import type { Network } from '../starknet/networks';
import {
  MAX_ACCOUNTS_PER_NETWORK,
  evictUnconfirmed,
  newAccountCount,
  putAccounts,
  userAccountCount,
} from '../state/accounts';
import type { AccountRecord, SnapState } from '../state/types';

/**
 * Refuses, before anything is stored or shown, a request that would store more than
 * {@link MAX_ACCOUNTS_PER_NETWORK} of the user's accounts on a network (accounts a
 * page stored silently are evicted instead, see storeAccounts).
 *
 * @param state - The snap state.
 * @param network - The network.
 * @param records - The accounts the request would store.
 * @param field - The param that asked for them, named in the error.
 * @throws InvalidField (-32602) when the cap would be passed.
 */
export function requireRoom(
  state: SnapState,
  network: Network,
  records: readonly AccountRecord[],
  field: string,
): void {
  const stored = userAccountCount(state, network.chainId);
  const added = newAccountCount(state, network.chainId, records);
  if (added > 0 && stored + added > MAX_ACCOUNTS_PER_NETWORK) {
    throw new InvalidField(
      field,
      `would store ${added} more account(s) on ${network.name}, which holds ${stored}; at most ${MAX_ACCOUNTS_PER_NETWORK} accounts are kept per network. Use an account already listed (snapnet_listAccounts) or scan fewer indexes.`,
    );
  }
}

/**
 * Stores accounts of the request's network in a state update: refused past the cap
 * (see {@link requireRoom}), and the current account stays where it was.
 *
 * @param state - The state draft (mutated).
 * @param network - The network.
 * @param records - The accounts.
 * @param field - The param that asked for them, named in the error.
 * @returns The network's stored accounts.
 */
export function storeAccounts(
  state: SnapState,
  network: Network,
  records: readonly AccountRecord[],
  field: string,
): AccountRecord[] {
  requireRoom(state, network, records, field);
  evictUnconfirmed(
    state,
    network.chainId,
    newAccountCount(state, network.chainId, records),
  );
  return putAccounts(state, network.chainId, records);
}
