import type { Json } from '@metamask/utils';
import { isObject, isValidJson } from '@metamask/utils';

/**
 * JSON-RPC codes the wallet and the snap answer with, by name, so dapp code can switch
 * on intent. The snap's own codes and `data` are documented in the README ("Errors").
 */
export const SnapnetErrorCode = {
  UserRejected: 4001,
  Unauthorized: 4100,
  Disconnected: 4900,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  Internal: -32603,
  ResourceNotFound: -32001,
  MethodNotSupported: -32004,
  /** How the snaps execution environment wraps a snap's error on the wire. */
  SnapError: -31002,
} as const;

/** What every snapnet client error carries besides its message. */
export type SnapnetErrorOptions = {
  /** The JSON-RPC code from the wallet or snap, or the local equivalent. */
  code: number;
  /** `error.data` as received: `walletRpcError`, `field`, `node`, … */
  data?: Json | undefined;
  /** The snap or wallet method that failed. */
  method?: string | undefined;
  /** What was caught, kept so nothing is swallowed. */
  cause?: unknown;
};

/**
 * Reads a member of `data` when it is an object.
 *
 * @param data - The error data.
 * @param key - The member.
 * @returns Its value, if any.
 */
function member(data: Json | undefined, key: string): Json | undefined {
  return isObject(data) && !Array.isArray(data) ? data[key] : undefined;
}

/**
 * Base of every error the snap client throws: one `instanceof` separates wallet and snap
 * failures from programming errors. It keeps the JSON-RPC `code`, the whole `data`, and
 * the Starknet wallet-API code (`data.walletRpcError.code`, e.g. 113 user refused).
 */
export class SnapnetError extends Error {
  readonly code: number;

  readonly data: Json | undefined;

  readonly method: string | undefined;

  /**
   * @param message - What went wrong.
   * @param options - Code, data, method and cause.
   */
  constructor(message: string, options: SnapnetErrorOptions) {
    super(message, { cause: options.cause });
    this.name = 'SnapnetError';
    this.code = options.code;
    this.data = options.data;
    this.method = options.method;
  }

  /**
   * @returns The Starknet wallet-API code of `data.walletRpcError.code`, when the snap
   * sent one (111 not ERC-20, 112 unlisted network, 113 refused, 114 bad payload, …).
   */
  get walletCode(): number | undefined {
    const code = member(member(this.data, 'walletRpcError'), 'code');
    return typeof code === 'number' ? code : undefined;
  }
}

/** The user declined in the wallet (4001): nothing was signed or sent. */
export class UserRejectedError extends SnapnetError {
  constructor(message: string, options: Omit<SnapnetErrorOptions, 'code'>) {
    super(message, { ...options, code: SnapnetErrorCode.UserRejected });
    this.name = 'UserRejectedError';
  }
}

/**
 * Params refused (-32602), by the client's own check before sending or by the snap.
 * `field` is the dotted path of the offending member (`data.field`), e.g. `signerAddress`.
 */
export class InvalidParamsError extends SnapnetError {
  constructor(message: string, options: Omit<SnapnetErrorOptions, 'code'>) {
    super(message, { ...options, code: SnapnetErrorCode.InvalidParams });
    this.name = 'InvalidParamsError';
  }

  /** @returns The dotted path of the offending field, when known. */
  get field(): string | undefined {
    const field = member(this.data, 'field');
    return typeof field === 'string' ? field : undefined;
  }
}

/** The snap does not have this method (-32601): an older snap version is installed. */
export class MethodNotFoundError extends SnapnetError {
  constructor(message: string, options: Omit<SnapnetErrorOptions, 'code'>) {
    super(message, { ...options, code: SnapnetErrorCode.MethodNotFound });
    this.name = 'MethodNotFoundError';
  }
}

/** The snap knows the request but does not support it yet (-32004). */
export class NotSupportedError extends SnapnetError {
  constructor(message: string, options: Omit<SnapnetErrorOptions, 'code'>) {
    super(message, { ...options, code: SnapnetErrorCode.MethodNotSupported });
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
    const code = member(member(this.data, 'node'), 'code');
    return typeof code === 'number' ? code : undefined;
  }

  /** @returns The node's message, or what went wrong reaching it. */
  get nodeMessage(): string | undefined {
    const message = member(member(this.data, 'node'), 'message');
    return typeof message === 'string' ? message : undefined;
  }

  /** @returns The HTTP status of the node's answer, when that was the failure. */
  get httpStatus(): number | undefined {
    const status = member(member(this.data, 'node'), 'httpStatus');
    return typeof status === 'number' ? status : undefined;
  }
}

/** Something the node does not know (-32001), e.g. an unknown transaction hash. */
export class NotFoundError extends NodeError {
  constructor(message: string, options: Omit<SnapnetErrorOptions, 'code'>) {
    super(message, { ...options, code: SnapnetErrorCode.ResourceNotFound });
    this.name = 'NotFoundError';
  }
}

/**
 * The snap is not installed, or this dapp is not connected to it (4100 from the wallet,
 * or a `wallet_requestSnaps` answer without it): call `connect()` first.
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
    super(message, { code: SnapnetErrorCode.Disconnected });
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
    options: Omit<SnapnetErrorOptions, 'code'> & { result: unknown },
  ) {
    super(message, { ...options, code: SnapnetErrorCode.Internal });
    this.name = 'InvalidResultError';
    this.result = options.result;
  }
}

const NOT_INSTALLED = /not installed|not connected|is disabled|is blocked/iu;

/**
 * Unwraps the wire forms a snap's error can arrive in: the plain `{ code, message, data }`
 * MetaMask forwards, or the execution environment's `-31002` envelope with the original
 * in `data.cause` (or `data.originalError`).
 *
 * @param caught - What the provider rejected with.
 * @returns The code, message and data, or undefined when there is no numeric code.
 */
function readRpcError(
  caught: unknown,
): { code: number; message: string; data: Json | undefined } | undefined {
  if (!isObject(caught) || typeof caught.code !== 'number') {
    return undefined;
  }
  const data = isValidJson(caught.data) ? caught.data : undefined;
  if (caught.code === SnapnetErrorCode.SnapError) {
    const inner =
      readRpcError(member(data, 'cause')) ??
      readRpcError(member(data, 'originalError'));
    if (inner) {
      return inner;
    }
  }
  const message = typeof caught.message === 'string' ? caught.message : '';
  return { code: caught.code, message, data };
}

/**
 * The one mapping from what a provider rejects with to the client's error classes, keeping
 * code, message, data (and so the wallet code) and the original as `cause`.
 *
 * @param caught - What the provider rejected with.
 * @param method - The snap or wallet method that was called.
 * @returns The error to throw to the dapp.
 */
export function toSnapnetError(caught: unknown, method: string): SnapnetError {
  if (caught instanceof SnapnetError) {
    return caught;
  }
  const rpc = readRpcError(caught);
  if (!rpc) {
    const message = caught instanceof Error ? caught.message : String(caught);
    return new SnapnetError(message, {
      code: SnapnetErrorCode.Internal,
      method,
      cause: caught,
    });
  }
  const { code, message, data } = rpc;
  const options = { data, method, cause: caught };
  if (code === SnapnetErrorCode.UserRejected) {
    return new UserRejectedError(message, options);
  }
  if (code === SnapnetErrorCode.InvalidParams) {
    return new InvalidParamsError(message, options);
  }
  // MetaMask answers 4100 for a snap this origin has no permission for, and an
  // invalid-request or internal error naming the snap when it is missing or disabled.
  if (
    code === SnapnetErrorCode.Unauthorized ||
    (member(data, 'node') === undefined && NOT_INSTALLED.test(message))
  ) {
    return new SnapNotInstalledError(message, { ...options, code });
  }
  if (code === SnapnetErrorCode.MethodNotFound) {
    return new MethodNotFoundError(message, options);
  }
  if (code === SnapnetErrorCode.MethodNotSupported) {
    return new NotSupportedError(message, options);
  }
  if (code === SnapnetErrorCode.ResourceNotFound) {
    return new NotFoundError(message, options);
  }
  if (member(data, 'node') !== undefined) {
    return new NodeError(message, { ...options, code });
  }
  return new SnapnetError(message, { ...options, code });
}
