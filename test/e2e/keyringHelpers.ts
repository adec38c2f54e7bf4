import { randomUUID } from 'node:crypto';

import type { KeyringAccount } from '../../src/api/keyring';
import type { installSnapnet } from './helpers';
import { resultOf } from './helpers';

export type Snap = Awaited<ReturnType<typeof installSnapnet>>;

/** What the snap sent through `snap_manageAccounts`. */
export type ManageAccountsCall = { method: string; params: unknown };

/**
 * Plays MetaMask's Snap keyring for `snap_manageAccounts`, which the simulation does not
 * have: records every call and answers null (Flask), or throws (stable MetaMask, which
 * refuses `any:account`). The mock runs before the permission check; the manifest
 * test checks the permission itself.
 *
 * @param snap - The installed snap.
 * @param options - Behaviour.
 * @param options.refuse - Throw, as stable MetaMask does.
 * @returns The recorded calls (live array).
 */
export function playSnapKeyring(
  snap: Snap,
  options: { refuse?: boolean } = {},
): ManageAccountsCall[] {
  const calls: ManageAccountsCall[] = [];
  snap.mockJsonRpc((request) => {
    if (request.method !== 'snap_manageAccounts') {
      return undefined;
    }
    const params = request.params as { method: string; params: unknown };
    calls.push({ method: params.method, params: params.params });
    if (options.refuse) {
      throw new Error(
        'Snap keyring: account type "any:account" is not allowed',
      );
    }
    return null;
  });
  return calls;
}

/**
 * Sends a keyring request as MetaMask does (origin `metamask` unless given).
 *
 * @param snap - The installed snap.
 * @param method - The keyring method.
 * @param params - Its params.
 * @param origin - Who asks.
 * @returns The pending request (dialogs via `getInterface()`).
 */
// Not async: the pending request keeps its `getInterface()` for the dialogs.
// eslint-disable-next-line @typescript-eslint/promise-function-async
export function keyring(
  snap: Snap,
  method: string,
  params?: Record<string, unknown>,
  origin = 'metamask',
) {
  return snap.onKeyringRequest({
    origin,
    method,
    ...(params === undefined ? {} : { params: params as never }),
  });
}

/**
 * Shows an account in MetaMask through `keyring_createAccount`.
 *
 * @param snap - The installed snap.
 * @param options - The create options.
 * @returns The keyring account.
 */
export async function createKeyringAccount(
  snap: Snap,
  options: Record<string, unknown> = {},
): Promise<KeyringAccount> {
  return resultOf(
    await keyring(snap, 'keyring_createAccount', { options }),
  ) as KeyringAccount;
}

/**
 * A KeyringRequest as MetaMask's Snap keyring builds it for `keyring_submitRequest`.
 *
 * @param account - The account MetaMask picked.
 * @param account.id - Its keyring id.
 * @param scope - The session scope.
 * @param request - The dapp's request.
 * @param request.method - Its method.
 * @param request.params - Its params.
 * @param origin - The dapp.
 * @returns The params of `keyring_submitRequest`.
 */
export function keyringRequest(
  account: { id: string },
  scope: string,
  request: { method: string; params?: unknown },
  origin = 'https://dapp.example',
): Record<string, unknown> {
  return {
    id: randomUUID(),
    scope,
    account: account.id,
    origin,
    request,
  };
}
