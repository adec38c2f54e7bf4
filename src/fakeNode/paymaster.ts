/**
 * A fake SNIP-29 paymaster served by the fake node on `/{network}/paymaster`, behaving
 * like AVNU's in "default" fee mode (no API key): `paymaster_isAvailable`,
 * `paymaster_getSupportedTokens`, `paymaster_buildTransaction` (paymasterBuild.ts) and
 * `paymaster_executeTransaction`, which checks the SNIP-12 signature against the
 * account's key and the last call (a transfer of at least the real fee to the
 * forwarder), then relays: its relayer account sends a real invoke to the node
 * (deploying the account through the UDC first for `deploy_and_invoke`) calling the
 * forwarder, which runs the account's outside execution. Every effect happens on the
 * node's own state. Admin ops set a tamper mode and list what it was asked.
 */

import type { Chain } from './chain';
import { RpcFailure } from './errors';
import type { Json, JsonObject } from './json';
import { feltHex, isRecord } from './json';
import { member } from './params';
import type { PaymasterMode } from './paymasterBuild';
import {
  PAYMASTER_MODES,
  buildTypedData,
  paymasterError,
  readCalls,
  snip9VersionOf,
} from './paymasterBuild';
import { executeSigned } from './paymasterExecute';
import { PAYMASTER_TOKENS, ensureServices } from './paymasterQuote';
import { readParameters, readUser } from './paymasterRequest';

/** One request the paymaster answered: its method and whether it succeeded. */
export type PaymasterRequest = { method: string; ok: boolean };

/** The paymaster of one chain: its mode and what it was asked since the last reset. */
type PaymasterState = { mode: PaymasterMode; requests: PaymasterRequest[] };

const STATES = new WeakMap<Chain, PaymasterState>();

/**
 * The paymaster state of a chain.
 *
 * @param chain - The chain.
 * @returns Its state (created honest).
 */
function stateOf(chain: Chain): PaymasterState {
  let state = STATES.get(chain);
  if (!state) {
    state = { mode: 'honest', requests: [] };
    STATES.set(chain, state);
  }
  return state;
}

/**
 * `paymaster_buildTransaction`.
 *
 * @param chain - The chain.
 * @param params - `{ transaction, parameters }`.
 * @returns The prepared transaction.
 */
function build(chain: Chain, params: unknown): JsonObject {
  const transaction = member(params, 'transaction', 'params');
  const parameters = readParameters(
    chain,
    member(params, 'parameters', 'params'),
  );
  const user = readUser(chain, transaction);
  if (chain.mempool.balanceOf(parameters.token.address, user.address) === 0n) {
    throw paymasterError(
      163,
      'An error occurred (UNKNOWN_ERROR)',
      `balance for gas token ${feltHex(parameters.token.address)} is zero`,
    );
  }
  const calls = readCalls(member(user.invoke, 'calls', 'invoke'));
  const built = buildTypedData(
    chain,
    {
      user: user.address,
      calls,
      token: parameters.token,
      window: { after: parameters.after, before: parameters.before },
      version: snip9VersionOf(
        chain,
        user.address,
        user.deployment !== undefined,
      ),
    },
    stateOf(chain).mode,
  );
  return {
    type: user.deployment ? 'deploy_and_invoke' : 'invoke',
    ...(isRecord(transaction) && user.deployment
      ? { deployment: transaction.deployment as Json }
      : {}),
    typed_data: built.typedData,
    parameters: member(params, 'parameters', 'params') as Json,
    fee: built.fee,
  };
}

/**
 * Runs one paymaster method.
 *
 * @param chain - The chain.
 * @param method - The method.
 * @param params - Its params.
 * @returns The result.
 */
function run(chain: Chain, method: string, params: unknown): Json {
  ensureServices(chain);
  switch (method) {
    case 'paymaster_isAvailable':
      return true;
    case 'paymaster_getSupportedTokens':
      return PAYMASTER_TOKENS[chain.network].map((token) => ({
        token_address: feltHex(token.address),
        decimals: token.decimals,
        price_in_strk: feltHex(token.priceInStrk),
      }));
    case 'paymaster_buildTransaction':
      return build(chain, params);
    case 'paymaster_executeTransaction':
      return executeSigned(chain, params);
    default:
      throw new RpcFailure(-32601, 'Method not found');
  }
}

/**
 * Answers one JSON-RPC request body; undefined when the paymaster is `down` (the
 * server then drops the connection).
 *
 * @param chain - The network's chain.
 * @param body - The request text.
 * @returns The response object.
 */
export function answerPaymaster(
  chain: Chain,
  body: string,
): JsonObject | undefined {
  const state = stateOf(chain);
  if (state.mode === 'down') {
    return undefined;
  }
  let entry: unknown;
  try {
    entry = JSON.parse(body);
  } catch {
    return {
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: 'Parse error' },
    };
  }
  const id: Json =
    isRecord(entry) &&
    (typeof entry.id === 'number' || typeof entry.id === 'string')
      ? entry.id
      : null;
  const method =
    isRecord(entry) && typeof entry.method === 'string' ? entry.method : '';
  try {
    const result = run(
      chain,
      method,
      isRecord(entry) ? entry.params : undefined,
    );
    state.requests.push({ method, ok: true });
    return { jsonrpc: '2.0', id, result };
  } catch (error) {
    state.requests.push({ method, ok: false });
    const failure =
      error instanceof RpcFailure
        ? error
        : new RpcFailure(
            163,
            'An error occurred (UNKNOWN_ERROR)',
            String(error),
          );
    return { jsonrpc: '2.0', id, error: failure.toJson() };
  }
}

/**
 * Admin operations of the paymaster (`paymasterMode`, `paymasterRequests`,
 * `paymasterReset`).
 *
 * @param chain - The chain.
 * @param op - The operation.
 * @param args - Its arguments.
 * @returns The result, or undefined when the operation is not the paymaster's.
 */
export function runPaymasterAdmin(
  chain: Chain,
  op: string,
  args: Record<string, unknown>,
): Json | undefined {
  const state = stateOf(chain);
  switch (op) {
    case 'paymasterMode': {
      const mode = PAYMASTER_MODES.find((item) => item === args.mode);
      if (!mode) {
        throw new Error(`mode must be one of ${PAYMASTER_MODES.join(', ')}`);
      }
      state.mode = mode;
      return null;
    }
    case 'paymasterRequests':
      return state.requests;
    case 'paymasterReset':
      STATES.delete(chain);
      return null;
    default:
      return undefined;
  }
}
