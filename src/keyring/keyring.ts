import {
  MethodNotFoundError,
  MethodNotSupportedError,
  UnauthorizedError,
} from '@metamask/snaps-sdk';
import type { Json, JsonRpcParams } from '@metamask/utils';
import { hasProperty } from '@metamask/utils';

import {
  CreateKeyringAccountParamsStruct,
  FilterAccountChainsParamsStruct,
  KeyringAccountIdParamsStruct,
} from '../api/keyring';
import type { Services } from '../rpc/context';
import { parseParams } from '../rpc/params';
import {
  forgetAccount,
  listKeyringAccounts,
  registerAccount,
  registrationOf,
  toKeyringAccount,
} from './accounts';
import {
  getAccountBalances,
  listAccountAssets,
  setSelectedAccounts,
} from './assets';
import { resolveAccountAddress } from './resolve';
import { submitRequest } from './submit';
import { listAccountTransactions } from './transactions';

/** The only origin that may manage snapnet's keyring: MetaMask itself. */
export const KEYRING_ORIGIN = 'metamask';

type KeyringMethod = (
  services: Services,
  params: JsonRpcParams | undefined,
) => Promise<Json>;

/** The keyring methods snapnet serves; every other `keyring_*` is not supported. */
/* eslint-disable @typescript-eslint/naming-convention -- the keyring API's method names */
const KEYRING_METHODS: Record<string, KeyringMethod> = {
  keyring_listAccounts: async ({ store }) =>
    listKeyringAccounts(await store.read()),
  keyring_getAccount: async ({ store }, raw) => {
    const { id } = parseParams(KeyringAccountIdParamsStruct, raw);
    return toKeyringAccount(registrationOf(await store.read(), id, 'id'));
  },
  keyring_createAccount: async (services, raw) => {
    const { options } = parseParams(CreateKeyringAccountParamsStruct, raw);
    return registerAccount(services, {
      addressIndex: options.addressIndex,
      ...(options.metamask
        ? { correlationId: options.metamask.correlationId }
        : {}),
    });
  },
  keyring_filterAccountChains: async ({ store }, raw) => {
    const { id, chains } = parseParams(FilterAccountChainsParamsStruct, raw);
    const { scopes } = toKeyringAccount(
      registrationOf(await store.read(), id, 'id'),
    );
    return chains.filter((chain) => scopes.includes(chain));
  },
  keyring_deleteAccount: async (services, raw) => {
    const { id } = parseParams(KeyringAccountIdParamsStruct, raw);
    await forgetAccount(services, id);
    return null;
  },
  keyring_resolveAccountAddress: async ({ store }, raw) =>
    resolveAccountAddress(await store.read(), raw),
  keyring_submitRequest: submitRequest,
  keyring_listAccountTransactions: listAccountTransactions,
  keyring_getAccountTransactions: listAccountTransactions,
  keyring_listAccountAssets: listAccountAssets,
  // The v2 name MetaMask's newer bridge uses for the same list.
  keyring_getAccountAssets: listAccountAssets,
  keyring_getAccountBalances: getAccountBalances,
  keyring_setSelectedAccounts: setSelectedAccounts,
};
/* eslint-enable @typescript-eslint/naming-convention */

/**
 * Runs one keyring method (the error boundary is the caller's).
 *
 * @param services - Store and send lock.
 * @param origin - Who asked.
 * @param method - The keyring method.
 * @param params - Its params.
 * @returns Its result.
 */
async function runKeyringMethod(
  services: Services,
  origin: string,
  method: string,
  params: JsonRpcParams | undefined,
): Promise<Json> {
  /* eslint-disable @typescript-eslint/only-throw-error -- snaps-sdk's error classes are Errors at runtime; their declared type hides it */
  if (origin !== KEYRING_ORIGIN) {
    throw new UnauthorizedError(
      `Only MetaMask may call ${method}; web pages use the Multichain API or wallet_invokeSnap`,
    );
  }
  const handle = hasProperty(KEYRING_METHODS, method)
    ? KEYRING_METHODS[method]
    : undefined;
  if (handle) {
    return handle(services, params);
  }
  if (method.startsWith('keyring_')) {
    // exportAccount among them: a key leaves the snap only on its home page.
    throw new MethodNotSupportedError(`${method} is not supported by snapnet`, {
      method,
    });
  }
  throw new MethodNotFoundError(`Method not found: ${method}`, { method });
  /* eslint-enable @typescript-eslint/only-throw-error */
}

/**
 * MetaMask's keyring requests (`onKeyringRequest`): the accounts shown in MetaMask for
 * the Multichain API, and the wallet-API requests MetaMask routes to them. Only
 * MetaMask may call it (4100 for anyone else, whatever the manifest allows); every
 * error is mapped once by the entry point's error boundary, as for `onRpcRequest`.
 *
 * @param args - The request.
 * @param args.origin - The caller.
 * @param args.method - The keyring method.
 * @param args.params - Its params.
 * @param args.services - Store and send lock.
 * @returns The method's result.
 */
export async function handleKeyringRequest(args: {
  origin: string;
  method: string;
  params: JsonRpcParams | undefined;
  services: Services;
}): Promise<Json> {
  return await runKeyringMethod(
    args.services,
    args.origin,
    args.method,
    args.params,
  );
}
