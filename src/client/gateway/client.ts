import type { Json } from '@metamask/utils';

import { invalidParams } from '../errors';
import type { CreditBalance, CreditLedger } from './credits';
import { createCreditLedger, METHOD_CREDITS } from './credits';
import { isRefusal } from './errors';
import type { EvmMethods } from './evm';
import { evmMethods } from './evm';
import type { ChainFamily, GatewayNetwork } from './networks';
import { resolveOptions } from './networks';
import type { SolanaMethods } from './solana';
import { solanaMethods } from './solana';
import type { FetchFunction, RetryOptions } from './transport';
import { createTransport, retrying } from './transport';

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

/** A typed client of one gateway network under one API key. */
export type GatewayClient = EvmMethods &
  SolanaMethods & {
    readonly transport: 'http' | 'ws';
    /** The chain family of the network preset, when one was given. */
    readonly family: ChainFamily | undefined;
    /** Any method, unchecked: budgeted, retried and routed like the typed ones. */
    request(method: string, params?: readonly Json[]): Promise<Json>;
    /** Credits spent today under this client's key. */
    credits(): CreditBalance;
    /**
     * Closes the WebSocket (shared by clients of the same `wsUrl` and key: viem caches
     * one socket per URL), failing pending calls and refusing later ones. No-op for HTTP.
     */
    close(): Promise<void>;
  };

/** Checks an answer: returns it narrowed or throws a SnapnetError (-32603). */
export type ResultCheck<Result> = (value: unknown, method: string) => Result;

/** Makes a typed method: route, `prepare` (checks inputs, gives params), send, check. */
export type Typed = <Args extends unknown[], Result>(
  method: string,
  prepare: (method: string, ...args: Args) => unknown[] | Promise<unknown[]>,
  result: ResultCheck<Result>,
) => (...args: Args) => Promise<Result>;

/**
 * Creates a gateway client over viem's transports. Typed methods check their inputs
 * before sending (a refused call still costs credits), hold credits in the ledger,
 * retry what can be retried and check the answer's documented members.
 *
 * @param options - Client options.
 * @returns The client.
 * @throws {InvalidParamsError} For a missing or contradictory host, key or transport.
 */
export function createGatewayClient(
  options: GatewayClientOptions,
): GatewayClient {
  const { retry, preset, endpoint, guard } = resolveOptions(options);
  const { apiKey, dailyCredits } = options;
  const ledger = options.ledger ?? createCreditLedger();
  const transport = createTransport(endpoint);
  const costs = new Map(
    Object.entries({ ...METHOD_CREDITS, ...options.creditCosts }),
  );
  // Each attempt holds its credits. Answered errors (a revert) and calls without an
  // answer (they may have run) are charged; refusals give them back.
  const send = retrying(async (method, params) => {
    const cost = costs.get(method) ?? 0;
    const hold = ledger.reserve(apiKey, method, cost, dailyCredits);
    try {
      return await transport.request(method, params);
    } catch (error) {
      if (isRefusal(error)) {
        hold.release();
      }
      throw error;
    }
  }, retry);
  const typed: Typed =
    (method, prepare, result) =>
    async (...args) => {
      guard(method);
      return result(await send(method, await prepare(method, ...args)), method);
    };
  return {
    transport: options.transport ?? 'http',
    family: preset?.family,
    request: async (method, params = []): Promise<Json> => {
      if (typeof method !== 'string' || !method || !Array.isArray(params)) {
        throw invalidParams(
          'method',
          'request(method, params) takes a method name and a params array',
        );
      }
      guard(method);
      return (await send(method, params)) as Json; // parsed JSON
    },
    ...evmMethods(typed, options.blockGasLimit),
    ...solanaMethods(typed, options.onWarning ?? console.warn),
    credits: () => ledger.balance(apiKey, dailyCredits),
    close: async () => transport.close(),
  };
}
