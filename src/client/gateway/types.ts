import type { CreditLedger } from './credits';
import type { GatewayNetwork } from './networks';
import type { FetchFunction, RetryOptions } from './transport';

// The types the client's parts share, below all of them: client.ts assembles evm.ts,
// solana.ts and options.ts, which take these, so no import goes back up.

/** Options of {@link createGatewayClient}. */
export type GatewayClientOptions = {
  /** The key issued by the gateway operator; it becomes the last path segment. */
  apiKey: string;
  /** A preset host (see GATEWAY_NETWORKS). Give this or `baseUrl`. */
  network?: GatewayNetwork;
  /** Any gateway's `{base_url}`, e.g. `https://mainnet.infura.io`. */
  baseUrl?: string;
  /** `{ws_url}` for transport 'ws', when not taken from `network`. */
  wsUrl?: string;
  /**
   * 'http' (default) or 'ws' (viem's webSocket transport: the global WebSocket, or the
   * `ws` package in Node 20); a 'ws' client serves the EVM lookups only.
   */
  transport?: 'http' | 'ws';
  /** Time for one attempt, connection included. Default 10 000 ms. */
  timeoutMs?: number;
  /** Retry of 429 / -32005 / -33200 / -33300 / 408 / 5xx. Default 3 attempts. */
  retry?: Partial<RetryOptions>;
  /** Replaces `globalThis.fetch` (viem's http transport `fetchFn`). */
  fetch?: FetchFunction;
  /** Daily credit budget; a call that would exceed it is refused locally. */
  dailyCredits?: number;
  /** A ledger shared with other clients of the same key. Default: one per client. */
  ledger?: CreditLedger;
  /** Credit costs of methods beyond (or instead of) the documented ones. */
  creditCosts?: Record<string, number>;
  /** The block gas limit, when known; otherwise fetched once for eth_call's gas cap. */
  blockGasLimit?: bigint;
  /** Receives deprecation warnings. Default: console.warn. */
  onWarning?: (message: string) => void;
};

/** Checks an answer: returns it narrowed or throws a SnapnetError (-32603). */
export type ResultCheck<Result> = (value: unknown, method: string) => Result;

/** Makes a typed method: route, `prepare` (checks inputs, gives params), send, check. */
export type Typed = <Args extends unknown[], Result>(
  method: string,
  prepare: (method: string, ...args: Args) => unknown[] | Promise<unknown[]>,
  result: ResultCheck<Result>,
) => (...args: Args) => Promise<Result>;
