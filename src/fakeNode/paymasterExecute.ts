/**
 * `paymaster_executeTransaction` of the fake paymaster: checks the SNIP-12 signature
 * against the account's key (153) and the fee transfer to the forwarder (154), then its
 * relayer sends a real invoke to the node: the UDC deployment first for
 * `deploy_and_invoke`, then the forwarder's `execute`, which runs the account's
 * `execute_from_outside` and takes the fee. A transaction that would revert is 156.
 */
import type { TypedData } from 'starknet';
import { ec, typedData as snip12 } from 'starknet';

import type { Chain } from './chain';
import { GAS_PRICES, GAS_USAGE } from './constants';
import type { Call } from './contracts';
import { selectorOf, toU256 } from './contracts';
import { execute, identify } from './execute';
import type { JsonObject } from './json';
import { feltHex, isRecord } from './json';
import { feltArray, feltAt, member } from './params';
import { paymasterError, readCalls } from './paymasterBuild';
import {
  FORWARDER_ADDRESS,
  RELAYER_PRIVATE_KEY,
  UDC_ADDRESS,
  quoteFee,
  relayerAddress,
} from './paymasterQuote';
import { readParameters, readUser } from './paymasterRequest';
import type { InvokeTx } from './transactions';
import { invokeHash, verifySignature } from './verify';

/** The message keys of each SNIP-9 version's typed data (v2: SNIP-12 revision 1 names). */
const OUTSIDE_KEYS = {
  '1': ['caller', 'nonce', 'execute_after', 'execute_before', 'calls'],
  '2': ['Caller', 'Nonce', 'Execute After', 'Execute Before', 'Calls'],
} as const;

/**
 * The SNIP-9 version of signed typed data, from its domain (`"2"` for v2), which
 * picks the account's entry point as AVNU's relayer does.
 *
 * @param typed - The typed data.
 * @returns The version.
 */
export function outsideVersionOf(typed: TypedData): '1' | '2' {
  return String(typed.domain.version) === '2' ? '2' : '1';
}

/**
 * The calls of signed typed data (the hashed array of its version) and its calldata
 * for `execute_from_outside` (v1) or `execute_from_outside_v2` (v2: the same
 * `OutsideExecution` struct).
 *
 * @param typed - The typed data.
 * @param signature - The user's signature.
 * @returns The calls, the entry point's selector and its calldata.
 */
export function outsideCalldata(
  typed: TypedData,
  signature: bigint[],
): { calls: Call[]; entrypoint: bigint; calldata: bigint[] } {
  const message = typed.message as Record<string, unknown>;
  const version = outsideVersionOf(typed);
  const [caller, nonce, after, before, list] = OUTSIDE_KEYS[version];
  const raw = message[list];
  const calls = readCalls(
    Array.isArray(raw)
      ? raw.map((call: unknown) =>
          isRecord(call) && list === 'Calls'
            ? { to: call.To, selector: call.Selector, calldata: call.Calldata }
            : call,
        )
      : raw,
  );
  const felt = (key: string): bigint => feltAt(message, key, 'message');
  return {
    calls,
    entrypoint: selectorOf(
      version === '2' ? 'execute_from_outside_v2' : 'execute_from_outside',
    ),
    calldata: [
      felt(caller),
      felt(nonce),
      felt(after),
      felt(before),
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
export function relayerInvoke(chain: Chain, calls: Call[]): InvokeTx {
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

type Parameters = ReturnType<typeof readParameters>;
type User = ReturnType<typeof readUser>;

/**
 * Checks the user's SNIP-12 signature of the typed data against the account's key (153).
 *
 * @param user - The user's invoke, address and key.
 * @returns The typed data and the signature.
 */
function checkedSignature(user: User): {
  typed: TypedData;
  signature: bigint[];
} {
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
  return { typed, signature };
}

/**
 * Checks that the last call transfers at least the fee in the gas token to the
 * forwarder (163 when it is not that transfer, 154 when too low).
 *
 * @param calls - The signed calls.
 * @param parameters - The request's parameters (gas token).
 * @returns The fee the forwarder takes.
 */
function checkedFee(calls: Call[], parameters: Parameters): bigint {
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
  return fee;
}

/**
 * The UDC deployment of the account for `deploy_and_invoke` (none otherwise).
 *
 * @param user - The user's request.
 * @returns The relayer's deployment calls.
 */
function deploymentCalls(user: User): Call[] {
  return user.deployment
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
}

/**
 * Runs the relayer's transaction on a copy of the mempool state: one that would
 * revert is 156 and never sent.
 *
 * @param chain - The chain.
 * @param tx - The relayer's transaction.
 */
function checkWouldSucceed(chain: Chain, tx: InvokeTx): void {
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
}

/**
 * `paymaster_executeTransaction`: checks signature and fee call, then relays.
 *
 * @param chain - The chain.
 * @param params - `{ transaction, parameters }`.
 * @returns `{ tracking_id, transaction_hash }`.
 */
export function executeSigned(chain: Chain, params: unknown): JsonObject {
  const transaction = member(params, 'transaction', 'params');
  const parameters = readParameters(
    chain,
    member(params, 'parameters', 'params'),
  );
  const user = readUser(chain, transaction);
  const { typed, signature } = checkedSignature(user);
  const { calls, calldata, entrypoint } = outsideCalldata(typed, signature);
  const fee = checkedFee(calls, parameters);
  const tx = relayerInvoke(chain, [
    ...deploymentCalls(user),
    {
      to: FORWARDER_ADDRESS,
      selector: selectorOf('execute'),
      calldata: [
        user.address,
        entrypoint,
        BigInt(calldata.length),
        ...calldata,
        parameters.token.address,
        ...toU256(fee),
      ],
    },
  ]);
  checkWouldSucceed(chain, tx);
  const record = chain.add(tx);
  return { tracking_id: '0x0', transaction_hash: feltHex(record.hash) };
}
