import type {
  OnAssetsConversionHandler,
  OnAssetsLookupHandler,
  OnAssetsMarketDataHandler,
  OnCronjobHandler,
  OnHomePageHandler,
  OnInstallHandler,
  OnKeyringRequestHandler,
  OnProtocolRequestHandler,
  OnRpcRequestHandler,
  OnUpdateHandler,
  OnUserInputHandler,
} from '@metamask/snaps-sdk';
import { MethodNotFoundError } from '@metamask/snaps-sdk';
import { hasProperty, isObject } from '@metamask/utils';

import { JOBS } from './background/jobs';
import { withErrorBoundary } from './errors';
import { handleHomeInput } from './home/homeInput';
import { renderHomePage } from './home/homePage';
import { safePage } from './home/safePage';
import { withActivityEvents } from './keyring/activityEvents';
import { lookupAssets } from './keyring/assetHandlers';
import {
  convertAssets,
  historicalPrice,
  marketData,
} from './keyring/assetPrices';
import { announceListedToken } from './keyring/events';
import { handleKeyringRequest } from './keyring/keyring';
import { handleProtocolRequest } from './keyring/protocol';
import { welcome } from './lifecycle/welcome';
import { dispatch } from './rpc/dispatch';
import { createSendLock } from './rpc/sendLock';
import { isPreloaded } from './starknet/tokens/watchList';
import { runMigrations } from './state/migrations';
import { createStore } from './state/store';

// Every record written tells MetaMask's activity list (notify:accountTransactionsUpdated).
const store = withActivityEvents(createStore({ isPreloaded }));
const sendLock = createSendLock();
const services = { store, sendLock };

/**
 * Dapp requests (`wallet_invokeSnap`): every `snapnet_*` method goes through the one
 * dispatcher.
 *
 * @param args - The request and its origin.
 * @param args.origin - The dapp's origin.
 * @param args.request - The JSON-RPC request.
 * @returns The method's result.
 */
export const onRpcRequest: OnRpcRequestHandler = withErrorBoundary(
  async ({ origin, request }) => {
    const result = await dispatch({
      origin,
      method: request.method,
      params: request.params,
      ...services,
    });
    await afterRpc(request.method, request.params, result);
    return result;
  },
);

/**
 * What MetaMask is told after a dapp request succeeded: a token the user approved
 * listing is an asset of every keyring account now (`notify:accountAssetListUpdated`).
 * Never fails the request it follows.
 *
 * @param method - The snap method that succeeded.
 * @param params - Its params (the token's `chainId`, else the current network).
 * @param result - Its result.
 */
async function afterRpc(
  method: string,
  params: unknown,
  result: unknown,
): Promise<void> {
  if (
    method !== 'snapnet_addErc20Token' ||
    typeof result !== 'object' ||
    result === null ||
    !hasProperty(result, 'address') ||
    typeof result.address !== 'string'
  ) {
    return;
  }
  try {
    const { currentNetwork } = await store.read();
    const chainId =
      isObject(params) && typeof params.chainId === 'string'
        ? params.chainId.toLowerCase()
        : currentNetwork;
    await announceListedToken(services, chainId, result.address);
  } catch {
    // The next refresh tells MetaMask the list.
  }
}

/**
 * MetaMask's keyring requests: the accounts shown in MetaMask for the Multichain API
 * (`starknet:*` scopes) and the wallet-API requests it routes to them. MetaMask only.
 *
 * @param args - The request and its origin.
 * @param args.origin - `metamask`; anyone else is refused.
 * @param args.request - The JSON-RPC request.
 * @returns The method's result.
 */
export const onKeyringRequest: OnKeyringRequestHandler = withErrorBoundary(
  async ({ origin, request }) =>
    handleKeyringRequest({
      origin,
      method: request.method,
      params: request.params,
      services,
    }),
);

/**
 * Multichain API node reads on `starknet:*` scopes, forwarded to the snap's node.
 *
 * @param args - The request.
 * @param args.scope - The CAIP-2 scope.
 * @param args.request - The JSON-RPC request.
 * @returns The node's result.
 */
export const onProtocolRequest: OnProtocolRequestHandler = withErrorBoundary(
  async ({ scope, request }) =>
    handleProtocolRequest({
      scope,
      method: request.method,
      params: request.params,
      services,
    }),
);

/**
 * The snap's page in MetaMask: network, account and balances; an error page at worst.
 *
 * @returns The page.
 */
export const onHomePage: OnHomePageHandler = withErrorBoundary(async () => ({
  content: await safePage(async () => renderHomePage(services)),
}));

/**
 * What the user does on the home page: create the first account, pick the current
 * account, choose or reset the node.
 *
 * @param args - The event.
 * @param args.id - The page's interface id.
 * @param args.event - What the user did.
 */
export const onUserInput: OnUserInputHandler = withErrorBoundary(
  async ({ id, event, context }) => {
    const ui = await handleHomeInput(services, event, { id, context });
    if (ui) {
      await snap.request({
        method: 'snap_updateInterface',
        params: { id, ui },
      });
    }
  },
);

/**
 * First install: say what the snap does.
 *
 * @returns When the user closed the dialog.
 */
export const onInstall: OnInstallHandler = withErrorBoundary(async () =>
  welcome(),
);

/**
 * Update: migrate the stored state and write it (loads migrate too, without writing).
 *
 * @returns When the state is migrated.
 */
export const onUpdate: OnUpdateHandler = withErrorBoundary(async () =>
  runMigrations(store, { isPreloaded }),
);

/**
 * Background jobs (`endowment:cronjob`): the job named by the request's method
 * (src/background/jobs.ts).
 *
 * @param args - The job's request.
 * @param args.request - `{ method }` as the manifest names it.
 * @returns When the job is done.
 */
export const onCronjob: OnCronjobHandler = withErrorBoundary(
  async ({ request }) => {
    const job = hasProperty(JOBS, request.method)
      ? JOBS[request.method]
      : undefined;
    if (!job) {
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- snaps-sdk's error classes are Errors at runtime
      throw new MethodNotFoundError(`No background job ${request.method}`);
    }
    await job(services);
  },
);

/**
 * MetaMask's asset metadata (`endowment:assets`): symbol, name, decimals and icon of
 * Starknet tokens, from the snap's list or the chain.
 *
 * @param args - The assets asked.
 * @param args.assets - CAIP-19 asset types.
 * @returns The metadata.
 */
export const onAssetsLookup: OnAssetsLookupHandler = withErrorBoundary(
  async ({ assets }) => lookupAssets(services, assets),
);

/**
 * Dollar rates of Starknet tokens, from the Pragma oracle through the user's node.
 *
 * @param args - The conversions asked.
 * @param args.conversions - From and to asset types.
 * @returns The rates (null where there is none).
 */
export const onAssetsConversion: OnAssetsConversionHandler = withErrorBoundary(
  async ({ conversions }) => convertAssets(services, conversions),
);

/**
 * Price history: none is kept or fetched (see keyring/assetPrices.ts).
 *
 * @returns `{ historicalPrice: null }`.
 */
export const onAssetHistoricalPrice = withErrorBoundary(historicalPrice);

/**
 * Market data: not on chain in a form the snap reads; null for each asset.
 *
 * @param args - The assets asked.
 * @param args.assets - Asset and unit pairs.
 * @returns The (unknown) market data.
 */
export const onAssetsMarketData: OnAssetsMarketDataHandler = withErrorBoundary(
  async ({ assets }) => marketData(assets),
);
