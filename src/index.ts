import type { OnRpcRequestHandler } from '@metamask/snaps-sdk';

import { dispatch } from './rpc/dispatch';
import { createStore } from './state/store';

const store = createStore();

/**
 * Dapp requests (`wallet_invokeSnap`): every `snapnet_*` method goes through the one
 * dispatcher.
 *
 * @param args - The request and its origin.
 * @param args.origin - The dapp's origin.
 * @param args.request - The JSON-RPC request.
 * @returns The method's result.
 */
export const onRpcRequest: OnRpcRequestHandler = async ({ origin, request }) =>
  dispatch({
    origin,
    method: request.method,
    params: request.params,
    store,
  });
