import { describe, expect, it } from '@jest/globals';
import { AccountCreatedEventStruct } from '@metamask/keyring-api';
import { assert } from '@metamask/superstruct';
import { randomUUID } from 'node:crypto';

import type { KeyringAccount } from '../../src/api/keyring';
import { normalizeStarknetAddress } from '../../src/client/multichain';
import { STATE_VERSION } from '../../src/state/store';
import { expectedAccount, expectedRecord, SEPOLIA } from '../fixtures/wallet';
import { errorOf, installSnapnet, resultOf, textOf } from './helpers';
import {
  createKeyringAccount,
  keyring,
  playSnapKeyring,
} from './keyringHelpers';

const SCOPES = ['starknet:SN_MAIN', 'starknet:SN_SEPOLIA'];
const METHODS = [
  'wallet_addInvokeTransaction',
  'wallet_signTypedData',
  'wallet_addDeclareTransaction',
  'wallet_deploymentData',
];

/**
 * A response value as plain JSON, so `toStrictEqual` compares keys and values only.
 *
 * @param value - What the snap answered.
 * @returns The same, parsed from its JSON.
 */
const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

/**
 * The keyring account of an index as the issue specifies it, from the independently
 * derived wallet.
 *
 * @param index - The address index.
 * @param id - MetaMask's id for it.
 * @returns The expected account.
 */
function expectedKeyringAccount(index: number, id: string) {
  return {
    id,
    type: 'any:account',
    address: expectedAccount(index).address,
    scopes: SCOPES,
    options: {
      addressIndex: index,
      derivationPath: `m/44'/9004'/0'/0/${index}`,
    },
    methods: METHODS,
  };
}

describe('keyring accounts', () => {
  it('lists none on a fresh install', async () => {
    const snap = await installSnapnet();
    expect(resultOf(await keyring(snap, 'keyring_listAccounts'))).toEqual([]);
  });

  it('creates account 0 with the exact shape and one strict accountCreated event carrying the correlation id', async () => {
    const snap = await installSnapnet();
    const events = playSnapKeyring(snap);
    const correlationId = randomUUID();
    const account = await createKeyringAccount(snap, {
      metamask: { correlationId },
    });
    expect(plain(account)).toStrictEqual(expectedKeyringAccount(0, account.id));
    // The CAIP-10 form snapnet/multichain gives: routing compares strings.
    expect(normalizeStarknetAddress(account.address)).toBe(account.address);
    expect(account.id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/u,
    );
    expect(events).toHaveLength(1);
    const [event] = events;
    // MetaMask's own struct (keyring-api), strict: no extra key anywhere.
    assert(event, AccountCreatedEventStruct);
    expect(plain(event)).toStrictEqual({
      method: 'notify:accountCreated',
      params: {
        account: plain(account),
        accountNameSuggestion: 'Starknet Account 1',
        metamask: { correlationId },
      },
    });
    expect(resultOf(await keyring(snap, 'keyring_listAccounts'))).toEqual([
      account,
    ]);
    expect(
      resultOf(await keyring(snap, 'keyring_getAccount', { id: account.id })),
    ).toEqual(account);
    // The same account the snap's own API gives MetaMask for index 0, on both
    // networks (a page sees it only once given it).
    for (const chainId of ['0x534e5f4d41494e', '0x534e5f5345504f4c4941']) {
      const listed = resultOf(
        await snap.request({
          method: 'snapnet_listAccounts',
          params: { chainId },
          origin: 'metamask',
        }),
      ) as { address: string }[];
      expect(listed.map((item) => item.address)).toEqual([account.address]);
    }
  });

  it('takes the next index, an explicit index, and gives an existing one back without an event', async () => {
    const snap = await installSnapnet();
    const events = playSnapKeyring(snap);
    const first = await createKeyringAccount(snap);
    const explicit = await createKeyringAccount(snap, { addressIndex: 5 });
    const next = await createKeyringAccount(snap);
    expect(plain(explicit)).toStrictEqual(
      expectedKeyringAccount(5, explicit.id),
    );
    expect(plain(next)).toStrictEqual(expectedKeyringAccount(1, next.id));
    expect(events).toHaveLength(3);
    expect(events.map((event) => event.params)).toMatchObject([
      { accountNameSuggestion: 'Starknet Account 1' },
      { accountNameSuggestion: 'Starknet Account 6' },
      { accountNameSuggestion: 'Starknet Account 2' },
    ]);
    const again = await createKeyringAccount(snap, { addressIndex: 0 });
    expect(again).toStrictEqual(first);
    expect(events).toHaveLength(3);
    expect(
      (
        resultOf(await keyring(snap, 'keyring_listAccounts')) as {
          options: { addressIndex: number };
        }[]
      ).map((account) => account.options.addressIndex),
    ).toEqual([0, 1, 5]);
  });

  it('refuses a bad index, naming the field', async () => {
    const snap = await installSnapnet();
    const events = playSnapKeyring(snap);
    for (const addressIndex of [-1, 1.5, '2']) {
      const error = errorOf(
        await keyring(snap, 'keyring_createAccount', {
          options: { addressIndex },
        }),
      );
      expect(error.code).toBe(-32602);
      expect(error.message).toContain('options.addressIndex');
    }
    expect(events).toEqual([]);
  });

  it('lists nothing when MetaMask refuses the account (stable MetaMask)', async () => {
    const snap = await installSnapnet();
    const events = playSnapKeyring(snap, { refuse: true });
    const error = errorOf(
      await keyring(snap, 'keyring_createAccount', { options: {} }),
    );
    expect(error.message).toContain('any:account');
    expect(events).toHaveLength(1);
    expect(resultOf(await keyring(snap, 'keyring_listAccounts'))).toEqual([]);
  });

  it('filters chains, deletes, and can show a deleted account again', async () => {
    const snap = await installSnapnet();
    playSnapKeyring(snap);
    const account = await createKeyringAccount(snap);
    expect(
      resultOf(
        await keyring(snap, 'keyring_filterAccountChains', {
          id: account.id,
          chains: ['eip155:1', 'starknet:SN_SEPOLIA', 'starknet:SN_MAIN'],
        }),
      ),
    ).toEqual(['starknet:SN_SEPOLIA', 'starknet:SN_MAIN']);
    expect(
      resultOf(
        await keyring(snap, 'keyring_deleteAccount', { id: account.id }),
      ),
    ).toBeNull();
    expect(resultOf(await keyring(snap, 'keyring_listAccounts'))).toEqual([]);
    expect(
      errorOf(await keyring(snap, 'keyring_getAccount', { id: account.id }))
        .code,
    ).toBe(-32602);
    // The snap's own account stays usable.
    expect(
      resultOf(
        await snap.request({
          method: 'snapnet_listAccounts',
          origin: 'metamask',
        }),
      ),
    ).toHaveLength(1);
    const again = await createKeyringAccount(snap);
    expect(again.address).toBe(account.address);
    expect(again.id).not.toBe(account.id);
  });

  it('resolves a request naming a shown account (any hex spelling), else null', async () => {
    const snap = await installSnapnet();
    playSnapKeyring(snap);
    const account = await createKeyringAccount(snap);
    const resolve = async (scope: string, params?: unknown) =>
      resultOf(
        await keyring(snap, 'keyring_resolveAccountAddress', {
          scope,
          request: {
            jsonrpc: '2.0',
            id: 1,
            method: 'wallet_signTypedData',
            ...(params === undefined ? {} : { params }),
          },
        }),
      );
    const short = `0x${account.address.slice(2).replace(/^0+/u, '').toUpperCase()}`;
    expect(await resolve('starknet:SN_SEPOLIA', { address: short })).toEqual({
      address: `starknet:SN_SEPOLIA:${account.address}`,
    });
    expect(
      await resolve('starknet:SN_MAIN', { address: account.address }),
    ).toEqual({ address: `starknet:SN_MAIN:${account.address}` });
    expect(await resolve('starknet:SN_SEPOLIA', {})).toBeNull();
    expect(await resolve('starknet:SN_SEPOLIA')).toBeNull();
    expect(
      await resolve('starknet:SN_SEPOLIA', {
        address: expectedAccount(3).address,
      }),
    ).toBeNull();
    expect(await resolve('eip155:1', { address: account.address })).toBeNull();
  });

  it('answers only MetaMask: web origins get 4100', async () => {
    const snap = await installSnapnet();
    const events = playSnapKeyring(snap);
    for (const method of [
      'keyring_listAccounts',
      'keyring_createAccount',
      'keyring_submitRequest',
    ]) {
      const error = errorOf(
        await keyring(snap, method, { options: {} }, 'https://evil.example'),
      );
      expect(error.code).toBe(4100);
    }
    expect(events).toEqual([]);
  });

  it('refuses every other keyring method, and never exports a key', async () => {
    const snap = await installSnapnet();
    playSnapKeyring(snap);
    const account = await createKeyringAccount(snap);
    // Served, and checked where they are used: the assets and balances methods and
    // keyring_setSelectedAccounts in metamaskAssets.test.ts, the transaction lists in
    // activity.test.ts.
    for (const method of [
      'keyring_exportAccount',
      'keyring_updateAccount',
      'keyring_listRequests',
      'keyring_getRequest',
      'keyring_approveRequest',
      'keyring_rejectRequest',
      'keyring_discoverAccounts',
      'keyring_createAccounts',
    ]) {
      const response = await keyring(snap, method, { id: account.id });
      const error = errorOf(response);
      expect([-32004, -32601]).toContain(error.code);
      expect(JSON.stringify(response.response)).not.toContain(
        expectedAccount(0).privateKey.slice(2),
      );
    }
    expect(errorOf(await keyring(snap, 'snapnet_listAccounts')).code).toBe(
      -32601,
    );
  });
});

describe('home page "Show in MetaMask"', () => {
  it('shows the current account through the same code as keyring_createAccount', async () => {
    // The user's own account 2 (a page's silent account would not be current).
    const snap = await installSnapnet({
      state: {
        version: STATE_VERSION,
        accounts: { [SEPOLIA]: [expectedRecord(2)] },
      },
    });
    const events = playSnapKeyring(snap);
    await snap.request({
      method: 'snapnet_createAccount',
      params: { addressIndex: 3 },
    });
    // snapnet_createAccount does not register.
    expect(events).toEqual([]);
    const page = await snap.onHomePage();
    await page.getInterface().clickElement('show-in-metamask');
    expect(textOf(page.getInterface())).toContain('Shown in MetaMask');
    const [account] = resultOf(
      await keyring(snap, 'keyring_listAccounts'),
    ) as KeyringAccount[];
    expect(plain(account)).toStrictEqual(
      expectedKeyringAccount(2, account?.id ?? ''),
    );
    expect(events).toHaveLength(1);
  });

  it('says so when MetaMask refuses, and shows nothing', async () => {
    const snap = await installSnapnet();
    playSnapKeyring(snap, { refuse: true });
    await snap.request({ method: 'snapnet_createAccount' });
    const page = await snap.onHomePage();
    await page.getInterface().clickElement('show-in-metamask');
    expect(textOf(page.getInterface())).toContain('needs MetaMask Flask');
    expect(resultOf(await keyring(snap, 'keyring_listAccounts'))).toEqual([]);
  });
});
