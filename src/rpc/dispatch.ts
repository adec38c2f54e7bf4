import { MethodNotFoundError } from '@metamask/snaps-sdk';
import type { Json, JsonRpcParams } from '@metamask/utils';
import { hasProperty } from '@metamask/utils';

import type { Store } from '../state/store';
import { routes } from './handlers';
import type { SendLock } from './sendLock';

/**
 * Looks a method up in the routes.
 *
 * @param method - Requested method name.
 * @returns Whether the snap has it.
 */
function isRouted(method: string): method is keyof typeof routes {
  return hasProperty(routes, method);
}

/**
 * The snap's one entry point for dapp requests: unknown method → -32601, bad params →
 * -32602 naming the field. What a handler throws is left as it is: the entry point's
 * error boundary (`withErrorBoundary` in src/index.ts) maps it, once.
 *
 * @param args - The request.
 * @param args.origin - The caller.
 * @param args.method - Method name.
 * @param args.params - Raw params.
 * @param args.store - The state store.
 * @param args.sendLock - The snap's send lock.
 * @returns The method's result.
 */
export async function dispatch(args: {
  origin: string;
  method: string;
  params: JsonRpcParams | undefined;
  store: Store;
  sendLock: SendLock;
}): Promise<Json> {
  if (!isRouted(args.method)) {
    // snaps-sdk's error classes are Errors at runtime; their declared type hides it.
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    throw new MethodNotFoundError(`Method not found: ${args.method}`, {
      method: args.method,
    });
  }
  // One lock check per request, not per state read (see createStore).
  const store = args.store.forRequest?.() ?? args.store;
  return await routes[args.method](args.params, { ...args, store });
}
