import type { StructError } from '@metamask/superstruct';
import { hasProperty, isObject, isValidJson } from '@metamask/utils';

import { methods } from '../../api/methods';
import type { DiscoveryOptions } from './discovery';
import { discoverProvider } from './discovery';
import {
  InvalidParamsError,
  InvalidResultError,
  SnapNotInstalledError,
  SnapnetErrorCode,
  toSnapnetError,
} from './errors';
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

/** The snap names in `methods`, in map order. */
const METHOD_NAMES = Object.keys(methods).filter(isSnapMethod);

/**
 * Whether a name is a method of the map.
 *
 * @param name - A method name.
 * @returns Whether `methods` has it.
 */
function isSnapMethod(name: string): name is SnapMethod {
  return hasProperty(methods, name);
}

/**
 * Narrows an answer to a method's result type by checking it with the method's result
 * struct, the one the snap is built against.
 *
 * @param method - The method.
 * @param value - The answer.
 * @returns Whether it matches.
 */
function isResultOf<Method extends SnapMethod>(
  method: Method,
  value: unknown,
): value is ResultOf<Method> {
  return methods[method].result.is(value);
}

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
 * Whether the per-method table built at runtime has every method of the map.
 *
 * @param table - The table.
 * @returns Whether it is complete.
 */
function isMethodTable(table: object): table is SnapnetMethods {
  return METHOD_NAMES.every(
    (name) => typeof Reflect.get(table, shortName(name)) === 'function',
  );
}

/**
 * `snapnet_signMessage` → `signMessage`.
 *
 * @param method - A snap method.
 * @returns Its client function name.
 */
function shortName(method: SnapMethod): string {
  return method.slice(METHOD_PREFIX.length);
}

/**
 * Reads one entry of a `wallet_getSnaps` / `wallet_requestSnaps` answer.
 *
 * @param answer - The answer.
 * @param snapId - The snap.
 * @returns The installed snap, or undefined when absent or failed.
 */
function installedSnap(
  answer: unknown,
  snapId: string,
): InstalledSnap | undefined {
  const entry = isObject(answer) ? answer[snapId] : undefined;
  if (
    !isObject(entry) ||
    hasProperty(entry, 'error') ||
    typeof entry.version !== 'string'
  ) {
    return undefined;
  }
  return {
    id: typeof entry.id === 'string' ? entry.id : snapId,
    version: entry.version,
    enabled: entry.enabled !== false,
    blocked: entry.blocked === true,
  };
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
  const { snapId } = options;
  let providerPromise: Promise<Eip1193Provider> | undefined = options.provider
    ? Promise.resolve(options.provider)
    : undefined;

  /**
   * The provider, discovered once; a failed discovery is retried next time, since the
   * wallet may inject itself late.
   *
   * @returns The provider.
   */
  async function provider(): Promise<Eip1193Provider> {
    providerPromise ??= discoverProvider(options.discovery).catch(
      (error: unknown) => {
        providerPromise = undefined;
        throw error;
      },
    );
    return providerPromise;
  }

  /**
   * One wallet call, errors mapped.
   *
   * @param method - The wallet method.
   * @param params - Its params.
   * @param label - The method named in errors (the snap method for invokes).
   * @returns The answer.
   */
  async function walletCall(
    method: string,
    params: unknown,
    label = method,
  ): Promise<unknown> {
    const wallet = await provider();
    try {
      return await wallet.request({ method, params });
    } catch (error) {
      throw toSnapnetError(error, label);
    }
  }

  /**
   * Sends a snap method through `wallet_invokeSnap`.
   *
   * @param method - The snap method.
   * @param params - Its params (`{}` when omitted, as the snap expects).
   * @returns The raw answer.
   */
  async function invoke(
    method: string,
    params: Record<string, unknown> = {},
  ): Promise<unknown> {
    return walletCall(
      'wallet_invokeSnap',
      { snapId, request: { method, params } },
      method,
    );
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
   * An untyped call of a map method: check params, send, check the result.
   *
   * @param method - The snap method.
   * @param params - The params as given.
   * @returns The answer, checked against the method's result struct.
   * @throws {InvalidResultError} When the answer does not match it.
   */
  async function call(method: SnapMethod, params: unknown): Promise<unknown> {
    checkParams(method, params);
    const answer = await invoke(method, isObject(params) ? { ...params } : {});
    const [error] = methods[method].result.validate(answer);
    if (error) {
      const { path, message } = firstFailure(error);
      throw new InvalidResultError(
        `${method} answered something this client does not expect${
          path ? ` at ${path}` : ''
        }: ${message}. Is the installed snap another version?`,
        { method, result: answer, cause: error },
      );
    }
    return answer;
  }

  /**
   * A typed call.
   *
   * @param args - The method and params.
   * @returns The checked result.
   */
  async function request<Method extends SnapMethod>(
    args: SnapnetRequest<Method>,
  ): Promise<ResultOf<Method>> {
    const answer = await call(args.method, args.params);
    if (isResultOf(args.method, answer)) {
      return answer;
    }
    // Not reached: `call` checked the answer with the same struct.
    throw new InvalidResultError(
      `${args.method} answered an unexpected value`,
      {
        method: args.method,
        result: answer,
      },
    );
  }

  const table: Record<string, (params?: unknown) => Promise<unknown>> = {};
  for (const method of METHOD_NAMES) {
    table[shortName(method)] = async (params?: unknown): Promise<unknown> =>
      call(method, params);
  }
  if (!isMethodTable(table)) {
    throw new Error(
      'snapnet client: building the method table from `methods` left a method out',
    );
  }

  return {
    ...table,
    snapId,
    provider,
    request,
    invoke,
    async connect(): Promise<InstalledSnap> {
      const answer = await walletCall('wallet_requestSnaps', {
        [snapId]: options.version ? { version: options.version } : {},
      });
      const snap = installedSnap(answer, snapId);
      if (!snap || !snap.enabled || snap.blocked) {
        throw new SnapNotInstalledError(
          `The wallet did not connect snap ${snapId}${
            snap ? ` (enabled: ${snap.enabled}, blocked: ${snap.blocked})` : ''
          }`,
          {
            code: SnapnetErrorCode.Unauthorized,
            method: 'wallet_requestSnaps',
            data: isValidJson(answer) ? answer : null,
          },
        );
      }
      return snap;
    },
    async isInstalled(): Promise<boolean> {
      const snap = installedSnap(
        await walletCall('wallet_getSnaps', {}),
        snapId,
      );
      return snap !== undefined && snap.enabled && !snap.blocked;
    },
  };
}
