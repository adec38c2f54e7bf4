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

import type { RpcKind } from './base';
import { DomainError, walletData, WalletCode } from './base';

// The snaps-sdk class of each kind a DomainError declares (their declared instance type
// is not SnapError's, though they are SnapErrors at runtime).
const SNAP_ERRORS: Record<
  RpcKind,
  new (message: string, data: Record<string, Json>) => Error
> = {
  invalidParams: InvalidParamsError,
  internal: InternalError,
  resourceNotFound: ResourceNotFoundError,
  unauthorized: UnauthorizedError,
  userRejected: UserRejectedRequestError,
};

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
 * The single mapping from anything a handler throws to the error the dapp receives,
 * run once per request by the error boundary (boundary.ts). snaps-sdk errors pass
 * through untouched; a domain error becomes the snaps-sdk error it declares, with its
 * data (a lookup, no chain of checks); anything else is wrapped as an internal error
 * that keeps its message (never replaced by a generic one).
 *
 * @param error - What the handler threw.
 * @returns A snaps-sdk error to throw from an entry point.
 */
export function toSnapError(error: unknown): Error {
  if (error instanceof SnapError) {
    return error;
  }
  if (error instanceof DomainError) {
    return new SNAP_ERRORS[error.rpc](error.message, error.rpcData());
  }
  return new InternalError(
    describe(error),
    walletData(WalletCode.Unknown, { cause: causeOf(error) }),
  );
}
