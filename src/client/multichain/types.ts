import type {
  DefaultRpcApi,
  InvokeMethodParams as UpstreamInvokeParams,
  MethodName,
  MethodReturn,
  Scope,
  Transport,
  TransportRequest as UpstreamRequest,
} from '@metamask/multichain-api-client';
import type { CaipAccountId, Json } from '@metamask/utils';

import type { CreateSessionParams, InvokeMethodParams } from './requests';
import type { StarknetRpc } from './starknet';

/** A scope key (CAIP-217): a CAIP-2 chain id (`eip155:1`) or a bare namespace (`wallet`). */
export type ScopeString = string;

/** A granted scope (CAIP-217). */
export type ScopeObject = {
  references?: string[] | undefined;
  methods: string[];
  notifications: string[];
  accounts?: CaipAccountId[] | undefined;
};

/** Granted scopes by scope key. */
export type SessionScopes = Record<ScopeString, ScopeObject>;

/** Session properties: `expiry` (ISO 8601) and `globalConfig` typed, any other JSON kept. */
export type SessionProperties = Record<string, Json> & {
  expiry?: string | undefined;
  globalConfig?: Record<string, Json> | undefined;
};

/** A granted session; `sessionProperties` is `{}` when the wallet sent none. */
export type Session = {
  sessionScopes: SessionScopes;
  sessionProperties: SessionProperties;
};

export type CreateSessionResult = Session;

/** The wallet_getSession result (CAIP-312); empty `sessionScopes` means no session. */
export type GetSessionResult = { sessionScopes: SessionScopes };

/** The CAIP-27 envelope of a wallet_invokeMethod result. */
export type InvokeMethodResult = {
  scope: string;
  result: { method: string; result: Json };
};

/**
 * `none` → `active` → `revoked` (ended by the wallet); the client's own revokeSession goes
 * back to `none`.
 */
export type SessionState = 'none' | 'active' | 'revoked';

/** The params of a wallet_notify message (CAIP-319). */
export type WalletNotifyEvent = {
  scope: string;
  notification: { method: string; params?: Json };
};

/** The params of a wallet_sessionChanged message (CAIP-311): the full updated scopes. */
export type SessionChangedEvent = GetSessionResult;

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

export type { StarknetRpc } from './starknet';

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
