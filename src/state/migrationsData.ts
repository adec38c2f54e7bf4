/**
 * The migration steps of the snap's stored data: token lists (v2), transaction records
 * (v3) and caches (v6). Kept apart from the account steps (migrationsAccounts.ts) and
 * from the ordered list and its runner (migrations.ts), which uses them.
 */
import { is } from '@metamask/superstruct';
import { isObject } from '@metamask/utils';

import { TokenAddressStruct } from '../api/addErc20Token';
import { toFelt64 } from '../api/felt';
import { trimRecords } from './records';
import type {
  MigrationEnv,
  StoredState,
  TokenRecord,
  TransactionRecord,
} from './types';
import { TokenRecordStruct, TransactionRecordStruct } from './types';

/**
 * Version 2: watch lists hold only tokens the user added, each once, under its
 * normalized address (`0x` + 64 digits) and its lower-case chain id. The snap now
 * compares addresses as strings and lists the preloaded tokens itself, so a stored
 * copy of a preloaded token, a duplicate or an unreadable record is dropped; an
 * unreadable record would otherwise make the whole list read as empty.
 * Exported for MIGRATIONS (migrations.ts), which runs the steps in order.
 *
 * @param state - A version 1 state.
 * @param env - What the snap knows of preloaded tokens.
 * @returns The state with its token lists cleaned.
 */
export function normalizeTokenLists(
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
 * Exported for MIGRATIONS (migrations.ts), which runs the steps in order.
 *
 * @param state - A version 2 state.
 * @returns The state with its records regrouped and trimmed.
 */
export function groupRecordsByAccount(state: StoredState): StoredState {
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

/** Most token metadata entries cached per network; the oldest go first. */
export const TOKEN_CACHE_LIMIT = 200;

/**
 * Version 6: the ABI cache is per network (`abiCache[chainId][classHash]`), so one
 * node's false answer for a class cannot relabel that class on another network. An
 * entry of the old shape (class hash → ABI) says nothing of the network it was read on,
 * so it is dropped and read again when needed; the token cache is cut to its bound.
 * A state already in this shape (a network's object, not an ABI list) keeps it.
 * Exported for MIGRATIONS (migrations.ts), which runs the steps in order.
 *
 * @param state - The stored state.
 * @returns The migrated state.
 */
export function abiCachePerChain(state: StoredState): StoredState {
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
