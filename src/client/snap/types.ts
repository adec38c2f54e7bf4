import type { Infer } from '@metamask/superstruct';

import type { methods } from '../../api/methods';

// Every type here is derived from the method map of `src/api/` that the snap validates
// with: a method added there is typed in the client without touching it.
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

// Params may be omitted exactly when the struct accepts `{}`.
type ParamsOptional<Method extends SnapMethod> =
  Partial<ParamsOf<Method>> extends ParamsOf<Method> ? true : false;

/** One typed method; its params are optional exactly when the struct allows `{}`. */
export type MethodFunction<Method extends SnapMethod> =
  ParamsOptional<Method> extends true
    ? (params?: ParamsOf<Method>) => Promise<ResultOf<Method>>
    : (params: ParamsOf<Method>) => Promise<ResultOf<Method>>;

/** One typed method per `snapnet_*` method, named without the prefix. */
export type SnapnetMethods = {
  [Method in SnapMethod as ShortName<Method>]: MethodFunction<Method>;
};

/** The argument of `request`: a method and its params (optional as above). */
export type SnapnetRequest<Method extends SnapMethod> = {
  method: Method;
} & (ParamsOptional<Method> extends true
  ? { params?: ParamsOf<Method> }
  : { params: ParamsOf<Method> });
