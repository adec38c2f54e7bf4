import type { Json } from '@metamask/utils';
import { getErrorMessage, isObject } from '@metamask/utils';

import type { CodedErrorOptions, SnapnetErrorOptions } from '../errors';
import {
  dataMember,
  walletJson,
  familyGuard,
  InvalidParamsError,
  isSnapnetError,
  MethodNotFoundError,
  RpcErrorCode,
  SnapnetError,
  UserRejectedError,
} from '../errors';

export type { SnapnetErrorOptions } from '../errors';
export {
  InvalidParamsError,
  isSnapnetError,
  MethodNotFoundError,
  SnapnetError,
  UserRejectedError,
} from '../errors';

/** The codes the wallet and snap answer with, by name (the snap's: README "Errors"). */
export const SnapnetErrorCode = {
  ...RpcErrorCode,
  /** How the snaps execution environment wraps a snap's error on the wire. */
  SnapError: -31002,
} as const;

/** The snap knows the request but does not support it yet (-32004). */
export class NotSupportedError extends SnapnetError {
  constructor(message: string, options: CodedErrorOptions = {}) {
    super(message, { ...options, code: RpcErrorCode.MethodNotSupported });
    this.name = 'NotSupportedError';
  }
}

/**
 * The Starknet node (or indexer) failed or refused, as `data.node` tells. `nodeCode` is
 * the node's own code (29 transaction not found, 41 execution error, …), not the snap's.
 */
export class NodeError extends SnapnetError {
  override name = 'NodeError';

  /** @returns The node's JSON-RPC error code, when it answered with one. */
  get nodeCode(): number | undefined {
    const code = this.#node('code');
    return typeof code === 'number' ? code : undefined;
  }

  /** @returns The node's message, or what went wrong reaching it. */
  get nodeMessage(): string | undefined {
    const message = this.#node('message');
    return typeof message === 'string' ? message : undefined;
  }

  /** @returns The HTTP status of the node's answer, when that was the failure. */
  get httpStatus(): number | undefined {
    const status = this.#node('httpStatus');
    return typeof status === 'number' ? status : undefined;
  }

  #node(key: string): Json | undefined {
    return dataMember(dataMember(this.data, 'node'), key);
  }
}

/** Whether a value is a {@link NodeError} (or {@link NotFoundError}), of `code` if given. */
export const isNodeError = /* @__PURE__ */ familyGuard<NodeError>(
  'NodeError',
  'NotFoundError',
);

/** Something the node does not know (-32001), e.g. an unknown transaction hash. */
export class NotFoundError extends NodeError {
  constructor(message: string, options: CodedErrorOptions = {}) {
    super(message, { ...options, code: RpcErrorCode.ResourceNotFound });
    this.name = 'NotFoundError';
  }
}

/**
 * The snap is not installed, or this dapp is not connected to it (4100, or absent from
 * `wallet_getSnaps` / `wallet_requestSnaps`): call `connect()`.
 */
export class SnapNotInstalledError extends SnapnetError {
  override name = 'SnapNotInstalledError';
}

/** Whether a value is a {@link SnapNotInstalledError}, from any copy of this package. */
export const isSnapNotInstalledError =
  /* @__PURE__ */ familyGuard<SnapNotInstalledError>('SnapNotInstalledError');

/** No wallet provider: neither an EIP-6963 announcement nor `window.ethereum`. */
export class ProviderNotFoundError extends SnapnetError {
  constructor(message: string) {
    super(message, { code: RpcErrorCode.Disconnected });
    this.name = 'ProviderNotFoundError';
  }
}

/** The answer does not match the method's result struct: snap and client disagree. */
export class InvalidResultError extends SnapnetError {
  readonly result: unknown;

  constructor(
    message: string,
    options: CodedErrorOptions & { result: unknown },
  ) {
    super(message, { ...options, code: RpcErrorCode.Internal });
    this.name = 'InvalidResultError';
    this.result = options.result;
  }
}

type RpcErrorFields = { code: number; message: string; data: Json | undefined };

// Reads `{ code, message, data }` off what a provider rejected with, unwrapping the
// snaps runtime's -31002 envelope (the snap's error in `data.cause` or `data.originalError`).
function readRpcError(caught: unknown): RpcErrorFields | undefined {
  if (!isObject(caught) || typeof caught.code !== 'number') {
    return undefined;
  }
  const data = walletJson(caught.data);
  const inner =
    caught.code === SnapnetErrorCode.SnapError
      ? (readRpcError(dataMember(data, 'cause')) ??
        readRpcError(dataMember(data, 'originalError')))
      : undefined;
  return inner ?? { code: caught.code, message: getErrorMessage(caught), data };
}

const CLASS_BY_CODE = new Map<
  number,
  new (message: string, options: SnapnetErrorOptions) => SnapnetError
>([
  [RpcErrorCode.UserRejected, UserRejectedError],
  [RpcErrorCode.InvalidParams, InvalidParamsError],
  [RpcErrorCode.MethodNotFound, MethodNotFoundError],
  [RpcErrorCode.MethodNotSupported, NotSupportedError],
  [RpcErrorCode.ResourceNotFound, NotFoundError],
  // MetaMask answers 4100 for a snap this origin has no permission for.
  [RpcErrorCode.Unauthorized, SnapNotInstalledError],
]);

/**
 * Maps what a provider rejected with to the client's error classes, by code and `data`
 * alone (never message text), keeping code, message, data and the original as `cause`.
 *
 * @param caught - What the provider rejected with.
 * @param method - The snap or wallet method that was called.
 * @returns The error to throw to the dapp.
 */
export function toSnapnetError(caught: unknown, method: string): SnapnetError {
  if (isSnapnetError(caught)) {
    return caught;
  }
  const { code, message, data } = readRpcError(caught) ?? {
    code: RpcErrorCode.Internal,
    message: getErrorMessage(caught),
    data: undefined,
  };
  const Class =
    CLASS_BY_CODE.get(code) ??
    (dataMember(data, 'node') === undefined ? SnapnetError : NodeError);
  return new Class(message, { code, data, method, cause: caught });
}
