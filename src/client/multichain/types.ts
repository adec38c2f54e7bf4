import type {
  DefaultRpcApi,
  InvokeMethodParams as UpstreamInvokeParams,
  MethodName,
  MethodReturn,
  Scope,
  Transport,
  TransportRequest as UpstreamRequest,
} from '@metamask/multichain-api-client';
import type { Infer } from '@metamask/superstruct';
import {
  array,
  define,
  intersection,
  literal,
  optional,
  record,
  refine,
  string,
  type,
} from '@metamask/superstruct';
import type { Json } from '@metamask/utils';
import {
  CaipAccountIdStruct,
  isCaipChainId,
  isCaipNamespace,
} from '@metamask/utils';

import type { ParamsOf, ResultOf, SnapMethod } from '../snap/types';
import type { CreateSessionParams, InvokeMethodParams } from './requests';

/**
 * JSON received through a transport: it was parsed from JSON already, so it is not walked
 * again (that would cost every dapp bundle the JSON struct for nothing).
 */
export const WireJsonStruct = define<Json>('Json', () => true);

/** A scope key (CAIP-217): a CAIP-2 chain id (`eip155:1`) or a bare namespace (`wallet`). */
export const ScopeStringStruct = refine(
  string(),
  'ScopeString',
  (value) =>
    isCaipChainId(value) ||
    isCaipNamespace(value) ||
    'Expected a CAIP-2 chain id or a bare namespace',
);

/** A scope key; see {@link ScopeStringStruct}. */
export type ScopeString = string;

/** A granted scope (CAIP-217); `type`, not `object`, so new wallet members don't break dapps. */
export const ScopeObjectStruct = type({
  references: optional(array(string())),
  methods: array(string()),
  notifications: array(string()),
  accounts: optional(array(CaipAccountIdStruct)),
});

export type ScopeObject = Infer<typeof ScopeObjectStruct>;

/** Granted scopes by scope key. */
export const SessionScopesStruct = record(ScopeStringStruct, ScopeObjectStruct);

export type SessionScopes = Infer<typeof SessionScopesStruct>;

/** Session properties: `expiry` (ISO 8601) and `globalConfig` typed, any other JSON kept. */
export const SessionPropertiesStruct = intersection([
  record(string(), WireJsonStruct),
  type({
    expiry: optional(string()),
    globalConfig: optional(record(string(), WireJsonStruct)),
  }),
]);

export type SessionProperties = Infer<typeof SessionPropertiesStruct>;

/** The wallet_createSession result. */
export const CreateSessionResultStruct = type({
  sessionScopes: SessionScopesStruct,
  sessionProperties: optional(SessionPropertiesStruct),
});

/** A granted session; `sessionProperties` is `{}` when the wallet sent none. */
export type Session = Required<Infer<typeof CreateSessionResultStruct>>;

export type CreateSessionResult = Session;

/** The wallet_getSession result (CAIP-312); empty `sessionScopes` means no session. */
export const GetSessionResultStruct = type({
  sessionScopes: SessionScopesStruct,
});

export type GetSessionResult = Infer<typeof GetSessionResultStruct>;

/** The CAIP-27 envelope of a wallet_invokeMethod result. */
export const InvokeMethodResultStruct = type({
  scope: string(),
  result: type({ method: string(), result: WireJsonStruct }),
});

export type InvokeMethodResult = Infer<typeof InvokeMethodResultStruct>;

/**
 * `none` → `active` → `revoked` (ended by the wallet); the client's own revokeSession goes
 * back to `none`.
 */
export type SessionState = 'none' | 'active' | 'revoked';

/** A wallet_notify message (CAIP-319). */
export const WalletNotifyStruct = type({
  method: literal('wallet_notify'),
  params: type({
    scope: string(),
    notification: type({ method: string(), params: optional(WireJsonStruct) }),
  }),
});

export type WalletNotifyEvent = Infer<typeof WalletNotifyStruct>['params'];

/** A wallet_sessionChanged message (CAIP-311): the full updated scopes. */
export const SessionChangedStruct = type({
  method: literal('wallet_sessionChanged'),
  params: type({ sessionScopes: SessionScopesStruct }),
});

export type SessionChangedEvent = Infer<typeof SessionChangedStruct>['params'];

export type TransportRequest = UpstreamRequest<string, Json>;

export type TransportRequestOptions = { timeout?: number };

/**
 * What the client talks through: the shape of upstream's `Transport`, so its
 * `getDefaultTransport()` is taken as is. `request` resolves with the JSON-RPC response
 * (errors included) and throws only when the transport itself fails.
 */
export type MultichainTransport = Omit<Transport, 'request'> & {
  request: (
    request: TransportRequest,
    options?: TransportRequestOptions,
  ) => Promise<unknown>;
};

/** The snap's methods as a namespace of upstream's typed API, for `starknet:*` scopes. */
export type StarknetRpc = {
  methods: {
    [Method in SnapMethod]: (params: ParamsOf<Method>) => ResultOf<Method>;
  };
};

/** Upstream's typed scopes (eip155, solana, bip122, tron, stellar) plus Starknet's. */
export type SnapnetRpcApi = DefaultRpcApi & { starknet: StarknetRpc };

/** A scope with known method types, e.g. `eip155:1` or `starknet:SN_SEPOLIA`. */
export type TypedScope = Scope<SnapnetRpcApi>;

export type TypedInvokeParams<
  ScopeKey extends TypedScope,
  Method extends MethodName<SnapnetRpcApi, ScopeKey>,
> = UpstreamInvokeParams<SnapnetRpcApi, ScopeKey, Method>;

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

/** wallet_invokeMethod, typed per scope where the types are known, JSON otherwise. */
export type InvokeMethod = {
  <
    ScopeKey extends TypedScope,
    Method extends MethodName<SnapnetRpcApi, ScopeKey>,
  >(
    params: TypedInvokeParams<ScopeKey, Method>,
  ): Promise<TypedInvokeResult<ScopeKey, Method>>;
  (params: InvokeMethodParams): Promise<InvokeMethodResult>;
};

export type MultichainClientOptions = {
  /** E.g. `getDefaultTransport()` from `@metamask/multichain-api-client`. */
  transport: MultichainTransport;
  /** Told about what is worth knowing but not an error; defaults to console.warn. */
  onWarning?: (message: string, details?: unknown) => void;
};

/** A dapp-side CAIP-25 session client; see `createMultichainClient`. */
export type MultichainClient = {
  readonly state: SessionState;
  readonly session: Session | undefined;
  /** wallet_notify messages dropped: not granted, or malformed. */
  readonly droppedNotifications: number;
  /** Connects if needed and reads any existing session (call on page load). */
  connect: () => Promise<Session | undefined>;
  /** Stops listening and disconnects; the next call connects again. */
  disconnect: () => Promise<void>;
  /** Checks the scopes locally (-32602 naming the member) and keeps the grant. */
  createSession: (params: CreateSessionParams) => Promise<CreateSessionResult>;
  getSession: () => Promise<GetSessionResult>;
  /** Fails locally with 4100 outside the grant; answers in the CAIP-27 envelope. */
  invokeMethod: InvokeMethod;
  /** On `true` the client is back to `none`. */
  revokeSession: () => Promise<boolean>;
  /** Listens to granted wallet_notify messages; returns the unsubscribe function. */
  onNotify: (listener: (event: WalletNotifyEvent) => void) => () => void;
  /** Listens to pushed and re-read scope changes; returns the unsubscribe function. */
  onSessionChanged: (
    listener: (event: SessionChangedEvent) => void,
  ) => () => void;
};
