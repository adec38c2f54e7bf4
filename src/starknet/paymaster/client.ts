import type {
  ExecutableUserTransaction,
  ExecutionParameters,
  PreparedTransaction,
  TokenData,
  UserTransaction,
} from 'starknet';
import { PaymasterRpc, RpcError } from 'starknet';

import { PaymasterFailed } from '../../errors';
import { nodeHost } from '../node/node';

/**
 * A SNIP-29 paymaster, spoken to through starknet.js' `PaymasterRpc` (over the snap's
 * `fetch`, with the node's timeout). Every failure becomes a {@link PaymasterFailed}
 * naming the paymaster's host (never its URL) and the token when it matters.
 */
export type PaymasterClient = {
  /** The paymaster's host, as dialogs and errors name it. */
  host: string;
  isAvailable(): Promise<boolean>;
  supportedTokens(): Promise<TokenData[]>;
  build(
    transaction: UserTransaction,
    parameters: ExecutionParameters,
    token: string,
  ): Promise<PreparedTransaction>;
  execute(
    transaction: ExecutableUserTransaction,
    parameters: ExecutionParameters,
    token: string,
  ): Promise<string>;
};

/** What each SNIP-29 error code means for the user, in the error's message. */
const REASONS: Record<number, (token: string) => string> = {
  150: () => 'does not know the account (INVALID_ADDRESS)',
  151: (token) =>
    `does not take ${token} as a fee token (TOKEN_NOT_SUPPORTED); pay in a token it lists, or in STRK`,
  153: () => 'refused the signature (INVALID_SIGNATURE)',
  154: (token) =>
    `charges more ${token} now than the maximum signed (MAX_AMOUNT_TOO_LOW); try again`,
  155: () => 'does not deploy this account class (CLASS_HASH_NOT_SUPPORTED)',
  156: () => 'says the transaction would fail (TRANSACTION_EXECUTION_ERROR)',
  157: () =>
    "refused the time window (INVALID_TIME_BOUNDS); check the device's clock and try again",
  158: () => 'refused the account deployment data (INVALID_DEPLOYMENT_DATA)',
  163: () => 'failed (UNKNOWN_ERROR)',
};

/**
 * Turns anything `PaymasterRpc` threw into a {@link PaymasterFailed}.
 *
 * @param host - The paymaster's host.
 * @param token - The fee token (address), for the message.
 * @param error - What was thrown.
 * @returns The error to throw.
 */
function paymasterFailure(
  host: string,
  token: string,
  error: unknown,
): PaymasterFailed {
  if (error instanceof RpcError) {
    const { code, message } = error.baseError;
    const data: unknown = 'data' in error.baseError ? error.baseError.data : '';
    const detail =
      typeof data === 'string'
        ? data
        : JSON.stringify(data ?? '').replace(/^"|"$/gu, '');
    const reason =
      REASONS[code]?.(token) ?? `refused it: ${message} (code ${code})`;
    return new PaymasterFailed(
      host,
      `The paymaster at ${host} ${reason}${detail ? `: ${detail}` : ''}. Nothing was sent.`,
      code,
      { cause: error },
    );
  }
  const why = error instanceof Error ? error.message : String(error);
  return new PaymasterFailed(
    host,
    `The paymaster at ${host} could not be reached (${why}). Nothing was sent; try again, pay the fee in STRK, or change the paymaster on the snap's home page.`,
    undefined,
    { cause: error },
  );
}

/**
 * Creates the client of a paymaster URL.
 *
 * @param url - The paymaster's JSON-RPC URL.
 * @param timeoutMs - How long to wait for an answer.
 * @returns The client.
 */
export function createPaymasterClient(
  url: string,
  timeoutMs: number,
): PaymasterClient {
  const host = nodeHost(url);
  const rpc = new PaymasterRpc({
    nodeUrl: url,
    headers: { 'Content-Type': 'application/json' },
    baseFetch: async (input, init): Promise<Response> =>
      fetch(input, { ...init, signal: AbortSignal.timeout(timeoutMs) }),
  });
  const call = async <Result>(
    token: string,
    run: () => Promise<Result>,
  ): Promise<Result> => {
    try {
      return await run();
    } catch (error) {
      throw paymasterFailure(host, token, error);
    }
  };
  return {
    host,
    isAvailable: async () => call('', async () => rpc.isAvailable()),
    supportedTokens: async () => call('', async () => rpc.getSupportedTokens()),
    build: async (transaction, parameters, token) =>
      call(token, async () => rpc.buildTransaction(transaction, parameters)),
    execute: async (transaction, parameters, token) =>
      call(
        token,
        async () =>
          (await rpc.executeTransaction(transaction, parameters))
            .transaction_hash,
      ),
  };
}
