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
import { ec, typedData as snip12 } from 'starknet';
import type { TypedData } from 'starknet';

import type { Chain } from './chain';
import { GAS_PRICES, GAS_USAGE } from './constants';
import type { Call } from './contracts';
import { selectorOf, toU256 } from './contracts';
import { RpcFailure } from './errors';
import { execute, identify } from './execute';
import type { Json, JsonObject } from './json';
import { feltHex, isRecord } from './json';
import { feltArray, feltAt, member } from './params';
import type { Deployment, PaymasterMode } from './paymasterBuild';
import {
  PAYMASTER_MODES,
  buildTypedData,
  paymasterError,
  readCalls,
  readDeployment,
} from './paymasterBuild';
import type { PaymasterToken } from './paymasterQuote';
import {
  FORWARDER_ADDRESS,
  PAYMASTER_TOKENS,
  RELAYER_PRIVATE_KEY,
  UDC_ADDRESS,
  ensureServices,
  quoteFee,
  relayerAddress,
} from './paymasterQuote';
import type { InvokeTx } from './transactions';
import { invokeHash, verifySignature } from './verify';

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
 * A supported token, or error 151.
 *
 * @param chain - The chain.
 * @param address - The token asked for.
 * @returns The token.
 */
function supported(chain: Chain, address: bigint): PaymasterToken {
  const token = PAYMASTER_TOKENS[chain.network].find(
    (item) => item.address === address,
  );
  if (!token) {
    throw paymasterError(151, 'An error occurred (TOKEN_NOT_SUPPORTED)');
  }
  return token;
}

/** What both build and execute read from `parameters`. */
type Parameters = { token: PaymasterToken; after: bigint; before: bigint };

/**
 * Reads `parameters`: version 0x1, default fee mode, time bounds (AVNU's defaults).
 *
 * @param chain - The chain.
 * @param raw - `parameters`.
 * @returns The gas token and window.
 */
function readParameters(chain: Chain, raw: unknown): Parameters {
  const feeMode = member(raw, 'fee_mode', 'parameters');
  if (!isRecord(feeMode) || feeMode.mode !== 'default') {
    throw paymasterError(
      163,
      'An error occurred (UNKNOWN_ERROR)',
      'sponsored mode needs an API key',
    );
  }
  const token = supported(chain, feltAt(feeMode, 'gas_token', 'fee_mode'));
  const now = BigInt(Math.floor(Date.now() / 1000));
  const bounds = isRecord(raw) ? raw.time_bounds : undefined;
  const after = isRecord(bounds)
    ? feltAt(bounds, 'execute_after', 'time_bounds')
    : 1n;
  const before = isRecord(bounds)
    ? feltAt(bounds, 'execute_before', 'time_bounds')
    : now + 3600n;
  if (after >= before || before <= now) {
    throw paymasterError(157, 'An error occurred (INVALID_TIME_BOUNDS)');
  }
  return { token, after, before };
}

/**
 * The sender of a request and its deployment, checked against the chain.
 *
 * @param chain - The chain.
 * @param transaction - `transaction`.
 * @returns The user's address, public key, calls and deployment.
 */
function readUser(
  chain: Chain,
  transaction: unknown,
): {
  address: bigint;
  publicKey: bigint;
  invoke: unknown;
  deployment?: Deployment;
} {
  const type = isRecord(transaction) ? transaction.type : undefined;
  if (type === 'invoke') {
    const invoke = member(transaction, 'invoke', 'transaction');
    const address = feltAt(invoke, 'user_address', 'invoke');
    const account = chain.mempool.account(address);
    if (!account) {
      throw paymasterError(150, 'An error occurred (INVALID_ADDRESS)');
    }
    return { address, publicKey: account.publicKey, invoke };
  }
  if (type === 'deploy_and_invoke') {
    const deployment = readDeployment(
      member(transaction, 'deployment', 'transaction'),
    );
    if (chain.mempool.contracts.has(deployment.address)) {
      throw paymasterError(158, 'Invalid deployment data', 'already deployed');
    }
    return {
      address: deployment.address,
      publicKey: deployment.calldata[0] ?? 0n,
      invoke: member(transaction, 'invoke', 'transaction'),
      deployment,
    };
  }
  throw paymasterError(-32602, 'Invalid params', 'transaction.type');
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
      calls,
      token: parameters.token,
      window: { after: parameters.after, before: parameters.before },
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
 * The calls of signed typed data (the hashed array of its version) and its calldata
 * for `execute_from_outside`.
 *
 * @param typed - The typed data.
 * @param signature - The user's signature.
 * @returns The calls and the entry point calldata.
 */
function outsideCalldata(
  typed: TypedData,
  signature: bigint[],
): { calls: Call[]; calldata: bigint[] } {
  const message = typed.message as Record<string, unknown>;
  const calls = readCalls(message.calls);
  const felt = (key: string): bigint => feltAt(message, key, 'message');
  return {
    calls,
    calldata: [
      felt('caller'),
      felt('nonce'),
      felt('execute_after'),
      felt('execute_before'),
      BigInt(calls.length),
      ...calls.flatMap((call) => [
        call.to,
        call.selector,
        BigInt(call.calldata.length),
        ...call.calldata,
      ]),
      BigInt(signature.length),
      ...signature,
    ],
  };
}

/**
 * The relayer's signed invoke of the given calls.
 *
 * @param chain - The chain.
 * @param calls - The relayer's calls.
 * @returns The transaction.
 */
function relayerInvoke(chain: Chain, calls: Call[]): InvokeTx {
  const sender = relayerAddress();
  const bound = (
    gas: bigint,
    price: bigint,
  ): { maxAmount: bigint; maxPrice: bigint } => ({
    maxAmount: gas * 2n,
    maxPrice: price * 2n,
  });
  const tx: InvokeTx = {
    type: 'INVOKE',
    version: 3n,
    signature: [],
    nonce: chain.mempool.nonceOf(sender),
    bounds: {
      l1Gas: bound(GAS_USAGE.INVOKE.l1Gas, GAS_PRICES.l1Gas.fri),
      l2Gas: bound(GAS_USAGE.INVOKE.l2Gas, GAS_PRICES.l2Gas.fri),
      l1DataGas: bound(GAS_USAGE.INVOKE.l1DataGas, GAS_PRICES.l1DataGas.fri),
    },
    tip: 0n,
    paymasterData: [],
    nonceDa: 'L1',
    feeDa: 'L1',
    sender,
    calldata: [
      BigInt(calls.length),
      ...calls.flatMap((call) => [
        call.to,
        call.selector,
        BigInt(call.calldata.length),
        ...call.calldata,
      ]),
    ],
    accountDeploymentData: [],
    proofFacts: [],
  };
  const signature = ec.starkCurve.sign(
    feltHex(invokeHash(tx, chain.network)),
    RELAYER_PRIVATE_KEY,
  );
  return { ...tx, signature: [signature.r, signature.s] };
}

/**
 * `paymaster_executeTransaction`: checks signature and fee call, then relays.
 *
 * @param chain - The chain.
 * @param params - `{ transaction, parameters }`.
 * @returns `{ tracking_id, transaction_hash }`.
 */
function executeSigned(chain: Chain, params: unknown): JsonObject {
  const transaction = member(params, 'transaction', 'params');
  const parameters = readParameters(
    chain,
    member(params, 'parameters', 'params'),
  );
  const user = readUser(chain, transaction);
  const typed = member(user.invoke, 'typed_data', 'invoke') as TypedData;
  const signature = feltArray(
    member(user.invoke, 'signature', 'invoke'),
    'signature',
  );
  const messageHash = BigInt(
    snip12.getMessageHash(typed, feltHex(user.address)),
  );
  if (!verifySignature(signature, messageHash, user.publicKey)) {
    throw paymasterError(153, 'An error occurred (INVALID_SIGNATURE)');
  }
  const { calls, calldata } = outsideCalldata(typed, signature);
  const last = calls.at(-1);
  const fee = quoteFee(parameters.token).estimatedToken;
  const [recipient, low = 0n, high = 0n] = last?.calldata ?? [];
  if (
    last?.to !== parameters.token.address ||
    last.selector !== selectorOf('transfer') ||
    recipient !== FORWARDER_ADDRESS
  ) {
    throw paymasterError(
      163,
      'An error occurred (UNKNOWN_ERROR)',
      'the last call is not the gas token transfer to the forwarder',
    );
  }
  if (low + high * 2n ** 128n < fee) {
    throw paymasterError(154, 'An error occurred (MAX_AMOUNT_TOO_LOW)');
  }
  const deploy: Call[] = user.deployment
    ? [
        {
          to: UDC_ADDRESS,
          selector: selectorOf('deployContract'),
          calldata: [
            user.deployment.classHash,
            user.deployment.salt,
            0n,
            BigInt(user.deployment.calldata.length),
            ...user.deployment.calldata,
          ],
        },
      ]
    : [];
  const tx = relayerInvoke(chain, [
    ...deploy,
    {
      to: FORWARDER_ADDRESS,
      selector: selectorOf('execute'),
      calldata: [
        user.address,
        selectorOf('execute_from_outside'),
        BigInt(calldata.length),
        ...calldata,
        parameters.token.address,
        ...toU256(fee),
      ],
    },
  ]);
  const trial = execute(
    chain.mempool.clone(),
    tx,
    identify(tx, chain.network),
    true,
  );
  if (trial.execution !== 'SUCCEEDED') {
    throw paymasterError(
      156,
      'An error occurred (TRANSACTION_EXECUTION_ERROR)',
      {
        execution_error: trial.revertReason ?? 'reverted',
      },
    );
  }
  const record = chain.add(tx);
  return { tracking_id: '0x0', transaction_hash: feltHex(record.hash) };
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
