import { SN_MAIN, SN_SEPOLIA } from '../api/chains';
import type { AccountCreatedEvent, KeyringAccount } from '../api/keyring';
import {
  KEYRING_ACCOUNT_METHODS,
  KEYRING_ACCOUNT_SCOPES,
  STARKNET_SCOPES,
} from '../api/keyring';
import { InvalidField } from '../errors';
import { STARKNET_COIN_TYPE, getKeyDeriver } from '../keys/derive';
import type { Services } from '../rpc/context';
import { toAccountRecord } from '../starknet/accounts/accounts';
import { putAccounts } from '../state/accounts';
import type { KeyringRegistration, SnapState } from '../state/types';

/**
 * The keyring account MetaMask sees for a registration: rebuilt from the stored id,
 * index and address, so the exact shape (the bridge's structs are strict) lives here.
 *
 * @param registration - What the snap stored.
 * @returns The keyring account.
 */
export function toKeyringAccount(
  registration: KeyringRegistration,
): KeyringAccount {
  return {
    id: registration.id,
    type: 'any:account',
    address: registration.address,
    scopes: [...KEYRING_ACCOUNT_SCOPES],
    options: {
      addressIndex: registration.addressIndex,
      derivationPath: `m/44'/${STARKNET_COIN_TYPE}'/0'/0/${registration.addressIndex}`,
    },
    methods: [...KEYRING_ACCOUNT_METHODS],
  };
}

/**
 * The registered accounts, lowest index first.
 *
 * @param state - The snap state.
 * @returns MetaMask's view of them.
 */
export function listKeyringAccounts(state: SnapState): KeyringAccount[] {
  return Object.values(state.keyringAccounts)
    .sort((a, b) => a.addressIndex - b.addressIndex)
    .map(toKeyringAccount);
}

/**
 * A registration by MetaMask's account id.
 *
 * @param state - The snap state.
 * @param id - The keyring account id.
 * @param field - The param that named it, for the error.
 * @returns The registration.
 * @throws InvalidField (-32602) for an id snapnet did not register.
 */
export function registrationOf(
  state: SnapState,
  id: string,
  field: string,
): KeyringRegistration {
  const registration = state.keyringAccounts[id];
  if (!registration) {
    throw new InvalidField(
      field,
      `${id} is not an account snapnet showed in MetaMask; list them with keyring_listAccounts`,
    );
  }
  return registration;
}

/**
 * The smallest index not shown in MetaMask yet.
 *
 * @param state - The snap state.
 * @returns The index.
 */
function nextUnregisteredIndex(state: SnapState): number {
  const taken = new Set(
    Object.values(state.keyringAccounts).map((entry) => entry.addressIndex),
  );
  let index = 0;
  while (taken.has(index)) {
    index += 1;
  }
  return index;
}

/**
 * A version 4 UUID from the snap's random source (the keyring API's account ids).
 *
 * @returns The UUID.
 */
function randomUuid(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  /* eslint-disable no-bitwise -- RFC 9562 version and variant bits */
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  /* eslint-enable no-bitwise */
  const pairs = [...bytes].map((byte) => byte.toString(16).padStart(2, '0'));
  return [
    pairs.slice(0, 4),
    pairs.slice(4, 6),
    pairs.slice(6, 8),
    pairs.slice(8, 10),
    pairs.slice(10),
  ]
    .map((group) => group.join(''))
    .join('-');
}

/**
 * Tells MetaMask about a new account. MetaMask expects it stored before (it may call
 * back `keyring_getAccount`), checks the event strictly and matches the correlation id
 * to the `keyring_createAccount` that asked.
 *
 * @param account - The keyring account.
 * @param correlationId - MetaMask's `options.metamask.correlationId`, when given.
 */
async function notifyCreated(
  account: KeyringAccount,
  correlationId: string | undefined,
): Promise<void> {
  const event: AccountCreatedEvent = {
    method: 'notify:accountCreated',
    params: {
      account,
      accountNameSuggestion: `Starknet Account ${account.options.addressIndex + 1}`,
      ...(correlationId === undefined ? {} : { metamask: { correlationId } }),
    },
  };
  await snap.request({
    method: 'snap_manageAccounts',
    params: { method: event.method, params: event.params },
  });
}

/**
 * Shows an account of the seed in MetaMask (`keyring_createAccount`, and the home
 * page's "Show in MetaMask"): the account of `addressIndex`, else of the lowest index
 * not shown yet. Already shown → that account, no event. Otherwise it is stored, then
 * MetaMask is told; if MetaMask refuses (stable MetaMask refuses `any:account`), the
 * registration is undone, so snapnet never lists what MetaMask does not have. The
 * account's records are kept on both networks so the keyring requests find it at any
 * index.
 *
 * @param services - Store and send lock.
 * @param options - Which account, and MetaMask's correlation id.
 * @param options.addressIndex - The index; default the lowest not shown yet.
 * @param options.correlationId - Passed back in the event as given.
 * @returns The keyring account.
 */
export async function registerAccount(
  services: Services,
  options: { addressIndex?: number | undefined; correlationId?: string },
): Promise<KeyringAccount> {
  const before = await services.store.read();
  const index = options.addressIndex ?? nextUnregisteredIndex(before);
  const known = Object.values(before.keyringAccounts).find(
    (entry) => entry.addressIndex === index,
  );
  if (known) {
    return toKeyringAccount(known);
  }
  const keys = await (await getKeyDeriver())(index);
  const records = [SN_MAIN, SN_SEPOLIA].map((chainId) =>
    toAccountRecord(keys, chainId),
  );
  const [first] = records;
  const registration: KeyringRegistration = {
    id: randomUuid(),
    addressIndex: index,
    address: first?.address ?? '',
  };
  const stored = await services.store.update(async (state) => {
    const raced = Object.values(state.keyringAccounts).find(
      (entry) => entry.addressIndex === index,
    );
    state.keyringAccounts[registration.id] = raced ?? registration;
    return raced;
  });
  if (stored) {
    return toKeyringAccount(stored);
  }
  const account = toKeyringAccount(registration);
  try {
    await notifyCreated(account, options.correlationId);
  } catch (error) {
    await forgetAccount(services, registration.id);
    throw error;
  }
  await services.store.update(async (state) => {
    for (const record of records) {
      putAccounts(state, record.chainId, [record]);
    }
  });
  return account;
}

/**
 * Forgets a registration (`keyring_deleteAccount`: MetaMask removed the account). The
 * snap's own account records stay: the account is still usable through `snapnet_*`
 * and can be shown again.
 *
 * @param services - Store and send lock.
 * @param id - The keyring account id.
 */
export async function forgetAccount(
  services: Services,
  id: string,
): Promise<void> {
  await services.store.update(async (state) => {
    delete state.keyringAccounts[id];
  });
}

/**
 * The hex chain id of a scope snapnet serves.
 *
 * @param scope - A CAIP-2 id.
 * @returns The chain id, or undefined for any other scope.
 */
export function chainIdOfScope(scope: string): string | undefined {
  return Object.entries(STARKNET_SCOPES).find(([key]) => key === scope)?.[1];
}
