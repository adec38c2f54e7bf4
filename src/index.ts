import type {
  OnCronjobHandler,
  OnHomePageHandler,
  OnInstallHandler,
  OnKeyringRequestHandler,
  OnProtocolRequestHandler,
  OnRpcRequestHandler,
  OnUpdateHandler,
  OnUserInputHandler,
} from '@metamask/snaps-sdk';

import { JOBS } from './background/jobs';
import { withErrorBoundary } from './errors';
import { handleHomeInput } from './home/homeInput';
import { renderHomePage } from './home/homePage';
import { safePage } from './home/safePage';
import { withActivityEvents } from './keyring/activityEvents';
import { handleKeyringRequest } from './keyring/keyring';
import { handleProtocolRequest } from './keyring/protocol';
import { welcome } from './lifecycle/welcome';
import { dispatch } from './rpc/dispatch';
import { createSendLock } from './rpc/sendLock';
import { isPreloaded } from './starknet/watchList';
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
  async ({ origin, request }) =>
    dispatch({
      origin,
      method: request.method,
      params: request.params,
      ...services,
    }),
);

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
 * The manifest's background jobs (`endowment:cronjob`), by `request.method`
 * (src/background/jobs.ts); an unknown one is refused.
 *
 * @param args - The job's request.
 * @param args.request - Its method.
 * @returns When the job is done.
 */
export const onCronjob: OnCronjobHandler = withErrorBoundary(
  async ({ request }) => {
    const job = Object.hasOwn(JOBS, request.method)
      ? JOBS[request.method]
      : undefined;
    if (!job) {
      throw new Error(`Unknown background job: ${request.method}`);
    }
    await job(services);
    return null;
  },
);
