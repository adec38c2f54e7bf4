import type { Hex, Json } from '@metamask/utils';
import { isObject } from '@metamask/utils';

import type { RetryOptions } from './classify';
import { withRetry } from './classify';
import type { CreditBalance, CreditLedger, RequestFunction } from './credits';
import { createCreditLedger, METHOD_CREDITS, UNCHARGED } from './credits';
import { ConfigurationError } from './errors';
import type { CallObject, EvmTransaction, UncleBlock } from './evm';
import { evmMethods } from './evm';
import type { ChainFamily, GatewayNetwork } from './networks';
import { HTTP_ONLY_METHODS, METHOD_FAMILY } from './networks';
import type { ResolvedOptions } from './options';
import { resolveOptions } from './options';
import type {
  BlockProductionResult,
  GetBlockProductionConfig,
  SimulateTransactionConfig,
  SimulationResult,
} from './solana';
import { solanaMethods } from './solana';
import type { BlockParameter, GatewayContext, QuantityInput } from './structs';
import { checkHex } from './structs';
import type { FetchFunction, WebSocketConstructor } from './transport';
import { createTransport } from './transport';

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
  /** 'http' (default) or 'ws'; a 'ws' client serves the EVM lookups only. */
  transport?: 'http' | 'ws';
  /** Time for one attempt, connection included. Default 10 000 ms. */
  timeoutMs?: number;
  /** Retry of 429 / -32005 / -33200 / -33300 / 408 / 5xx. Default 3 attempts. */
  retry?: Partial<RetryOptions>;
  /** Replaces `globalThis.fetch` (viem's http transport `fetchFn`). */
  fetch?: FetchFunction;
  /** Replaces `globalThis.WebSocket`; pass the `ws` package in Node 20. */
  // eslint-disable-next-line @typescript-eslint/naming-convention
  WebSocket?: WebSocketConstructor;
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
export type GatewayClient = {
  /** The transport calls go over. */
  readonly transport: 'http' | 'ws';
  /** The chain family of the network preset, when one was given. */
  readonly family: ChainFamily | undefined;
  /** Any method, unchecked: budgeted, retried and routed like the typed ones. */
  request(method: string, params?: readonly Json[]): Promise<Json>;
  /** simulateTransaction (160 credits); null when the account does not exist. */
  simulateTransaction(
    transaction: string,
    config?: SimulateTransactionConfig,
  ): Promise<SimulationResult>;
  /** getBlockProduction (160 credits). */
  getBlockProduction(
    config?: GetBlockProductionConfig,
  ): Promise<BlockProductionResult>;
  /** eth_getTransactionByBlockHashAndIndex (150 credits); null when not found. */
  getTransactionByBlockHashAndIndex(
    blockHash: Hex,
    index: QuantityInput,
  ): Promise<EvmTransaction | null>;
  /** eth_getUncleByBlockHashAndIndex (150 credits); null when not found. */
  getUncleByBlockHashAndIndex(
    blockHash: Hex,
    index: QuantityInput,
  ): Promise<UncleBlock | null>;
  /** eth_getTransactionByHash (80 credits); null when not found. */
  getTransactionByHash(hash: Hex): Promise<EvmTransaction | null>;
  /** eth_call (80 credits); ExecutionRevertedError on a revert. */
  call(callObject: CallObject, block: BlockParameter): Promise<Hex>;
  /** Credits spent today under this client's key. */
  credits(): CreditBalance;
  /** Closes the WebSocket, failing pending calls; a no-op for HTTP. */
  close(): Promise<void>;
};

const anyJson = (value: unknown): Json => value as Json; // parsed JSON by construction

/**
 * Creates a gateway client over viem's transports. Typed methods check their inputs
 * before sending (a refused call still costs credits), hold credits in the ledger, retry
 * what can be retried and check the answer's documented members.
 *
 * @param options - Client options.
 * @returns The client.
 * @throws {ConfigurationError} For a missing or contradictory host, key or transport.
 */
export function createGatewayClient(
  options: GatewayClientOptions,
): GatewayClient {
  const resolved = resolveOptions(options);
  const { apiKey, dailyCredits } = resolved;
  const ledger = options.ledger ?? createCreditLedger();
  const transport = createTransport(resolved.transport);
  const costs = new Map(
    Object.entries({ ...METHOD_CREDITS, ...options.creditCosts }),
  );
  // Each attempt holds its credits. Refusals without a run give them back; an answered
  // error (a revert) and no answer (the call may have run) are charged.
  const charged: RequestFunction = async (method, params) => {
    const cost = costs.get(method) ?? 0;
    const hold = ledger.reserve(apiKey, method, cost, dailyCredits);
    try {
      return await transport.request(method, params);
    } catch (error) {
      if (UNCHARGED.some((kind) => error instanceof kind)) {
        hold.release();
      }
      throw error;
    }
  };
  const ctx = createContext(
    options,
    routeGuard(resolved),
    async (method, params) =>
      withRetry(charged, method, params, resolved.retry),
  );
  return {
    transport: resolved.transport.kind,
    family: resolved.preset?.family,
    request: async (method, params = []): Promise<Json> => {
      if (typeof method !== 'string' || !method || !Array.isArray(params)) {
        throw new ConfigurationError(
          'request(method, params) takes a method name and a params array',
        );
      }
      ctx.guard(method);
      return ctx.send(method, params, anyJson);
    },
    ...solanaMethods(ctx),
    ...evmMethods(ctx),
    credits: () => ledger.balance(apiKey, dailyCredits),
    close: async () => transport.close(),
  };
}

// A WebSocket client refuses HTTP-only methods, and a client of a network preset
// refuses methods of another chain family, before anything is sent.
function routeGuard(resolved: ResolvedOptions): (method: string) => void {
  const { preset, networkName } = resolved;
  const ws = resolved.transport.kind === 'ws';
  return (method) => {
    const family = METHOD_FAMILY.get(method);
    let reason: string | undefined;
    if (ws && HTTP_ONLY_METHODS.has(method)) {
      reason = `is not offered over WebSocket (only the EVM lookups are); use an HTTP client`;
    } else if (preset && family && family !== preset.family) {
      reason = `is a ${family} method but ${networkName ?? 'this'} is a ${preset.family} network`;
    }
    if (reason) {
      throw new ConfigurationError(`${method} ${reason}`, { method });
    }
  };
}

// Sending with the answer check, the warning channel, and the block gas limit (given,
// or read once from the latest block; a failed read is not cached).
function createContext(
  options: GatewayClientOptions,
  guard: (method: string) => void,
  send: RequestFunction,
): GatewayContext {
  let gasLimit =
    options.blockGasLimit === undefined
      ? undefined
      : Promise.resolve(options.blockGasLimit);
  const readLimit = async (): Promise<bigint> => {
    const block = await send('eth_getBlockByNumber', ['latest', false]);
    const limit = isObject(block) ? block.gasLimit : undefined;
    return BigInt(checkHex('anyQuantity', limit, 'eth_getBlockByNumber'));
  };
  return {
    send: async (method, params, result) =>
      result(await send(method, params), method),
    guard,
    warn: options.onWarning ?? ((message): void => console.warn(message)),
    blockGasLimit: async (): Promise<bigint> => {
      gasLimit ??= readLimit();
      return gasLimit.catch((error: unknown) => {
        gasLimit = undefined;
        throw error;
      });
    },
  };
}
