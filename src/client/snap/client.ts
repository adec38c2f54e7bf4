import type { StructError } from '@metamask/superstruct';
import { hasProperty, isObject } from '@metamask/utils';

import { methods } from '../../api/methods';
import { SnapConnection } from './connection';
import type { DiscoveryOptions } from './discovery';
import { InvalidParamsError, InvalidResultError } from './errors';
import type {
  Eip1193Provider,
  InstalledSnap,
  ResultOf,
  SnapMethod,
  SnapnetMethods,
  SnapnetRequest,
} from './types';
import { METHOD_PREFIX } from './types';

/** Options of {@link createSnapnetClient}. */
export type SnapnetClientOptions = {
  /** The snap to talk to: `npm:…` when published, `local:http://localhost:8080` in development. */
  snapId: string;
  /** Semver range asked for in `wallet_requestSnaps`, e.g. `^0.1.0`. Default: any. */
  version?: string;
  /** The wallet. Default: discovered by EIP-6963 (MetaMask Flask, MetaMask), else `window.ethereum`. */
  provider?: Eip1193Provider;
  /** How to discover the wallet when no `provider` is given. */
  discovery?: DiscoveryOptions;
};

/** What the client offers besides the per-method functions. */
export type SnapnetClientBase = {
  /** The snap this client talks to. */
  readonly snapId: string;
  /** The wallet provider in use (discovered on first use). */
  provider(): Promise<Eip1193Provider>;
  /**
   * Installs the snap if needed and connects this dapp to it (`wallet_requestSnaps`;
   * the wallet asks the user).
   */
  connect(): Promise<InstalledSnap>;
  /** Whether the snap is installed, enabled and connected to this dapp (`wallet_getSnaps`). */
  isInstalled(): Promise<boolean>;
  /** Any snap method, typed by the same method map as the per-method functions. */
  request<Method extends SnapMethod>(
    args: SnapnetRequest<Method>,
  ): Promise<ResultOf<Method>>;
  /**
   * A snap method by name without types or result check: for methods a newer snap has
   * and this client's map does not. Errors are mapped as for typed calls.
   */
  invoke(method: string, params?: Record<string, unknown>): Promise<unknown>;
};

/** The snap client: {@link SnapnetClientBase} plus one typed function per snap method. */
export type SnapnetClient = SnapnetClientBase & SnapnetMethods;

/**
 * The first failure of a struct check, as `path: message`.
 *
 * @param error - The struct error.
 * @returns The path (empty at the top) and a readable message.
 */
function firstFailure(error: StructError): { path: string; message: string } {
  const [failure] = error.failures();
  const path = failure?.path.join('.') ?? '';
  const message =
    failure?.type === 'never'
      ? 'unknown field'
      : (failure?.message ?? error.message);
  return { path, message };
}

/**
 * Checks params with the method's struct before sending, so a mistake fails at once,
 * naming the field, without a wallet round trip.
 *
 * @param method - The snap method.
 * @param params - The params as given.
 * @throws {InvalidParamsError} Naming the first bad field.
 */
function checkParams(method: SnapMethod, params: unknown): void {
  const [error] = methods[method].params.validate(params ?? {}, {
    coerce: true,
  });
  if (error) {
    const { path, message } = firstFailure(error);
    const field = path || '(params)';
    throw new InvalidParamsError(`Invalid params: ${field}: ${message}`, {
      data: { field },
      method,
      cause: error,
    });
  }
}

/**
 * Checks an answer with the method's result struct, the one the snap is built against.
 *
 * @param method - The snap method.
 * @param answer - What the snap answered.
 * @returns The answer, typed.
 * @throws {InvalidResultError} When it does not match.
 */
function checkResult<Method extends SnapMethod>(
  method: Method,
  answer: unknown,
): ResultOf<Method> {
  const [error, result] = methods[method].result.validate(answer);
  if (error) {
    const { path, message } = firstFailure(error);
    throw new InvalidResultError(
      `${method} answered something this client does not expect${
        path ? ` at ${path}` : ''
      }: ${message}. Is the installed snap another version?`,
      { method, result: answer, cause: error },
    );
  }
  return result;
}

/**
 * Creates a typed client of the snapnet snap for a dapp. Every `snapnet_*` method of the
 * shared map is a function here (`client.signMessage(params)`), and `request` takes any
 * of them by name. Params are checked with the snap's own structs before the wallet is
 * bothered, results are checked with the same structs after, and errors arrive as
 * classes ({@link UserRejectedError}, {@link InvalidParamsError}, {@link NodeError}, …)
 * keeping code, data and the Starknet wallet code.
 *
 * Runs in browsers; it never touches the snap's `snap` global.
 *
 * @param options - Snap id, version, provider or discovery options.
 * @returns The client.
 */
export function createSnapnetClient(
  options: SnapnetClientOptions,
): SnapnetClient {
  const connection = new SnapConnection(options);

  const send = async (
    method: SnapMethod,
    params: unknown,
  ): Promise<unknown> => {
    checkParams(method, params);
    return connection.invoke(method, isObject(params) ? { ...params } : {});
  };
  const request = async <Method extends SnapMethod>({
    method,
    params,
  }: SnapnetRequest<Method>): Promise<ResultOf<Method>> =>
    checkResult(method, await send(method, params));

  const base: SnapnetClientBase = {
    snapId: options.snapId,
    provider: async () => connection.provider(),
    connect: async () => connection.connect(),
    isInstalled: async () => connection.installed(),
    request,
    invoke: async (method, params) => connection.invoke(method, params),
  };
  const table = Object.fromEntries(
    Object.keys(methods)
      .filter((name): name is SnapMethod => hasProperty(methods, name))
      .map((method) => [
        method.slice(METHOD_PREFIX.length),
        async (params?: unknown): Promise<unknown> =>
          checkResult(method, await send(method, params)),
      ]),
  );
  if (!isMethodTable(table)) {
    throw new Error('snapnet client: the method table left a method out');
  }
  return { ...table, ...base };
}

/**
 * Whether the per-method table built at runtime has every method of the map.
 *
 * @param table - The table.
 * @returns Whether it is complete.
 */
function isMethodTable(table: object): table is SnapnetMethods {
  return Object.keys(methods).every(
    (name) =>
      typeof Reflect.get(table, name.slice(METHOD_PREFIX.length)) ===
      'function',
  );
}
