/**
 * What the fake paymaster reads from a SNIP-29 request: the gas token (error 151 when it
 * does not take it), the time bounds (AVNU's defaults, error 157) and the user (a
 * deployed account, or a deployment it can make: errors 150, 155, 158).
 */

import type { Chain } from './chain';
import { isRecord } from './json';
import { feltAt, member } from './params';
import type { Deployment } from './paymasterBuild';
import { paymasterError, readDeployment } from './paymasterBuild';
import type { PaymasterToken } from './paymasterQuote';
import { PAYMASTER_TOKENS } from './paymasterQuote';

/**
 * A supported token, or error 151.
 *
 * @param chain - The chain.
 * @param address - The token asked for.
 * @returns The token.
 */
export function supported(chain: Chain, address: bigint): PaymasterToken {
  const token = PAYMASTER_TOKENS[chain.network].find(
    (item) => item.address === address,
  );
  if (!token) {
    throw paymasterError(151, 'An error occurred (TOKEN_NOT_SUPPORTED)');
  }
  return token;
}

/** What both build and execute read from `parameters`. */
export type Parameters = {
  token: PaymasterToken;
  after: bigint;
  before: bigint;
};

/**
 * Reads `parameters`: version 0x1, default fee mode, time bounds (AVNU's defaults).
 *
 * @param chain - The chain.
 * @param raw - `parameters`.
 * @returns The gas token and window.
 */
export function readParameters(chain: Chain, raw: unknown): Parameters {
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
export function readUser(
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
