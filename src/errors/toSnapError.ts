import {
  InternalError,
  InvalidParamsError,
  ResourceNotFoundError,
  SnapError,
  UnauthorizedError,
  UserRejectedRequestError,
} from '@metamask/snaps-sdk';
import type { Json } from '@metamask/utils';
import { isObject } from '@metamask/utils';

import {
  AccountAlreadyDeployed,
  AccountKeyMismatch,
  OriginNotAllowed,
  InvalidField,
  InvokeNotSent,
  NetworkNotSupported,
  NodeAnswerDisputed,
  NodeRequestFailed,
  SendUnconfirmed,
  TokenContractInvalid,
  TransactionNotFound,
  UserRejected,
} from './errors';

/** Starknet wallet-API error codes carried in `data.walletRpcError.code`. */
export const WalletCode = {
  NotErc20: 111,
  UnlistedNetwork: 112,
  UserRefused: 113,
  InvalidRequestPayload: 114,
  AccountAlreadyDeployed: 115,
  Unknown: 163,
} as const;

const WALLET_MESSAGES: Record<number, string> = {
  111: 'An error occurred (NOT_ERC20)',
  112: 'An error occurred (UNLISTED_NETWORK)',
  113: 'An error occurred (USER_REFUSED_OP)',
  114: 'An error occurred (INVALID_REQUEST_PAYLOAD)',
  115: 'An error occurred (ACCOUNT_ALREADY_DEPLOYED)',
  163: 'An error occurred (UNKNOWN_ERROR)',
};

/**
 * Builds the `data` object every snapnet error carries.
 *
 * @param code - Starknet wallet-API code.
 * @param extra - Further JSON fields (field path, node details).
 * @returns The error data.
 */
function walletData(
  code: number,
  extra: Record<string, Json> = {},
): Record<string, Json> {
  return {
    walletRpcError: { code, message: WALLET_MESSAGES[code] ?? '' },
    ...extra,
  };
}

/**
 * Describes a node failure as JSON for `data.node`.
 *
 * @param error - The node failure.
 * @returns Its method, code, message, data, HTTP status and host, where known.
 */
function nodeDetails(error: NodeRequestFailed): Record<string, Json> {
  const details: Record<string, Json> = {
    method: error.method,
    message: error.message,
  };
  if (error.code !== undefined) {
    details.code = error.code;
  }
  if (error.data !== undefined) {
    details.data = error.data;
  }
  if (error.httpStatus !== undefined) {
    details.httpStatus = error.httpStatus;
  }
  if (error.host !== undefined) {
    details.host = error.host;
  }
  return details;
}

/**
 * The data of an error about a transaction: its hashes, and the node failure behind
 * it when there was one.
 *
 * @param error - The error.
 * @param extra - The hashes to name.
 * @returns The error data.
 */
function unknownData(
  error: Error,
  extra: Record<string, Json>,
): Record<string, Json> {
  return walletData(
    WalletCode.Unknown,
    error.cause instanceof NodeRequestFailed
      ? { ...extra, node: nodeDetails(error.cause) }
      : extra,
  );
}

/**
 * A readable message for anything thrown, including the plain `{ code, message }`
 * objects wallet methods reject with.
 *
 * @param error - What was thrown.
 * @returns Its message.
 */
function describe(error: unknown): string {
  if (error instanceof Error) {
    return error.message;
  }
  if (isObject(error) && typeof error.message === 'string') {
    return error.message;
  }
  return String(error);
}

/**
 * What kind of thing was thrown, kept in `data.cause` so the original is not lost.
 *
 * @param error - What was thrown.
 * @returns Its name, or its JSON-RPC code and name when it is an error object.
 */
function causeOf(error: unknown): Json {
  if (error instanceof Error) {
    return error.name;
  }
  if (isObject(error) && typeof error.code === 'number') {
    return { code: error.code };
  }
  return typeof error;
}

/**
 * The single mapping from anything a handler throws to the error the dapp receives.
 * snaps-sdk errors pass through untouched; domain errors get their JSON-RPC code and
 * Starknet wallet code; anything else is wrapped as an internal error that keeps its
 * message (never replaced by a generic one).
 *
 * @param error - What the handler threw.
 * @returns A snaps-sdk error to throw from `onRpcRequest`.
 */
export function toSnapError(error: unknown): Error {
  if (error instanceof SnapError) {
    return error;
  }
  if (error instanceof InvalidField) {
    return new InvalidParamsError(
      error.message,
      walletData(WalletCode.InvalidRequestPayload, { field: error.path }),
    );
  }
  if (error instanceof NetworkNotSupported) {
    return new InvalidParamsError(
      error.message,
      walletData(WalletCode.UnlistedNetwork, {
        field: 'chainId',
        supportedChainIds: [...error.supported],
      }),
    );
  }
  if (error instanceof TokenContractInvalid) {
    const extra: Record<string, Json> = { field: 'tokenAddress' };
    if (error.cause instanceof NodeRequestFailed) {
      extra.node = nodeDetails(error.cause);
    }
    return new InvalidParamsError(
      error.message,
      walletData(WalletCode.NotErc20, extra),
    );
  }
  if (error instanceof OriginNotAllowed) {
    return new UnauthorizedError(error.message, { origin: error.origin });
  }
  if (error instanceof UserRejected) {
    return new UserRejectedRequestError(
      error.message,
      walletData(WalletCode.UserRefused),
    );
  }
  if (error instanceof AccountAlreadyDeployed) {
    return new InvalidParamsError(
      error.message,
      walletData(WalletCode.AccountAlreadyDeployed, {
        address: error.address,
      }),
    );
  }
  return transactionError(error) ?? nodeOrUnknown(error);
}

/**
 * Maps the errors about a transaction that was (or may have been) sent, or refused
 * before signing.
 *
 * @param error - What the handler threw.
 * @returns The snaps-sdk error, or undefined for anything else.
 */
function transactionError(error: unknown): Error | undefined {
  if (error instanceof AccountKeyMismatch) {
    return new InternalError(
      error.message,
      walletData(WalletCode.Unknown, { address: error.address }),
    );
  }
  if (error instanceof TransactionNotFound) {
    return new ResourceNotFoundError(
      error.message,
      unknownData(error, { transactionHash: error.transactionHash }),
    );
  }
  if (error instanceof InvokeNotSent) {
    return new InternalError(
      error.message,
      unknownData(error, {
        deployTransactionHash: error.deployTransactionHash,
      }),
    );
  }
  if (error instanceof NodeAnswerDisputed) {
    return new InternalError(
      error.message,
      unknownData(error, {
        transactionHash: error.transactionHash,
        field: error.field,
      }),
    );
  }
  if (error instanceof SendUnconfirmed) {
    return new InternalError(
      error.message,
      unknownData(error, { transactionHash: error.transactionHash }),
    );
  }
  return undefined;
}

/**
 * Maps a node failure, or wraps anything else as an internal error that keeps its
 * message.
 *
 * @param error - What the handler threw.
 * @returns The snaps-sdk error.
 */
function nodeOrUnknown(error: unknown): Error {
  if (error instanceof NodeRequestFailed) {
    return new InternalError(
      error.message,
      walletData(WalletCode.Unknown, { node: nodeDetails(error) }),
    );
  }
  return new InternalError(
    describe(error),
    walletData(WalletCode.Unknown, { cause: causeOf(error) }),
  );
}
