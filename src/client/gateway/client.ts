import type { Struct } from '@metamask/superstruct';
import { type } from '@metamask/superstruct';
import type { Hex, Json } from '@metamask/utils';
import { hexToBigInt } from '@metamask/utils';

import type { CallObject } from './actions/call';
import { call } from './actions/call';
import type {
  BlockProductionResult,
  GetBlockProductionConfig,
} from './actions/getBlockProduction';
import { getBlockProduction } from './actions/getBlockProduction';
import { getTransactionByBlockHashAndIndex } from './actions/getTransactionByBlockHashAndIndex';
import { getTransactionByHash } from './actions/getTransactionByHash';
import type { UncleBlock } from './actions/getUncleByBlockHashAndIndex';
import { getUncleByBlockHashAndIndex } from './actions/getUncleByBlockHashAndIndex';
import type {
  SimulateTransactionConfig,
  SimulationResult,
} from './actions/simulateTransaction';
import { simulateTransaction } from './actions/simulateTransaction';
import type { GatewayContext } from './context';
import type { CreditBalance, CreditLedger } from './credits';
import { createCreditLedger, METHOD_CREDITS } from './credits';
import {
  AuthError,
  ConfigurationError,
  HttpError,
  QuotaExceededError,
  RateLimitError,
} from './errors';
import type { ChainFamily, GatewayNetwork } from './networks';
import { HTTP_ONLY_METHODS, METHOD_FAMILY } from './networks';
import { resolveOptions } from './options';
import type { RetryOptions } from './retry';
import { withRetry } from './retry';
import type { EvmTransaction } from './structs';
import { ParsedJsonStruct, ResultQuantityStruct } from './structs';
import type { FetchFunction } from './transport/http';
import { createHttpTransport } from './transport/http';
import type { Transport } from './transport/types';
import type { WebSocketConstructor } from './transport/ws';
import { createWsTransport } from './transport/ws';
import type { BlockParameter, QuantityInput } from './validate';
import { assertResult } from './validate';

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
  /** Replaces `globalThis.fetch`. */
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
 * Creates a gateway client. Every typed method checks its inputs before sending (a
 * refused call still costs credits), holds its credits in the ledger, retries what can
 * be retried and checks the answer against the documented shape.
 *
 * @param options - Client options.
 * @returns The client.
 * @throws {ConfigurationError} For a missing or contradictory host, key or transport.
 */
export function createGatewayClient(
  options: GatewayClientOptions,
): GatewayClient {
  const resolved = resolveOptions(options);
  const { apiKey, dailyCredits, retry, preset, networkName } = resolved;
  const ledger = options.ledger ?? createCreditLedger();
  const costs = new Map(
    Object.entries({ ...METHOD_CREDITS, ...options.creditCosts }),
  );
  const transport: Transport =
    resolved.transport === 'ws'
      ? createWsTransport(resolved.ws)
      : createHttpTransport(resolved.http);
  let gasLimit: Promise<bigint> | undefined =
    options.blockGasLimit === undefined
      ? undefined
      : Promise.resolve(options.blockGasLimit);

  /**
   * Refuses a method this client cannot route: an HTTP-only method on a WebSocket
   * client, or a method of another chain family than the network preset's.
   *
   * @param method - The method.
   * @throws {ConfigurationError} Saying why.
   */
  function guard(method: string): void {
    if (transport.kind === 'ws' && HTTP_ONLY_METHODS.has(method)) {
      throw new ConfigurationError(
        `${method} is not offered over WebSocket (only the EVM lookups are); use an HTTP client`,
        { method },
      );
    }
    const family = METHOD_FAMILY.get(method);
    if (preset && family && family !== preset.family) {
      throw new ConfigurationError(
        `${method} is a ${family} method but ${networkName ?? 'this'} is a ${preset.family} network`,
        { method },
      );
    }
  }

  const context: GatewayContext = {
    /**
     * Sends with credits held per attempt, retries, and the result check.
     *
     * @param method - The method.
     * @param params - The params array.
     * @param result - The result struct.
     * @returns The checked result.
     */
    async send<Result>(
      method: string,
      params: readonly unknown[],
      result: Struct<Result, unknown>,
    ): Promise<Result> {
      guard(method);
      const cost = costs.get(method) ?? 0;
      const answer = await withRetry(async () => {
        const hold = ledger.reserve(apiKey, method, cost, dailyCredits);
        try {
          return await transport.request(method, params);
        } catch (error) {
          if (!wasCharged(error)) {
            hold.release();
          }
          throw error;
        }
      }, retry);
      return assertResult(result, answer, method);
    },

    warn: options.onWarning ?? ((message): void => console.warn(message)),

    /**
     * The block gas limit: given, or read once from the latest block and cached (a
     * failed read is not cached).
     *
     * @returns The limit.
     */
    async blockGasLimit(): Promise<bigint> {
      gasLimit ??= context
        .send('eth_getBlockByNumber', ['latest', false], LatestBlockStruct)
        .then((block) => hexToBigInt(block.gasLimit));
      try {
        return await gasLimit;
      } catch (error) {
        gasLimit = undefined;
        throw error;
      }
    },
  };

  /**
   * Runs a typed action after the routing checks, so that a misrouted call is refused
   * before any lookup it would make (such as the gas limit).
   *
   * @param method - The JSON-RPC method.
   * @param action - The action.
   * @returns The action's result.
   */
  async function run<Result>(
    method: string,
    action: () => Promise<Result>,
  ): Promise<Result> {
    guard(method);
    return action();
  }

  return {
    transport: transport.kind,
    family: preset?.family,

    /**
     * Sends any method, unchecked.
     *
     * @param method - The method.
     * @param params - The params array.
     * @returns The result as sent.
     */
    async request(method, params = []): Promise<Json> {
      if (
        typeof method !== 'string' ||
        method === '' ||
        !Array.isArray(params)
      ) {
        throw new ConfigurationError(
          'request(method, params) takes a method name and a params array',
        );
      }
      return context.send(method, params, ParsedJsonStruct);
    },

    /**
     * @param transaction - The encoded transaction.
     * @param config - The simulation config.
     * @returns The simulation result.
     */
    async simulateTransaction(transaction, config): Promise<SimulationResult> {
      return run('simulateTransaction', async () =>
        simulateTransaction(context, transaction, config),
      );
    },

    /**
     * @param config - The block production config.
     * @returns The block production result.
     */
    async getBlockProduction(config): Promise<BlockProductionResult> {
      return run('getBlockProduction', async () =>
        getBlockProduction(context, config),
      );
    },

    /**
     * @param blockHash - The block hash.
     * @param index - The transaction index.
     * @returns The transaction or null.
     */
    async getTransactionByBlockHashAndIndex(
      blockHash,
      index,
    ): Promise<EvmTransaction | null> {
      return run('eth_getTransactionByBlockHashAndIndex', async () =>
        getTransactionByBlockHashAndIndex(context, blockHash, index),
      );
    },

    /**
     * @param blockHash - The block hash.
     * @param index - The uncle index.
     * @returns The uncle block or null.
     */
    async getUncleByBlockHashAndIndex(
      blockHash,
      index,
    ): Promise<UncleBlock | null> {
      return run('eth_getUncleByBlockHashAndIndex', async () =>
        getUncleByBlockHashAndIndex(context, blockHash, index),
      );
    },

    /**
     * @param hash - The transaction hash.
     * @returns The transaction or null.
     */
    async getTransactionByHash(hash): Promise<EvmTransaction | null> {
      return run('eth_getTransactionByHash', async () =>
        getTransactionByHash(context, hash),
      );
    },

    /**
     * @param callObject - The call object.
     * @param block - The block parameter.
     * @returns The returned data.
     */
    async call(callObject, block): Promise<Hex> {
      return run('eth_call', async () => call(context, callObject, block));
    },

    /**
     * Today's credits.
     *
     * @returns Today's balance of this client's key.
     */
    credits(): CreditBalance {
      return ledger.balance(apiKey, dailyCredits);
    },

    /**
     * Closes the transport.
     *
     * @returns When closed.
     */
    async close(): Promise<void> {
      return transport.close();
    },
  };
}

/**
 * Whether to count an attempt that failed as spent: yes when the node answered, even
 * with an error such as a revert, and when no answer came (a timeout or a dropped
 * socket may follow a run, and over-counting keeps the budget safe); no when the
 * gateway refused the request (auth, quota, rate limit, HTTP error).
 *
 * @param error - What the attempt threw.
 * @returns Whether to keep the credits held for it.
 */
function wasCharged(error: unknown): boolean {
  return !(
    error instanceof AuthError ||
    error instanceof QuotaExceededError ||
    error instanceof RateLimitError ||
    error instanceof HttpError ||
    error instanceof ConfigurationError
  );
}
