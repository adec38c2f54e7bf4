import { InvalidField } from '../errors';
import type { Network } from '../starknet/node/networks';
import {
  MAX_ACCOUNTS_PER_NETWORK,
  newAccountCount,
  putAccounts,
} from '../state/accounts';
import type { AccountRecord, SnapState } from '../state/types';

/**
 * Refuses, before anything is stored or shown, a request that would store more than
 * {@link MAX_ACCOUNTS_PER_NETWORK} accounts on a network.
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
  requireRoomFor(
    state,
    network,
    newAccountCount(state, network.chainId, records),
    field,
  );
}

/**
 * {@link requireRoom} by count, for a request that knows how many accounts it adds
 * before deriving them. The error does not say how many accounts the wallet holds.
 *
 * @param state - The snap state.
 * @param network - The network.
 * @param added - How many new accounts would be stored.
 * @param field - The param that asked for them, named in the error.
 * @throws InvalidField (-32602) when the cap would be passed.
 */
export function requireRoomFor(
  state: SnapState,
  network: Network,
  added: number,
  field: string,
): void {
  const stored = state.accounts[network.chainId]?.length ?? 0;
  if (added > 0 && stored + added > MAX_ACCOUNTS_PER_NETWORK) {
    throw new InvalidField(
      field,
      `would store ${added} more account(s) on ${network.name}, past the ${MAX_ACCOUNTS_PER_NETWORK} accounts kept per network. Use an account already listed (snapnet_listAccounts) or scan fewer indexes.`,
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
  return putAccounts(state, network.chainId, records);
}
