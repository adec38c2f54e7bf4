import type { Transaction } from '@metamask/keyring-api';
import {
  integer,
  min,
  nullable,
  optional,
  string,
  type,
} from '@metamask/superstruct';
import type { JsonRpcParams } from '@metamask/utils';

import { UuidStruct } from '../api/keyring';
import { InvalidField } from '../errors';
import type { Services } from '../rpc/context';
import { parseParams } from '../rpc/params';
import { fetchIndexedTransactions } from '../starknet/node/indexer';
import {
  NODE_TIMEOUT_MS,
  SUPPORTED_CHAIN_IDS,
  findNetwork,
} from '../starknet/node/networks';
import type { SnapState, TransactionRecord } from '../state/types';
import { registrationOf } from './accounts';
import { toKeyringTransaction } from './activity';

/**
 * `keyring_listAccountTransactions` params (keyring-api's
 * `ListAccountTransactionsRequestStruct`): the account and a page, `next` being the
 * cursor a previous page answered.
 */
const ListTransactionsParamsStruct = type({
  id: UuidStruct,
  pagination: type({
    limit: min(integer(), 1),
    next: optional(nullable(string())),
  }),
});

/** How many transactions an indexer is asked for per network: what state keeps too. */
const INDEXED_PAGE = 50;

/**
 * An account's records on every network snapnet serves: the snap's own (sends,
 * deployments, declarations, upgrades) and, where an indexer is configured, the
 * indexer's history of the account (received transfers among them). The snap's own
 * record of a hash wins. Newest first; records of the same second keep the reverse of
 * the order they were stored in.
 *
 * @param state - The state.
 * @param address - The account.
 * @returns The records.
 */
async function recordsOfAccount(
  state: SnapState,
  address: string,
): Promise<TransactionRecord[]> {
  const byHash = new Map<string, TransactionRecord>();
  for (const chainId of SUPPORTED_CHAIN_IDS) {
    const indexerUrl = findNetwork(chainId)?.indexerUrl ?? '';
    const indexed = indexerUrl
      ? await fetchIndexedTransactions({
          indexerUrl,
          address,
          pageSize: INDEXED_PAGE,
          chainId,
          timeoutMs: NODE_TIMEOUT_MS,
        })
      : [];
    const own = state.transactions[chainId]?.[address] ?? [];
    for (const record of [...indexed, ...own]) {
      byHash.set(record.txnHash, record);
    }
  }
  return [...byHash.values()]
    .map((record, order) => ({ record, order }))
    .sort(
      (a, b) => b.record.timestamp - a.record.timestamp || b.order - a.order,
    )
    .map(({ record }) => record);
}

/**
 * `keyring_listAccountTransactions` (and its v2 name `keyring_getAccountTransactions`):
 * MetaMask's activity list of a keyring account, newest first, `limit` at a time. The
 * cursor `next` is the id (hash) of the first transaction of the next page, so a page
 * stays right when newer transactions arrive between two pages.
 *
 * @param services - The store.
 * @param raw - `{ id, pagination: { limit, next? } }`.
 * @returns `{ data, next }` (`next` null on the last page).
 * @throws InvalidField for an unknown account or a cursor that names no transaction.
 */
export async function listAccountTransactions(
  services: Services,
  raw: JsonRpcParams | undefined,
): Promise<{ data: Transaction[]; next: string | null }> {
  const { id, pagination } = parseParams(ListTransactionsParamsStruct, raw);
  const state = await services.store.read();
  const { address } = registrationOf(state, id, 'id');
  const all = (await recordsOfAccount(state, address)).flatMap(
    (record) => toKeyringTransaction(record, id, state) ?? [],
  );
  const start =
    pagination.next === undefined || pagination.next === null
      ? 0
      : all.findIndex((transaction) => transaction.id === pagination.next);
  if (start < 0) {
    throw new InvalidField('pagination.next', 'names no transaction');
  }
  const end = start + pagination.limit;
  return {
    data: all.slice(start, end),
    next: all[end]?.id ?? null,
  };
}
