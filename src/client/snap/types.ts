import type { Infer } from '@metamask/superstruct';

import type { methods } from '../../api/methods';

/**
 * Every type of the snap client is derived from the one method map of `src/api/`, the
 * same one the snap validates requests with: a method added there appears here (as a
 * typed method and in `request`) without touching the client.
 */
type MethodMap = typeof methods;

/** Name of a snap method, e.g. `snapnet_signMessage`. */
export type SnapMethod = keyof MethodMap;

/** What a method takes, as its params struct describes it. */
export type ParamsOf<Method extends SnapMethod> = Infer<
  MethodMap[Method]['params']
>;

/** What a method answers, as its result struct describes it (checked at runtime). */
export type ResultOf<Method extends SnapMethod> = Infer<
  MethodMap[Method]['result']
>;

/** The prefix every snap method carries; the client's method names drop it. */
export const METHOD_PREFIX = 'snapnet_';

/** `snapnet_signMessage` → `signMessage`. */
export type ShortName<Method extends SnapMethod> =
  Method extends `${typeof METHOD_PREFIX}${infer Name}` ? Name : never;

/** Whether every member of a method's params is optional, so params may be omitted. */
type ParamsOptional<Method extends SnapMethod> =
  Partial<ParamsOf<Method>> extends ParamsOf<Method> ? true : false;

/** One typed method: params optional exactly when the struct allows `{}`. */
export type MethodFunction<Method extends SnapMethod> =
  ParamsOptional<Method> extends true
    ? (params?: ParamsOf<Method>) => Promise<ResultOf<Method>>
    : (params: ParamsOf<Method>) => Promise<ResultOf<Method>>;

/** One typed method per `snapnet_*` method, named without the prefix. */
export type SnapnetMethods = {
  [Method in SnapMethod as ShortName<Method>]: MethodFunction<Method>;
};

/** The argument of `request`: the method and its params (optional when they may be `{}`). */
export type SnapnetRequest<Method extends SnapMethod> = {
  method: Method;
} & (ParamsOptional<Method> extends true
  ? { params?: ParamsOf<Method> }
  : { params: ParamsOf<Method> });

/** The EIP-1193 provider surface the client needs (MetaMask's injected provider). */
export type Eip1193Provider = {
  request(args: { method: string; params?: unknown }): Promise<unknown>;
};

/** EIP-6963 wallet metadata; `rdns` (e.g. `io.metamask.flask`) identifies the wallet. */
export type Eip6963ProviderInfo = {
  uuid: string;
  name: string;
  icon: string;
  rdns: string;
};

/** What a wallet announces with `eip6963:announceProvider`. */
export type Eip6963ProviderDetail = {
  info: Eip6963ProviderInfo;
  provider: Eip1193Provider;
};

/** The wallet's record of an installed snap (`wallet_getSnaps` / `wallet_requestSnaps`). */
export type InstalledSnap = {
  id: string;
  version: string;
  enabled: boolean;
  blocked: boolean;
};
