import type { Struct } from '@metamask/superstruct';
import { type } from '@metamask/superstruct';
import type { Hex, Json } from '@metamask/utils';

import type { CreditBalance, CreditLedger } from './credits';
import type { RequestFunction } from './credits';
import { createCreditLedger, METHOD_CREDITS, withCredits } from './credits';
import { ConfigurationError } from './errors';
import type { CallObject, EvmTransaction, UncleBlock } from './evm';
import {
  call,
  getByBlockHashAndIndex,
  getTransactionByHash,
  TransactionOrNullStruct,
  UncleOrNullStruct,
} from './evm';
import type { ChainFamily, GatewayNetwork } from './networks';
import { HTTP_ONLY_METHODS, METHOD_FAMILY } from './networks';
import type { ResolvedOptions } from './options';
import { resolveOptions } from './options';
import type { RetryOptions } from './retry';
import { withRetry } from './retry';
import type {
  BlockProductionResult,
  GetBlockProductionConfig,
  SimulateTransactionConfig,
  SimulationResult,
} from './solana';
import { getBlockProduction, simulateTransaction } from './solana';
import type { BlockParameter, GatewayContext, QuantityInput } from './structs';
import { check, ParsedJsonStruct, ResultQuantityStruct } from './structs';
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
  /**
   * 'http' (default) or 'ws'. A 'ws' client serves the EVM lookups only, as the
   * interface shows WebSocket for nothing else: it refuses eth_call,
   * simulateTransaction and getBlockProduction with a ConfigurationError at call time,
   * and a network without a WebSocket endpoint at creation.
   */
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

const LatestBlockStruct = type({ gasLimit: ResultQuantityStruct });

/**
 * Creates a gateway client over viem's transports. Every typed method checks its inputs
 * before sending (a refused call still costs credits), holds its credits in the ledger,
 * retries what can be retried and checks the answer against the documented shape.
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
  const costs = { ...METHOD_CREDITS, ...options.creditCosts };
  const charged = withCredits(transport.request, {
    ledger,
    apiKey,
    dailyCredits,
    costs: new Map(Object.entries(costs)),
  });
  const guard = routeGuard(resolved);
  const context = createContext(options, async (method, params) => {
    guard(method);
    return withRetry(async () => charged(method, params), resolved.retry);
  });
  return {
    transport: resolved.transport.kind,
    family: resolved.preset?.family,
    async request(method, params = []): Promise<Json> {
      if (typeof method !== 'string' || !method || !Array.isArray(params)) {
        throw new ConfigurationError(
          'request(method, params) takes a method name and a params array',
        );
      }
      return context.send(method, params, ParsedJsonStruct);
    },
    ...typedMethods(context, guard),
    credits: () => ledger.balance(apiKey, dailyCredits),
    close: async () => transport.close(),
  };
}

/** The typed methods of a client. */
type TypedMethods = Omit<
  GatewayClient,
  'transport' | 'family' | 'request' | 'credits' | 'close'
>;

/**
 * The typed methods: each checks the routing first (before an action's own lookups,
 * such as the gas limit), then runs its action.
 *
 * @param context - The context actions run in.
 * @param guard - The routing rule.
 * @returns The methods.
 */
function typedMethods(
  context: GatewayContext,
  guard: (method: string) => void,
): TypedMethods {
  const run = async <Result>(
    method: string,
    action: (ctx: GatewayContext) => Promise<Result>,
  ): Promise<Result> => {
    guard(method);
    return action(context);
  };
  const byIndex =
    <Result>(
      method: Parameters<typeof getByBlockHashAndIndex>[1],
      result: Struct<Result | null, unknown>,
    ) =>
    async (blockHash: Hex, index: QuantityInput): Promise<Result | null> =>
      run(method, async (ctx) =>
        getByBlockHashAndIndex(ctx, method, result, blockHash, index),
      );
  return {
    simulateTransaction: async (transaction, config) =>
      run('simulateTransaction', async (ctx) =>
        simulateTransaction(ctx, transaction, config),
      ),
    getBlockProduction: async (config) =>
      run('getBlockProduction', async (ctx) => getBlockProduction(ctx, config)),
    getTransactionByBlockHashAndIndex: byIndex(
      'eth_getTransactionByBlockHashAndIndex',
      TransactionOrNullStruct,
    ),
    getUncleByBlockHashAndIndex: byIndex(
      'eth_getUncleByBlockHashAndIndex',
      UncleOrNullStruct,
    ),
    getTransactionByHash: async (hash) =>
      run('eth_getTransactionByHash', async (ctx) =>
        getTransactionByHash(ctx, hash),
      ),
    call: async (callObject, block) =>
      run('eth_call', async (ctx) => call(ctx, callObject, block)),
  };
}

/**
 * The routing rule: a WebSocket client refuses HTTP-only methods, and a client of a
 * network preset refuses methods of another chain family, before anything is sent.
 *
 * @param resolved - The resolved options.
 * @returns A guard throwing ConfigurationError for a misrouted method.
 */
function routeGuard(resolved: ResolvedOptions): (method: string) => void {
  const { preset, networkName } = resolved;
  return (method) => {
    const family = METHOD_FAMILY.get(method);
    let reason: string | undefined;
    if (resolved.transport.kind === 'ws' && HTTP_ONLY_METHODS.has(method)) {
      reason = `is not offered over WebSocket (only the EVM lookups are); use an HTTP client`;
    } else if (preset && family && family !== preset.family) {
      reason = `is a ${family} method but ${networkName ?? 'this'} is a ${preset.family} network`;
    }
    if (reason) {
      throw new ConfigurationError(`${method} ${reason}`, { method });
    }
  };
}

/**
 * The context actions run in: sending with the result check, the warning channel, and
 * the block gas limit (given, or read once from the latest block; a failed read is not
 * cached).
 *
 * @param options - The client options.
 * @param send - Sends one call: routed, charged and retried.
 * @returns The context.
 */
function createContext(
  options: GatewayClientOptions,
  send: RequestFunction,
): GatewayContext {
  let gasLimit =
    options.blockGasLimit === undefined
      ? undefined
      : Promise.resolve(options.blockGasLimit);
  const context: GatewayContext = {
    async send(method, params, result) {
      return check(result, await send(method, params), method);
    },
    warn: options.onWarning ?? ((message): void => console.warn(message)),
    async blockGasLimit() {
      gasLimit ??= context
        .send('eth_getBlockByNumber', ['latest', false], LatestBlockStruct)
        .then((block) => BigInt(block.gasLimit));
      return gasLimit.catch((error: unknown) => {
        gasLimit = undefined;
        throw error;
      });
    },
  };
  return context;
}
