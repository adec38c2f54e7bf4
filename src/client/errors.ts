import type { Json } from '@metamask/utils';
import { getErrorMessage, isObject } from '@metamask/utils';

/**
 * The JSON-RPC codes the dapp-side clients name: `@metamask/rpc-errors`' `errorCodes`
 * (the table MetaMask answers with; a unit test keeps them equal), written as numbers so
 * a dapp bundle does not carry that whole table.
 */
export const RpcErrorCode = {
  UserRejected: 4001,
  Unauthorized: 4100,
  Disconnected: 4900,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  Internal: -32603,
  ResourceNotFound: -32001,
  MethodNotSupported: -32004,
} as const;

/** What every dapp-side client error carries besides its message. */
export type SnapnetErrorOptions = {
  /** The JSON-RPC code (wallet, snap, gateway or local equivalent). */
  code: number;
  /** `error.data` as received: `walletRpcError`, `field`, `node`, revert data, … */
  data?: Json | undefined;
  /** The method (snap, gateway or multichain) that failed. */
  method?: string | undefined;
  /** A longer explanation than the message; defaults to the cause's message. */
  details?: string | undefined;
  /** What was caught, kept so nothing is swallowed. */
  cause?: unknown;
};

// The brand of every SnapnetError, in the global symbol registry: two copies of this
// package in one page (an ES module and a CommonJS build, or two versions) share it,
// where their classes differ and `instanceof` fails.
const BRAND = Symbol.for('snapnet.error');

/**
 * Base of every error the dapp-side clients (`snapnet/client`, `/gateway`, `/multichain`,
 * `/wallet`) throw, shaped like viem's `BaseError`: one `instanceof` separates wallet, snap
 * and node failures from programming errors, `code` is the JSON-RPC code to switch on, and
 * `walk()` finds the root cause through any number of wrapping layers.
 */
export class SnapnetError extends Error {
  readonly code: number;

  readonly data: Json | undefined;

  readonly method: string | undefined;

  readonly details: string;

  /**
   * @param message - What went wrong, in words a dapp developer can act on.
   * @param options - Code, data, method, details and cause.
   */
  constructor(message: string, options: SnapnetErrorOptions) {
    super(message, { cause: options.cause });
    Object.defineProperty(this, BRAND, { value: true });
    this.name = 'SnapnetError';
    this.code = options.code;
    this.data = options.data;
    this.method = options.method;
    this.details =
      options.details ??
      (options.cause === undefined ? message : getErrorMessage(options.cause));
  }

  /**
   * Follows `cause` links (viem's `walk`): with a predicate, the first error in the chain
   * it accepts (or null); without one, the deepest cause.
   *
   * @param predicate - Optional test for the error wanted.
   * @returns The matching or deepest error of the chain.
   */
  walk(predicate?: (error: unknown) => boolean): unknown {
    const seen = new Set<unknown>();
    // The chain starts at this error itself.
    // eslint-disable-next-line @typescript-eslint/no-this-alias, consistent-this
    let current: unknown = this;
    while (!seen.has(current)) {
      seen.add(current);
      if (predicate?.(current)) {
        return current;
      }
      const next: unknown =
        current instanceof Error ? current.cause : undefined;
      if (next === undefined) {
        break;
      }
      current = next;
    }
    return predicate ? null : current;
  }

  /**
   * @returns The Starknet wallet-API code of `data.walletRpcError.code`, when the snap
   * sent one (111 not ERC-20, 112 unlisted network, 113 refused, 114 bad payload, …).
   */
  get walletCode(): number | undefined {
    const code = dataMember(dataMember(this.data, 'walletRpcError'), 'code');
    return typeof code === 'number' ? code : undefined;
  }
}

/**
 * Whether a value is an error of the dapp-side clients, with `code` if given. Use it
 * instead of `instanceof`: it holds across copies of this package (ESM and CommonJS builds,
 * two versions in one bundle), and for codes any client answers with, whichever threw
 * it (`isSnapnetError(error, 4001)`: the user declined; `-32602`: refused params).
 *
 * @param error - What was caught.
 * @param code - The JSON-RPC code it must have, if any.
 * @returns True when it is one (of that code).
 */
export function isSnapnetError(
  error: unknown,
  code?: number,
): error is SnapnetError {
  return (
    error instanceof Error &&
    Reflect.get(error, BRAND) === true &&
    (code === undefined || Reflect.get(error, 'code') === code)
  );
}

/**
 * Builds the guard of one error family, by the `name`s its classes set (names survive
 * minifiers and cross package copies, classes do neither).
 *
 * @param names - The `name` of the family's classes.
 * @returns `(error, code?) => error is Family`.
 */
export function familyGuard<Family extends SnapnetError>(
  ...names: string[]
): (error: unknown, code?: number) => error is Family {
  return (error, code): error is Family =>
    isSnapnetError(error, code) && names.includes(error.name);
}

/**
 * The JSON a wallet sent (error data, a `wallet_requestSnaps` answer), or undefined
 * when it is not JSON. A round trip through `JSON` rather than `@metamask/utils`'
 * `isValidJson`: that one brings its JSON and JSON-RPC structs into every dapp bundle
 * (0.45 kB gzip of the 7 kB `snapnet/client` gate), and what a wallet answered already
 * crossed a JSON channel, so the round trip only drops what is not JSON.
 *
 * @param value - What the wallet answered.
 * @returns Its JSON form, or undefined.
 */
export function walletJson(value: unknown): Json | undefined {
  try {
    const text = JSON.stringify(value);
    return text === undefined ? undefined : parseJson(text);
  } catch {
    return undefined;
  }
}

// `JSON.parse` typed as what it returns for a `JSON.stringify` output.
function parseJson(text: string): Json {
  return JSON.parse(text);
}

/**
 * Reads a member of error data when it is an object.
 *
 * @param data - The error data (or a member of it).
 * @param key - The member.
 * @returns Its value, if any.
 */
export function dataMember(
  data: Json | undefined,
  key: string,
): Json | undefined {
  return isObject(data) && !Array.isArray(data) ? data[key] : undefined;
}

/** Options of the code-keyed subclasses: everything but the code, which they fix. */
export type CodedErrorOptions = Omit<SnapnetErrorOptions, 'code'>;

/**
 * The user declined in the wallet (4001): nothing was signed or sent. Other clients answer
 * 4001 with their own class: `isSnapnetError(error, 4001)` matches them all.
 */
export class UserRejectedError extends SnapnetError {
  /**
   * @param message - What was declined.
   * @param options - Data, method, details and cause.
   */
  constructor(message: string, options: CodedErrorOptions = {}) {
    super(message, { ...options, code: RpcErrorCode.UserRejected });
    this.name = 'UserRejectedError';
  }
}

/**
 * Params refused (-32602), by a client's own check before sending or by the other side.
 * `field` is the dotted path of the offending member (`data.field`), e.g. `signerAddress`.
 */
export class InvalidParamsError extends SnapnetError {
  /**
   * @param message - What is wrong.
   * @param options - Data (with `field`), method, details and cause.
   */
  constructor(message: string, options: CodedErrorOptions = {}) {
    super(message, { ...options, code: RpcErrorCode.InvalidParams });
    this.name = 'InvalidParamsError';
  }

  /** @returns The dotted path of the offending field, when known. */
  get field(): string | undefined {
    const field = dataMember(this.data, 'field');
    return typeof field === 'string' ? field : undefined;
  }
}

/** The other side (snap, node) does not have this method (-32601). */
export class MethodNotFoundError extends SnapnetError {
  /**
   * @param message - Which method is missing.
   * @param options - Data, method, details and cause.
   */
  constructor(message: string, options: CodedErrorOptions = {}) {
    super(message, { ...options, code: RpcErrorCode.MethodNotFound });
    this.name = 'MethodNotFoundError';
  }
}

/**
 * Builds the -32602 error of a local check, naming the argument in `data.field`.
 *
 * @param field - Which argument (dotted path).
 * @param message - What is wrong with it.
 * @param cause - What was caught, if the check wrapped another failure.
 * @returns The error.
 */
export function invalidParams(
  field: string,
  message: string,
  cause?: unknown,
): InvalidParamsError {
  return new InvalidParamsError(`Invalid params: ${field}: ${message}`, {
    data: { field },
    cause,
  });
}
