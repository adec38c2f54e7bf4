import type {
  DefaultRpcApi,
  MethodName,
  MethodParams,
  MethodReturn,
  Scope,
} from '@metamask/multichain-api-client';

import type { ParamsOf, ResultOf, SnapMethod } from '../snap/types';
import type { InvokeMethodParams, InvokeMethodResult } from './types';

/**
 * The snap's methods as a namespace of upstream's typed API: on a `starknet:*` scope,
 * `snapnet_*` methods take and answer what the snap's structs say.
 */
export type StarknetRpc = {
  methods: {
    [Method in SnapMethod]: (params: ParamsOf<Method>) => ResultOf<Method>;
  };
};

/** Upstream's typed scopes (eip155, solana, bip122, tron, stellar) plus Starknet's. */
export type SnapnetRpcApi = DefaultRpcApi & { starknet: StarknetRpc };

/** A known scope string, e.g. `eip155:1` or `starknet:SN_SEPOLIA`. */
export type TypedScope = Scope<SnapnetRpcApi>;

/** Invoke params typed by scope and method, as upstream types them. */
export type TypedInvokeParams<
  ScopeKey extends TypedScope,
  Method extends MethodName<SnapnetRpcApi, ScopeKey>,
> = {
  scope: ScopeKey;
  request: {
    method: Method;
    params: MethodParams<SnapnetRpcApi, ScopeKey, Method>;
  };
};

/** The spec's envelope around a typed result. */
export type TypedInvokeResult<
  ScopeKey extends TypedScope,
  Method extends MethodName<SnapnetRpcApi, ScopeKey>,
> = {
  scope: ScopeKey;
  result: {
    method: Method;
    result: Awaited<MethodReturn<SnapnetRpcApi, ScopeKey, Method>>;
  };
};

/**
 * wallet_invokeMethod, typed per scope where upstream (or the snap's method map) has
 * the types, and untyped (JSON in, JSON out) for any other scope or method.
 */
export type InvokeMethod = {
  <
    ScopeKey extends TypedScope,
    Method extends MethodName<SnapnetRpcApi, ScopeKey>,
  >(
    params: TypedInvokeParams<ScopeKey, Method>,
  ): Promise<TypedInvokeResult<ScopeKey, Method>>;
  (params: InvokeMethodParams): Promise<InvokeMethodResult>;
};
