import type { Json } from '@metamask/utils';
import { getErrorMessage, isObject, isValidJson } from '@metamask/utils';

import type { CodedErrorOptions, SnapnetErrorOptions } from '../errors';
import {
  dataMember,
  InvalidParamsError,
  MethodNotFoundError,
  RpcErrorCode,
  SnapnetError,
  UserRejectedError,
} from '../errors';

export type { SnapnetErrorOptions } from '../errors';
export {
  InvalidParamsError,
  MethodNotFoundError,
  SnapnetError,
  UserRejectedError,
} from '../errors';

/**
 * JSON-RPC codes the wallet and the snap answer with, by name, so dapp code can switch
 * on intent. The snap's own codes and `data` are documented in the README ("Errors").
 */
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
 * The Starknet node (or indexer) failed or refused: `data.node` says how. `nodeCode` is
 * the node's own JSON-RPC code (e.g. 29 transaction not found, 41 execution error,
 * 55 validation failed), distinct from `code`, which is the snap's.
 */
export class NodeError extends SnapnetError {
  constructor(message: string, options: SnapnetErrorOptions) {
    super(message, options);
    this.name = 'NodeError';
  }

  /** @returns The node's JSON-RPC error code, when it answered with one. */
  get nodeCode(): number | undefined {
    const code = dataMember(dataMember(this.data, 'node'), 'code');
    return typeof code === 'number' ? code : undefined;
  }

  /** @returns The node's message, or what went wrong reaching it. */
  get nodeMessage(): string | undefined {
    const message = dataMember(dataMember(this.data, 'node'), 'message');
    return typeof message === 'string' ? message : undefined;
  }

  /** @returns The HTTP status of the node's answer, when that was the failure. */
  get httpStatus(): number | undefined {
    const status = dataMember(dataMember(this.data, 'node'), 'httpStatus');
    return typeof status === 'number' ? status : undefined;
  }
}

/** Something the node does not know (-32001), e.g. an unknown transaction hash. */
export class NotFoundError extends NodeError {
  constructor(message: string, options: CodedErrorOptions = {}) {
    super(message, { ...options, code: RpcErrorCode.ResourceNotFound });
    this.name = 'NotFoundError';
  }
}

/**
 * The snap is not installed, or this dapp is not connected to it (4100 from the wallet,
 * or a `wallet_getSnaps` / `wallet_requestSnaps` answer without it): call `connect()`.
 */
export class SnapNotInstalledError extends SnapnetError {
  constructor(message: string, options: SnapnetErrorOptions) {
    super(message, options);
    this.name = 'SnapNotInstalledError';
  }
}

/** No wallet provider: neither an EIP-6963 announcement nor `window.ethereum`. */
export class ProviderNotFoundError extends SnapnetError {
  constructor(message: string) {
    super(message, { code: RpcErrorCode.Disconnected });
    this.name = 'ProviderNotFoundError';
  }
}

/**
 * The answer does not match the method's result struct: the installed snap and this
 * client disagree on the contract, so the value is not handed out as if it were typed.
 */
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

/** A JSON-RPC error as read off the wire. */
type RpcErrorFields = { code: number; message: string; data: Json | undefined };

/**
 * Unwraps the wire forms a snap's error can arrive in: the plain `{ code, message, data }`
 * MetaMask forwards, or the execution environment's `-31002` envelope with the original
 * in `data.cause` (or `data.originalError`).
 *
 * @param caught - What the provider rejected with.
 * @returns The code, message and data, or undefined when there is no numeric code.
 */
function readRpcError(caught: unknown): RpcErrorFields | undefined {
  if (!isObject(caught) || typeof caught.code !== 'number') {
    return undefined;
  }
  const data = isValidJson(caught.data) ? caught.data : undefined;
  const inner =
    caught.code === SnapnetErrorCode.SnapError
      ? (readRpcError(dataMember(data, 'cause')) ??
        readRpcError(dataMember(data, 'originalError')))
      : undefined;
  return inner ?? { code: caught.code, message: getErrorMessage(caught), data };
}

/** The class for each code the snap and wallet answer with; others stay SnapnetError. */
const CLASS_BY_CODE = new Map<
  number,
  new (message: string, options: CodedErrorOptions) => SnapnetError
>([
  [RpcErrorCode.UserRejected, UserRejectedError],
  [RpcErrorCode.InvalidParams, InvalidParamsError],
  [RpcErrorCode.MethodNotFound, MethodNotFoundError],
  [RpcErrorCode.MethodNotSupported, NotSupportedError],
  [RpcErrorCode.ResourceNotFound, NotFoundError],
]);

/**
 * The one mapping from what a provider rejects with to the client's error classes, by
 * code and `data` alone, keeping code, message, data (and so the wallet code) and the
 * original as `cause`.
 *
 * @param caught - What the provider rejected with.
 * @param method - The snap or wallet method that was called.
 * @returns The error to throw to the dapp.
 */
export function toSnapnetError(caught: unknown, method: string): SnapnetError {
  if (caught instanceof SnapnetError) {
    return caught;
  }
  const rpc = readRpcError(caught) ?? {
    code: RpcErrorCode.Internal,
    message: getErrorMessage(caught),
    data: undefined,
  };
  const { code, message, data } = rpc;
  const options = { code, data, method, cause: caught };
  const Class = CLASS_BY_CODE.get(code);
  if (Class) {
    return new Class(message, options);
  }
  // MetaMask answers 4100 for a snap this origin has no permission for.
  if (code === RpcErrorCode.Unauthorized) {
    return new SnapNotInstalledError(message, options);
  }
  if (dataMember(data, 'node') !== undefined) {
    return new NodeError(message, options);
  }
  return new SnapnetError(message, options);
}
