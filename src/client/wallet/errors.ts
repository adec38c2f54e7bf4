import type { Json } from '@metamask/utils';
import {
  getErrorMessage,
  getKnownPropertyNames,
  isObject,
} from '@metamask/utils';
import type { WALLET_API } from '@starknet-io/types-js';

import { familyGuard, SnapnetError } from '../errors';

/** The wallet-API errors this adapter answers with, by name, as `@starknet-io/types-js` types them. */
/* eslint-disable @typescript-eslint/naming-convention -- the wallet API's own names */
type WalletApiErrors = {
  NOT_ERC20: WALLET_API.NOT_ERC20;
  UNLISTED_NETWORK: WALLET_API.UNLISTED_NETWORK;
  USER_REFUSED_OP: WALLET_API.USER_REFUSED_OP;
  INVALID_REQUEST_PAYLOAD: WALLET_API.INVALID_REQUEST_PAYLOAD;
  ACCOUNT_ALREADY_DEPLOYED: WALLET_API.ACCOUNT_ALREADY_DEPLOYED;
  DEPLOYMENT_DATA_NOT_AVAILABLE: WALLET_API.DEPLOYMENT_DATA_NOT_AVAILABLE;
  CHAIN_ID_NOT_SUPPORTED: WALLET_API.CHAIN_ID_NOT_SUPPORTED;
  API_VERSION_NOT_SUPPORTED: WALLET_API.API_VERSION_NOT_SUPPORTED;
  UNKNOWN_ERROR: WALLET_API.UNKNOWN_ERROR;
};
/* eslint-enable @typescript-eslint/naming-convention */

/** A wallet-API error name (`USER_REFUSED_OP`, …). */
export type WalletApiErrorName = keyof WalletApiErrors;

/**
 * The wallet-API error codes by name. `satisfies` ties every code to the one
 * `@starknet-io/types-js` declares, so a spec change fails the type check here.
 */
export const WALLET_API_ERROR_CODES = {
  NOT_ERC20: 111,
  UNLISTED_NETWORK: 112,
  USER_REFUSED_OP: 113,
  INVALID_REQUEST_PAYLOAD: 114,
  ACCOUNT_ALREADY_DEPLOYED: 115,
  DEPLOYMENT_DATA_NOT_AVAILABLE: 116,
  CHAIN_ID_NOT_SUPPORTED: 117,
  API_VERSION_NOT_SUPPORTED: 162,
  UNKNOWN_ERROR: 163,
} as const satisfies {
  [Name in WalletApiErrorName]: WalletApiErrors[Name]['code'];
};

/**
 * What the adapter's `request` rejects with: `{ code, message: 'An error occurred (NAME)' }`
 * exactly as the wallet API defines it (get-starknet and starknet.js switch on `code`),
 * plus `data` saying what happened and `cause` keeping the snap's or wallet's error.
 */
export class StarknetWalletApiError extends SnapnetError {
  /** The wallet-API name of the code. */
  readonly errorName: WalletApiErrorName;

  /**
   * @param name - The wallet-API error.
   * @param options - The wallet-API method, a JSON detail and the cause.
   * @param options.method - The `type` of the request.
   * @param options.data - What went wrong, for people (the message is fixed by the API).
   * @param options.cause - What was caught.
   */
  constructor(
    name: WalletApiErrorName,
    options: { method?: string; data?: Json; cause?: unknown } = {},
  ) {
    super(`An error occurred (${name})`, {
      code: WALLET_API_ERROR_CODES[name],
      ...options,
    });
    this.name = 'StarknetWalletApiError';
    this.errorName = name;
  }
}

/** Whether a value is a {@link StarknetWalletApiError} (of `code`, if given), from any copy. */
export const isStarknetWalletApiError = familyGuard<StarknetWalletApiError>(
  'StarknetWalletApiError',
);

/**
 * The wallet-API name of a code the snap sent in `data.walletRpcError.code`.
 *
 * @param code - The code.
 * @returns Its name, or undefined for a code this adapter does not answer with.
 */
function nameOfCode(code: unknown): WalletApiErrorName | undefined {
  return getKnownPropertyNames(WALLET_API_ERROR_CODES).find(
    (name) => WALLET_API_ERROR_CODES[name] === code,
  );
}

/** JSON-RPC codes of the wallet and the snap, mapped onto wallet-API names. */
const BY_RPC_CODE: Record<number, WalletApiErrorName> = {
  4001: 'USER_REFUSED_OP',
  [-32602]: 'INVALID_REQUEST_PAYLOAD',
};

/**
 * Maps anything a snap or wallet call threw onto the wallet API: the Starknet code the
 * snap put in `data.walletRpcError` first (111 not ERC-20, 112 unlisted network, 115
 * deployed, …), then the JSON-RPC code (4001 refused → 113, -32602 → 114), else 163.
 * The original error stays as `cause` and its message in `data`.
 *
 * @param error - What was thrown.
 * @param method - The wallet-API method being served.
 * @returns The wallet-API error.
 */
export function toWalletApiError(
  error: unknown,
  method: string,
): StarknetWalletApiError {
  if (isStarknetWalletApiError(error)) {
    return error;
  }
  const code = isObject(error) ? error.code : undefined;
  const data = isObject(error) ? error.data : undefined;
  const wallet = isObject(data) ? data.walletRpcError : undefined;
  const name =
    nameOfCode(isObject(wallet) ? wallet.code : undefined) ??
    (typeof code === 'number' ? BY_RPC_CODE[code] : undefined) ??
    'UNKNOWN_ERROR';
  const message = getErrorMessage(error);
  return new StarknetWalletApiError(name, {
    method,
    data: typeof code === 'number' ? { code, message } : { message },
    cause: error,
  });
}
