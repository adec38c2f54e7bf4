import { isObject } from '@metamask/utils';

import type { WalletApiErrorName } from './errors';
import { StarknetWalletApiError, WALLET_API_ERROR_CODES } from './errors';

/**
 * Wallet API versions served, full semver, newest first ("The full semver of the latest
 * wallet API version supported by the wallet, and any past supported versions",
 * starknet-specs wallet-api/wallet_rpc.json HEAD:17). There is no 0.9; 0.10.x is not
 * listed because `wallet_addInvokeTransaction`'s `proof` (0.10.3) is refused, not
 * forwarded.
 */
export const SUPPORTED_WALLET_API = ['0.8.0', '0.7.2'] as const;

/** A served version. */
export type ServedWalletApi = (typeof SUPPORTED_WALLET_API)[number];

/** Starknet JSON-RPC spec the snap's node calls follow. */
export const SUPPORTED_SPECS = ['0.10'] as const;

/** The STRK20 privacy methods (0.10.3/0.10.4): snapnet has no privacy pool. */
export const STRK20_METHODS: readonly string[] = [
  'wallet_strk20InvokeTransaction',
  'wallet_strk20PrepareInvoke',
  'wallet_strk20Balances',
  'wallet_strk20ShadowAccountCommitment',
];

/**
 * The errors each method may answer with in 0.8.0 (wallet_rpc.json 0.8.0 = HEAD line
 * numbers: getPermissions 82-89, requestAccounts 124-131, addStarknetChain 326-339, …;
 * `@starknet-io/types-js` 0.10.4 wallet-api/methods.d.ts). 162 and 163 are always allowed.
 */
const METHOD_ERRORS: Record<string, readonly WalletApiErrorName[]> = {
  wallet_deploymentData: [
    'ACCOUNT_ALREADY_DEPLOYED',
    'DEPLOYMENT_DATA_NOT_AVAILABLE',
  ],
  wallet_switchStarknetChain: [
    'UNLISTED_NETWORK',
    'USER_REFUSED_OP',
    'CHAIN_ID_NOT_SUPPORTED',
  ],
  wallet_watchAsset: [
    'NOT_ERC20',
    'USER_REFUSED_OP',
    'INVALID_REQUEST_PAYLOAD',
  ],
  wallet_addStarknetChain: ['USER_REFUSED_OP', 'INVALID_REQUEST_PAYLOAD'],
  wallet_addInvokeTransaction: ['USER_REFUSED_OP', 'INVALID_REQUEST_PAYLOAD'],
  wallet_addDeclareTransaction: ['USER_REFUSED_OP', 'INVALID_REQUEST_PAYLOAD'],
  wallet_signTypedData: ['USER_REFUSED_OP', 'INVALID_REQUEST_PAYLOAD'],
};

/** Codes 0.8.0 added (116, 117): a 0.7.x request gets 163 in their place. */
const SINCE_0_8: readonly WalletApiErrorName[] = [
  'DEPLOYMENT_DATA_NOT_AVAILABLE',
  'CHAIN_ID_NOT_SUPPORTED',
];

/**
 * The served version a request's `api_version` names (`0.8` and `0.8.1` name 0.8.0),
 * the newest when it names none.
 *
 * @param params - The request params.
 * @param method - The request type.
 * @returns The served version.
 * @throws {StarknetWalletApiError} API_VERSION_NOT_SUPPORTED (162), listing the served ones.
 */
export function requestedVersion(
  params: unknown,
  method: string,
): ServedWalletApi {
  const version = isObject(params) ? params.api_version : undefined;
  if (version === undefined) {
    return SUPPORTED_WALLET_API[0];
  }
  const minor =
    typeof version === 'string' ? /^(\d+\.\d+)(\.\d+)?$/u.exec(version) : null;
  const served = SUPPORTED_WALLET_API.find((known) =>
    known.startsWith(`${minor?.[1] ?? '-'}.`),
  );
  if (!served) {
    throw new StarknetWalletApiError('API_VERSION_NOT_SUPPORTED', {
      method,
      data: `api_version ${JSON.stringify(version)} is not served; supported: ${SUPPORTED_WALLET_API.join(', ')}`,
    });
  }
  return served;
}

/**
 * Keeps an error inside the method's error list for the requested version: a code the
 * list lacks (e.g. 114 from `wallet_requestAccounts`, 116 under 0.7.2) becomes 163
 * UNKNOWN_ERROR whose `data` carries the original code and message.
 *
 * @param error - The wallet-API error.
 * @param method - The request type.
 * @param version - The served version the request named.
 * @returns The error to answer with.
 */
export function withinMethodErrors(
  error: StarknetWalletApiError,
  method: string,
  version: ServedWalletApi,
): StarknetWalletApiError {
  const allowed = (METHOD_ERRORS[method] ?? []).filter(
    (name) => version !== '0.7.2' || !SINCE_0_8.includes(name),
  );
  if (
    error.errorName === 'UNKNOWN_ERROR' ||
    error.errorName === 'API_VERSION_NOT_SUPPORTED' ||
    allowed.includes(error.errorName)
  ) {
    return error;
  }
  return new StarknetWalletApiError('UNKNOWN_ERROR', {
    method,
    data: {
      code: WALLET_API_ERROR_CODES[error.errorName],
      message: error.message,
      ...(error.data === undefined ? {} : { data: error.data }),
    },
    cause: error,
  });
}
