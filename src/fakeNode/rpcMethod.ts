/**
 * The shape of a JSON-RPC method of the fake node: rpc.ts merges the method families
 * (rpcBlocks.ts, rpcState.ts, rpcSimulate.ts, rpcTransactions.ts), which all use it, so
 * it sits below them all.
 */
import type { Chain } from './chain';
import type { Json } from './json';

/** Named params of a call (positional ones are mapped to names first). */
export type Params = Record<string, unknown>;

/** A method: its param names in positional order, and its handler. */
export type Method = {
  params: string[];
  run: (chain: Chain, params: Params) => Json;
};
