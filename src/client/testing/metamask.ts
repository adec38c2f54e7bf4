/**
 * MetaMask's own side of the snap, for a dapp developer's tests: what MetaMask's
 * multichain controllers ask snapnet for its accounts' screens (the keyring's asset
 * methods, as origin `metamask`), what the asset handlers of `endowment:assets`
 * answer (token metadata, dollar rates), the cron jobs of `endowment:cronjob`, and the
 * `snap_manageAccounts` events the snap sends (account created, balances and asset
 * list updated), recorded as MetaMask's Snap keyring would receive them. So a test
 * sees what MetaMask will show for an account, without MetaMask.
 */
import type { InstalledSnap, Snap } from '@metamask/snaps-simulation';
import { getOptions, handleRequest } from '@metamask/snaps-simulation';
import { is } from '@metamask/superstruct';
import type { Json } from '@metamask/utils';
import { isObject } from '@metamask/utils';

import { ProviderRpcError, WireErrorStruct } from './wire';

/** One `snap_manageAccounts` call the snap made (`notify:*` events). */
export type KeyringEvent = { method: string; params: unknown };

/** The keyring methods MetaMask calls for its screens (origin `metamask`). */
export type MetaMaskKeyring = {
  /** Any keyring method, as MetaMask sends it; resolves to its result. */
  call(method: string, params?: Record<string, Json>): Promise<unknown>;
  /** Shows the account of an index of the seed in MetaMask (`keyring_createAccount`). */
  createAccount(options?: Record<string, Json>): Promise<unknown>;
  listAccounts(): Promise<unknown>;
  /** The asset types of an account (`keyring_listAccountAssets`). */
  listAccountAssets(id: string): Promise<unknown>;
  /** Balances `{ amount, unit }` by asset type (`keyring_getAccountBalances`). */
  getAccountBalances(id: string, assets: string[]): Promise<unknown>;
  /** The accounts selected in MetaMask: those the background refreshes. */
  setSelectedAccounts(ids: string[]): Promise<unknown>;
  /** Every `snap_manageAccounts` event the snap sent so far, in order (live). */
  readonly events: KeyringEvent[];
};

/** The handlers of `endowment:assets`, as MetaMask's asset controllers call them. */
export type MetaMaskAssets = {
  /** `onAssetsLookup`: metadata (symbol, name, decimals, icon) per asset type. */
  lookup(assets: string[]): Promise<unknown>;
  /** `onAssetsConversion`: rates, e.g. to `swift:0/iso4217:USD`. */
  convert(conversions: { from: string; to: string }[]): Promise<unknown>;
  /** `onAssetHistoricalPrice`. */
  historicalPrice(from: string, to: string): Promise<unknown>;
  /** `onAssetsMarketData`. */
  marketData(assets: { asset: string; unit: string }[]): Promise<unknown>;
};

/** MetaMask's side of one running snap. */
export type MetaMaskSide = {
  keyring: MetaMaskKeyring;
  /** Undefined for a snap not hosted by the testing kit (snaps-jest's `installSnap`). */
  assets: MetaMaskAssets | undefined;
  /** Runs one cron job of the manifest (`refreshBalances`) as MetaMask's timer does. */
  runCronjob: (method: string) => Promise<void>;
};

/** A simulation response: the result or the serialized error. */
type SimulationResponse = { response: { result: Json } | { error: Json } };

/**
 * The result of a response; an error is thrown as MetaMask's provider rejects.
 *
 * @param answer - The simulation's response.
 * @returns The result.
 */
function resultOf(answer: SimulationResponse): unknown {
  const { response } = answer;
  if ('result' in response) {
    return response.result;
  }
  throw new ProviderRpcError(
    is(response.error, WireErrorStruct)
      ? response.error
      : { code: -32603, message: JSON.stringify(response.error) },
  );
}

/**
 * Plays MetaMask's Snap keyring for `snap_manageAccounts` (the simulation has none):
 * records each event and accepts it, as MetaMask Flask does for `any:account`.
 *
 * @param snap - The running snap.
 * @returns The recorded events (live).
 */
function recordKeyringEvents(snap: Snap): KeyringEvent[] {
  const events: KeyringEvent[] = [];
  snap.mockJsonRpc((request) => {
    if (request.method !== 'snap_manageAccounts') {
      return undefined;
    }
    const { params } = request;
    if (isObject(params) && typeof params.method === 'string') {
      events.push({ method: params.method, params: params.params });
    }
    return null;
  });
  return events;
}

/**
 * The asset handlers of a snap the testing kit hosts: snaps-simulation has no helper
 * for them, so they are sent to the snap's handler directly, as MetaMask's
 * SnapController does once it checked `endowment:assets`.
 *
 * @param installed - The simulation's parts of the snap.
 * @returns The handlers.
 */
function assetsOf(installed: InstalledSnap): MetaMaskAssets {
  const simulationOptions = getOptions({});
  const send = async (
    handler:
      | 'onAssetsLookup'
      | 'onAssetsConversion'
      | 'onAssetHistoricalPrice'
      | 'onAssetsMarketData',
    params: Record<string, Json>,
  ): Promise<unknown> =>
    resultOf(
      await handleRequest({
        ...installed,
        simulationOptions,
        handler: handler as Parameters<typeof handleRequest>[0]['handler'],
        request: { origin: 'metamask', method: '', params },
      }),
    );
  return {
    lookup: async (assets) => send('onAssetsLookup', { assets }),
    convert: async (conversions) => send('onAssetsConversion', { conversions }),
    historicalPrice: async (from, to) =>
      send('onAssetHistoricalPrice', { from, to }),
    marketData: async (assets) => send('onAssetsMarketData', { assets }),
  };
}

/**
 * MetaMask's side of a running snap: its keyring calls, asset handlers and cron jobs,
 * and the keyring events the snap sends (recorded from now on).
 *
 * @param snap - The running snap (any simulation's).
 * @param installed - The simulation's parts, when the testing kit hosts the snap.
 * @returns MetaMask's side.
 */
export function createMetaMaskSide(
  snap: Snap,
  installed?: InstalledSnap,
): MetaMaskSide {
  const events = recordKeyringEvents(snap);
  const call = async (
    method: string,
    params?: Record<string, Json>,
  ): Promise<unknown> =>
    resultOf(
      await snap.onKeyringRequest({
        origin: 'metamask',
        method,
        ...(params === undefined ? {} : { params }),
      }),
    );
  return {
    keyring: {
      call,
      events,
      createAccount: async (options = {}) =>
        call('keyring_createAccount', { options }),
      listAccounts: async () => call('keyring_listAccounts'),
      listAccountAssets: async (id) =>
        call('keyring_listAccountAssets', { id }),
      getAccountBalances: async (id, assets) =>
        call('keyring_getAccountBalances', { id, assets }),
      setSelectedAccounts: async (ids) =>
        call('keyring_setSelectedAccounts', { accounts: ids }),
    },
    assets: installed ? assetsOf(installed) : undefined,
    runCronjob: async (method): Promise<void> => {
      resultOf(await snap.onCronjob({ method }));
    },
  };
}
