import type { Infer } from '@metamask/superstruct';
import {
  array,
  define,
  boolean,
  integer,
  intersection,
  literal,
  nullable,
  optional,
  record,
  refine,
  string,
  type,
  union,
  unknown,
} from '@metamask/superstruct';
import type { Json } from '@metamask/utils';
import {
  CaipAccountIdStruct,
  isCaipChainId,
  isCaipNamespace,
} from '@metamask/utils';

import type { MultichainTransport } from './transport';
import type { InvokeMethod } from './typedInvoke';

/**
 * A JSON value received through a transport. Everything a transport delivers was parsed
 * from JSON (or structured-cloned from it), so it is not walked again: that check would
 * cost every dapp bundle @metamask/utils' JSON struct for nothing.
 */
export const WireJsonStruct = define<Json>('Json', () => true);

/**
 * A scope key: a CAIP-2 chain id (`eip155:1`, `starknet:SN_SEPOLIA`) or a bare namespace
 * (`eip155`, `wallet`). CAIP-217 allows both; results only use what the wallet granted.
 */
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

/**
 * A scope object as a wallet returns it (CAIP-217). `type` rather than `object` so a wallet
 * adding members later does not break dapps; requests are checked strictly in scopes.ts.
 */
export const ScopeObjectStruct = type({
  references: optional(array(string())),
  methods: array(string()),
  notifications: array(string()),
  accounts: optional(array(CaipAccountIdStruct)),
});

/** A granted scope: methods, notifications and (in results) the CAIP-10 accounts. */
export type ScopeObject = Infer<typeof ScopeObjectStruct>;

/** The full set of granted scopes, keyed by scope string. */
export const SessionScopesStruct = record(ScopeStringStruct, ScopeObjectStruct);

/** The full set of granted scopes, keyed by scope string. */
export type SessionScopes = Infer<typeof SessionScopesStruct>;

/**
 * Session properties: `expiry` (ISO 8601) and `globalConfig` are the members the spec names;
 * any other JSON member is allowed and carried through.
 */
export const SessionPropertiesStruct = intersection([
  record(string(), WireJsonStruct),
  type({
    expiry: optional(string()),
    globalConfig: optional(record(string(), WireJsonStruct)),
  }),
]);

/** Session properties; see {@link SessionPropertiesStruct}. */
export type SessionProperties = Infer<typeof SessionPropertiesStruct>;

/**
 * A scope as a dapp asks for it. `methods` and `notifications` may be left out (the client
 * sends `[]`); `references` only on a bare-namespace key; `accounts` preselects CAIP-10 ids.
 * Checked member by member in scopes.ts, which names what is wrong.
 */
export const ScopeRequestStruct = type({
  references: optional(array(string())),
  methods: optional(array(string())),
  notifications: optional(array(string())),
  accounts: optional(array(string())),
});

/** A scope as a dapp asks for it; see {@link ScopeRequestStruct}. */
export type ScopeRequest = Infer<typeof ScopeRequestStruct>;

/** Parameters of wallet_createSession (CAIP-25); requiredScopes are folded into optional. */
export const CreateSessionParamsStruct = type({
  optionalScopes: optional(record(string(), ScopeRequestStruct)),
  requiredScopes: optional(record(string(), ScopeRequestStruct)),
  sessionProperties: optional(SessionPropertiesStruct),
});

/** Parameters of createSession; see {@link CreateSessionParamsStruct}. */
export type CreateSessionParams = Infer<typeof CreateSessionParamsStruct>;

/** The wallet_createSession result as the wallet sends it. */
export const CreateSessionResultStruct = type({
  sessionScopes: SessionScopesStruct,
  sessionProperties: optional(SessionPropertiesStruct),
});

/** The granted scopes and the session properties; properties are `{}` when none came. */
export type Session = Required<Infer<typeof CreateSessionResultStruct>>;

/** The result of createSession: what was granted. */
export type CreateSessionResult = Session;

/** The wallet_getSession result (CAIP-312); an empty `sessionScopes` means no session. */
export const GetSessionResultStruct = type({
  sessionScopes: SessionScopesStruct,
});

/** The result of getSession. */
export type GetSessionResult = Infer<typeof GetSessionResultStruct>;

/** JSON-RPC params: an object (as the spec says) or an array (as EVM methods use). */
export const RpcParamsStruct = union([
  array(WireJsonStruct),
  record(string(), WireJsonStruct),
]);

/** Parameters of wallet_invokeMethod (CAIP-27). */
export const InvokeMethodParamsStruct = type({
  scope: string(),
  request: type({ method: string(), params: RpcParamsStruct }),
});

/** Parameters of invokeMethod; see {@link InvokeMethodParamsStruct}. */
export type InvokeMethodParams = Infer<typeof InvokeMethodParamsStruct>;

/** The CAIP-27 result envelope the spec describes for wallet_invokeMethod. */
export const InvokeMethodResultStruct = type({
  scope: string(),
  result: type({ method: string(), result: WireJsonStruct }),
});

/** The result of invokeMethod, always in the spec's envelope. */
export type InvokeMethodResult = Infer<typeof InvokeMethodResultStruct>;

/** The wallet_revokeSession result (CAIP-285). */
export const RevokeSessionResultStruct = boolean();

/**
 * Where a session stands. `none`: no session; `active`: scopes are granted; `revoked`: an
 * active session was ended. The client goes back to `none` after its own revokeSession and
 * shows `revoked` only when the wallet ended the session by itself.
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

/** A notification delivered to onNotify listeners: the wallet_notify params. */
export type WalletNotifyEvent = Infer<typeof WalletNotifyStruct>['params'];

/** A wallet_sessionChanged message (CAIP-311): the full updated scopes. */
export const SessionChangedStruct = type({
  method: literal('wallet_sessionChanged'),
  params: type({ sessionScopes: SessionScopesStruct }),
});

/** What onSessionChanged listeners receive: the full updated scopes. */
export type SessionChangedEvent = Infer<typeof SessionChangedStruct>['params'];

/** The error member of a JSON-RPC response, leniently (MetaMask adds `stack`). */
export const RpcErrorStruct = type({
  code: integer(),
  message: optional(string()),
  data: optional(unknown()),
});

/** A JSON-RPC response as the transports resolve it. */
export const RpcResponseStruct = type({
  result: optional(unknown()),
  error: optional(nullable(RpcErrorStruct)),
});

/** Options of `createMultichainClient`. */
export type MultichainClientOptions = {
  /** E.g. `getDefaultTransport()` from `@metamask/multichain-api-client`. */
  transport: MultichainTransport;
  /** Told about things worth knowing that are not errors; defaults to console.warn. */
  onWarning?: (message: string, details?: unknown) => void;
};

/** A dapp-side CAIP-25 session client; see `createMultichainClient`. */
export type MultichainClient = {
  /** none → active → revoked (by the wallet), or back to none after revokeSession. */
  readonly state: SessionState;
  /** The granted session, or undefined when there is none. */
  readonly session: Session | undefined;
  /** wallet_notify messages dropped: ungranted scope or notification, or malformed. */
  readonly droppedNotifications: number;
  /** Connects the transport if needed and reads any existing session (call on page load). */
  connect: () => Promise<Session | undefined>;
  /** Stops listening and disconnects the transport; the next call connects again. */
  disconnect: () => Promise<void>;
  /**
   * wallet_createSession: validates the scopes locally (-32602 naming the bad key or
   * member), folds requiredScopes into optionalScopes, and keeps the granted session.
   */
  createSession: (params: CreateSessionParams) => Promise<CreateSessionResult>;
  /** wallet_getSession: re-reads the wallet's scopes; `{}` means there is no session. */
  getSession: () => Promise<GetSessionResult>;
  /**
   * wallet_invokeMethod: fails with 4100 without sending anything when the scope or method
   * was not granted; answers in the spec's `{ scope, result: { method, result } }` form.
   */
  invokeMethod: InvokeMethod;
  /** wallet_revokeSession: on `true` the client is back to `none`. */
  revokeSession: () => Promise<boolean>;
  /** Listens to granted wallet_notify messages; returns the unsubscribe function. */
  onNotify: (listener: (event: WalletNotifyEvent) => void) => () => void;
  /**
   * Listens to scope changes: wallet_sessionChanged, and changes found by re-reading the
   * session (after a reconnect or getSession); returns the unsubscribe function.
   */
  onSessionChanged: (
    listener: (event: SessionChangedEvent) => void,
  ) => () => void;
};
