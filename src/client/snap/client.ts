import { StructError } from '@metamask/superstruct';
import { hasProperty, isObject } from '@metamask/utils';

import { methods } from '../../api/methods';
import { RpcErrorCode, walletJson } from '../errors';
import type { DiscoveryOptions, Eip1193Provider } from './discovery';
import { discoverProvider } from './discovery';
import {
  InvalidParamsError,
  InvalidResultError,
  SnapNotInstalledError,
  SnapnetError,
  toSnapnetError,
} from './errors';
import type {
  ResultOf,
  SnapMethod,
  SnapnetMethods,
  SnapnetRequest,
} from './types';
import { METHOD_PREFIX } from './types';

/** Options of {@link createSnapnetClient}. */
export type SnapnetClientOptions = {
  /** The snap: `npm:…` when published, `local:http://localhost:8080` in development. */
  snapId: string;
  /** Semver range asked for in `wallet_requestSnaps`, e.g. `^0.1.0`. Default: any. */
  version?: string;
  /** The wallet. Default: {@link discoverProvider}'s. */
  provider?: Eip1193Provider;
  /** How to discover the wallet when no `provider` is given. */
  discovery?: DiscoveryOptions;
};

/** The wallet's record of an installed snap (`wallet_getSnaps` / `wallet_requestSnaps`). */
export type InstalledSnap = {
  id: string;
  version: string;
  enabled: boolean;
  blocked: boolean;
};

/** What the client offers besides the per-method functions. */
export type SnapnetClientBase = {
  readonly snapId: string;
  /** The wallet provider, discovered on first use (a failed discovery is retried). */
  provider(): Promise<Eip1193Provider>;
  /** `wallet_requestSnaps`: installs the snap if needed and connects this dapp. */
  connect(): Promise<InstalledSnap>;
  /** `wallet_getSnaps`: whether the snap is installed, enabled and connected here. */
  isInstalled(): Promise<boolean>;
  /** Any snap method by name, typed and checked like the per-method functions. */
  request<Method extends SnapMethod>(
    args: SnapnetRequest<Method>,
  ): Promise<ResultOf<Method>>;
  /** A method this client's map lacks (a newer snap): unchecked, errors mapped. */
  invoke(method: string, params?: Record<string, unknown>): Promise<unknown>;
};

/** The snap client: {@link SnapnetClientBase} plus one typed function per snap method. */
export type SnapnetClient = SnapnetClientBase & SnapnetMethods;

// The first failure of a struct check: dotted path (empty at the top) and message.
function firstFailure(error: StructError): [path: string, message: string] {
  const [failure] = error.failures();
  const message =
    failure?.type === 'never' ? 'unknown field' : failure?.message;
  return [failure?.path.join('.') ?? '', message ?? error.message];
}

// One typed call: params checked with the snap's own struct before the wallet is
// bothered (naming the field), the answer with the result struct the snap is built
// against, extra fields dropped (so a snap that lacks or mistypes a field is caught,
// not handed out as typed, while a newer snap's added fields change nothing).
async function call<Method extends SnapMethod>(
  invoke: SnapnetClientBase['invoke'],
  method: Method,
  params: unknown,
): Promise<ResultOf<Method>> {
  const { params: paramsStruct, result: resultStruct } = methods[method];
  const [error] = paramsStruct.validate(params ?? {}, { coerce: true });
  if (error) {
    const [path, message] = firstFailure(error);
    const field = path || '(params)';
    throw new InvalidParamsError(`Invalid params: ${field}: ${message}`, {
      data: { field },
      method,
      cause: error,
    });
  }
  const answer = await invoke(method, isObject(params) ? { ...params } : {});
  // Tolerant: a newer snap (another dapp may have updated it) may add fields; `mask`
  // (coerce, then drop unknown keys) keeps what this client knows. Params stay strict.
  try {
    return resultStruct.mask(answer);
  } catch (wrong) {
    if (!(wrong instanceof StructError)) {
      throw wrong;
    }
    const [path, message] = firstFailure(wrong);
    const where = path ? ` at ${path}` : '';
    throw new InvalidResultError(
      `${method} answered something this client does not expect${where}: ${message}. Is the installed snap another version?`,
      { method, result: answer, cause: wrong },
    );
  }
}

// One entry of a `wallet_getSnaps` / `wallet_requestSnaps` answer, if there and not failed.
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

// `wallet_requestSnaps` for the snap; refused unless the wallet connected it.
async function connectSnap(
  walletCall: (method: string, params: unknown) => Promise<unknown>,
  { snapId, version }: SnapnetClientOptions,
): Promise<InstalledSnap> {
  const answer = await walletCall('wallet_requestSnaps', {
    [snapId]: version ? { version } : {},
  });
  const snap = installedSnap(answer, snapId);
  if (snap?.enabled && !snap.blocked) {
    return snap;
  }
  const state = snap
    ? ` (enabled: ${snap.enabled}, blocked: ${snap.blocked})`
    : '';
  throw new SnapNotInstalledError(
    `The wallet did not connect snap ${snapId}${state}`,
    {
      code: RpcErrorCode.Unauthorized,
      method: 'wallet_requestSnaps',
      data: walletJson(answer) ?? null,
    },
  );
}

// The wallet side: provider discovery, wallet calls with errors mapped, the invoke
// envelope and the install checks.
function connection(
  options: SnapnetClientOptions,
): Omit<SnapnetClientBase, 'snapId' | 'request'> {
  const { snapId, provider, discovery } = options;
  let found = provider && Promise.resolve(provider);
  const getProvider = async (): Promise<Eip1193Provider> =>
    (found ??= discoverProvider(discovery).catch((error: unknown) => {
      found = undefined; // the wallet may inject itself late: retry next time
      throw error;
    }));
  const walletCall = async (
    method: string,
    params: unknown,
    label = method,
  ): Promise<unknown> => {
    try {
      return await (await getProvider()).request({ method, params });
    } catch (error) {
      throw toSnapnetError(error, label);
    }
  };
  const isInstalled = async (): Promise<boolean> => {
    const snap = installedSnap(await walletCall('wallet_getSnaps', {}), snapId);
    return Boolean(snap?.enabled && !snap.blocked);
  };
  const invoke = async (method: string, params = {}): Promise<unknown> => {
    try {
      const request = { method, params };
      return await walletCall('wallet_invokeSnap', { snapId, request }, method);
    } catch (error) {
      // MetaMask answers a generic -32603 for a missing snap: wallet_getSnaps tells.
      const generic =
        error instanceof SnapnetError &&
        error.constructor === SnapnetError &&
        error.data === undefined;
      if (generic && !(await isInstalled().catch(() => true))) {
        const { code, message } = error;
        throw new SnapNotInstalledError(message, {
          code,
          method,
          cause: error,
        });
      }
      throw error;
    }
  };
  const connect = async (): Promise<InstalledSnap> =>
    connectSnap(walletCall, options);
  return { provider: getProvider, isInstalled, invoke, connect };
}

// Whether the per-method table built at runtime has every method of the map.
function isMethodTable(table: object): table is SnapnetMethods {
  return Object.keys(methods).every(
    (name) =>
      typeof Reflect.get(table, name.slice(METHOD_PREFIX.length)) ===
      'function',
  );
}

/**
 * Creates a typed client of the snapnet snap: one function per `snapnet_*` method of the
 * shared map (`client.signMessage(params)`), params and results checked with the snap's
 * own structs, errors as classes keeping code, data and the wallet code. Runs in
 * browsers; it never touches the snap's `snap` global.
 *
 * @param options - Snap id, version, provider or discovery options.
 * @returns The client.
 */
export function createSnapnetClient(
  options: SnapnetClientOptions,
): SnapnetClient {
  const wallet = connection(options);
  const table = Object.fromEntries(
    Object.keys(methods)
      .filter((name): name is SnapMethod => hasProperty(methods, name))
      .map((method) => [
        method.slice(METHOD_PREFIX.length),
        async (params?: unknown): Promise<unknown> =>
          call(wallet.invoke, method, params),
      ]),
  );
  if (!isMethodTable(table)) {
    throw new Error('snapnet client: the method table left a method out');
  }
  const request = async <Method extends SnapMethod>(
    args: SnapnetRequest<Method>,
  ): Promise<ResultOf<Method>> => call(wallet.invoke, args.method, args.params);
  return { ...table, ...wallet, snapId: options.snapId, request };
}
