/**
 * The Starknet JSON-RPC methods the fake node answers (spec 0.10, params by name or by
 * position), each reading or changing one network's `Chain`: the method families live
 * in rpcBlocks.ts, rpcState.ts, rpcSimulate.ts and rpcTransactions.ts.
 */
import type { Chain } from './chain';
import * as errors from './errors';
import type { Json } from './json';
import { isRecord } from './json';
import { BLOCK_METHODS } from './rpcBlocks';
import type { Method, Params } from './rpcMethod';
import { SIMULATE_METHODS } from './rpcSimulate';
import { STATE_METHODS } from './rpcState';
import { TRANSACTION_METHODS } from './rpcTransactions';

/** Every method the node answers. */
export const METHODS: Record<string, Method> = {
  ...BLOCK_METHODS,
  ...STATE_METHODS,
  ...SIMULATE_METHODS,
  ...TRANSACTION_METHODS,
};

/**
 * Runs one JSON-RPC call on a chain.
 *
 * @param chain - The network's chain.
 * @param method - Method name.
 * @param params - By-name object, positional array, or absent.
 * @returns The result.
 */
export function dispatch(chain: Chain, method: string, params: unknown): Json {
  const entry = METHODS[method];
  if (!entry) {
    throw errors.methodNotFound(method);
  }
  let named: Params;
  if (params === undefined || params === null) {
    named = {};
  } else if (Array.isArray(params)) {
    named = Object.fromEntries(
      entry.params.map((name, index): [string, unknown] => [
        name,
        params[index],
      ]),
    );
  } else if (isRecord(params)) {
    named = params;
  } else {
    throw errors.invalidParams('params must be an object or an array');
  }
  return entry.run(chain, named);
}
