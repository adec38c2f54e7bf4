/**
 * MetaMask's side of the activity list, as its Snap keyring and MultichainTransactions
 * controller take it: every `notify:accountTransactionsUpdated` the snap sends and every
 * `keyring_listAccountTransactions` answer is checked with `@metamask/keyring-api`'s own
 * structs (what MetaMask validates them with) before a test reads it.
 */
import {
  AccountTransactionsUpdatedEventStruct,
  ListAccountTransactionsResponseStruct,
} from '@metamask/keyring-api';
import type { Transaction } from '@metamask/keyring-api';
import { assert } from '@metamask/superstruct';

import { resultOf } from './helpers';
import type { Snap } from './keyringHelpers';
import { keyring } from './keyringHelpers';

/** The transactions events MetaMask received, each already validated. */
export type TransactionEvents = Record<string, Transaction[]>[];

/**
 * Plays MetaMask's Snap keyring for `snap_manageAccounts`: answers null (Flask) and
 * keeps each transactions event after checking it with keyring-api's struct; any
 * other event is answered and left to other suites.
 *
 * @param snap - The installed snap.
 * @returns The events' `transactions` maps (live array).
 */
export function playActivityKeyring(snap: Snap): TransactionEvents {
  const events: TransactionEvents = [];
  snap.mockJsonRpc((request) => {
    if (request.method !== 'snap_manageAccounts') {
      return undefined;
    }
    const event = request.params as { method: string; params: unknown };
    if (event.method === 'notify:accountTransactionsUpdated') {
      // A failing assert surfaces as the snap's request failing: the test sees no event.
      assert(event, AccountTransactionsUpdatedEventStruct);
      events.push(event.params.transactions);
    }
    return null;
  });
  return events;
}

/**
 * Asks one page of an account's activity as MetaMask does, and checks the answer
 * with keyring-api's `ListAccountTransactionsResponseStruct`.
 *
 * @param snap - The snap.
 * @param id - The keyring account id.
 * @param pagination - Limit and cursor.
 * @param pagination.limit - Page size.
 * @param pagination.next - The cursor of a previous page.
 * @param method - `keyring_listAccountTransactions` or its v2 name.
 * @returns The page.
 */
export async function listActivity(
  snap: Snap,
  id: string,
  pagination: { limit: number; next?: string | null },
  method = 'keyring_listAccountTransactions',
): Promise<{ data: Transaction[]; next: string | null }> {
  const page = resultOf(await keyring(snap, method, { id, pagination }));
  assert(page, ListAccountTransactionsResponseStruct);
  return page;
}
