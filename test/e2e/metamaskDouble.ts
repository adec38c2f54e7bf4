/**
 * A MetaMask-side double for the e2e suites: the built snap hosted by the testing kit
 * (`.e2e/`, on the suite's fake node), driven as MetaMask's multichain controllers
 * drive it. Every keyring answer and every `snap_manageAccounts` event is checked
 * with `@metamask/keyring-api`'s own structs, every asset handler answer with the
 * snaps platform's (`OnAssetsLookupResponseStruct` from snaps-sdk, the others from
 * snaps-utils, which MetaMask's SnapController checks them with): a shape MetaMask
 * would refuse fails the test where it happens.
 */
import {
  AccountAssetListUpdatedEventStruct,
  AccountBalancesUpdatedEventStruct,
  AccountCreatedEventStruct,
  GetAccountBalancesResponseStruct,
  KeyringAccountStruct,
  ListAccountAssetsResponseStruct,
  SetSelectedAccountsResponseStruct,
} from '@metamask/keyring-api';
import { OnAssetsLookupResponseStruct } from '@metamask/snaps-sdk';
import {
  OnAssetHistoricalPriceResponseStruct,
  OnAssetsConversionResponseStruct,
  OnAssetsMarketDataResponseStruct,
} from '@metamask/snaps-utils';
import type { Infer, Struct } from '@metamask/superstruct';
import { assert } from '@metamask/superstruct';
import { resolve } from 'node:path';

import type { KeyringEvent, SimulatedWallet } from 'snapnet/testing';
import { createSimulatedWallet } from 'snapnet/testing';

/** The e2e build of the snap (test/build-e2e.ts). */
const E2E_FOLDER = resolve(
  __dirname,
  '../..',
  process.env.SNAPNET_E2E_DIR ?? '.e2e',
);

/**
 * Checks a value with a struct and returns it typed.
 *
 * @param value - What the snap answered.
 * @param struct - MetaMask's struct.
 * @returns The value.
 */
function checked<Value>(value: unknown, struct: Struct<Value, unknown>): Value {
  assert(value, struct);
  return value;
}

/**
 * Checks a keyring event as MetaMask's Snap keyring does (strict structs).
 *
 * @param event - The recorded `snap_manageAccounts` call.
 * @returns The event.
 */
function checkedEvent(event: KeyringEvent): KeyringEvent {
  const value = { method: event.method, params: event.params };
  if (event.method === 'notify:accountCreated') {
    assert(value, AccountCreatedEventStruct);
  } else if (event.method === 'notify:accountBalancesUpdated') {
    assert(value, AccountBalancesUpdatedEventStruct);
  } else if (event.method === 'notify:accountAssetListUpdated') {
    assert(value, AccountAssetListUpdatedEventStruct);
  } else {
    throw new Error(`unexpected keyring event ${event.method}`);
  }
  return event;
}

/**
 * Starts the double: the snap in a fresh simulated MetaMask.
 *
 * @returns MetaMask's calls, each answer checked, and the wallet for dapp calls.
 */
export async function startMetaMaskDouble() {
  const wallet: SimulatedWallet = await createSimulatedWallet({
    snapFolder: E2E_FOLDER,
    dialogs: 'manual',
  });
  const { keyring, assets, runCronjob } = wallet.metamask;
  if (!assets) {
    throw new Error('the testing kit hosts the snap: assets must be there');
  }
  let seen = 0;
  return {
    wallet,
    runCronjob,
    /**
     * Keyring events sent since the last call, each checked.
     *
     * @returns The events, oldest first.
     */
    newEvents(): KeyringEvent[] {
      const fresh = keyring.events.slice(seen).map(checkedEvent);
      seen = keyring.events.length;
      return fresh;
    },
    createAccount: async (addressIndex: number) =>
      checked(
        await keyring.createAccount({ addressIndex }),
        KeyringAccountStruct,
      ),
    listAccountAssets: async (id: string) =>
      checked(
        await keyring.listAccountAssets(id),
        ListAccountAssetsResponseStruct,
      ),
    getAccountAssets: async (id: string) =>
      checked(
        await keyring.call('keyring_getAccountAssets', { id }),
        // keyring-api/v2's GetAccountAssetsResponseStruct is this same array of CAIP-19
        // ids (v2/api/keyring-snap-rpc.ts); the v2 entry has no CommonJS typings here.
        ListAccountAssetsResponseStruct,
      ),
    getAccountBalances: async (id: string, list: string[]) =>
      checked(
        await keyring.getAccountBalances(id, list),
        GetAccountBalancesResponseStruct,
      ),
    setSelectedAccounts: async (ids: string[]) =>
      checked(
        await keyring.setSelectedAccounts(ids),
        SetSelectedAccountsResponseStruct,
      ),
    lookup: async (list: string[]) =>
      checked(await assets.lookup(list), OnAssetsLookupResponseStruct),
    convert: async (conversions: { from: string; to: string }[]) =>
      checked(
        await assets.convert(conversions),
        OnAssetsConversionResponseStruct,
      ),
    historicalPrice: async (from: string, to: string) =>
      checked(
        await assets.historicalPrice(from, to),
        OnAssetHistoricalPriceResponseStruct,
      ),
    marketData: async (list: { asset: string; unit: string }[]) =>
      checked(await assets.marketData(list), OnAssetsMarketDataResponseStruct),
  };
}

/** The double. */
export type MetaMaskDouble = Awaited<ReturnType<typeof startMetaMaskDouble>>;

/** A balances event's params, as keyring-api types them. */
export type BalancesEvent = Infer<typeof AccountBalancesUpdatedEventStruct>;
