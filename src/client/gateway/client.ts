import type { Json } from '@metamask/utils';

import { invalidParams } from '../errors';
import type { CreditBalance } from './credits';
import { createCreditLedger, METHOD_CREDITS } from './credits';
import { isRefusal } from './errors';
import type { EvmMethods } from './evm';
import { evmMethods } from './evm';
import type { ChainFamily } from './networks';
import { resolveOptions } from './options';
import type { SolanaMethods } from './solana';
import { solanaMethods } from './solana';
import { createTransport, retrying } from './transport';
import type { GatewayClientOptions, Typed } from './types';

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
