import type { CaipAccountId, Json } from '@metamask/utils';

/** A scope key (CAIP-217): a CAIP-2 chain id (`eip155:1`) or a bare namespace (`wallet`). */
export type ScopeString = string;

/** A granted scope (CAIP-217). */
export type ScopeObject = {
  references?: string[] | undefined;
  methods: string[];
  notifications: string[];
  accounts?: CaipAccountId[] | undefined;
};

/** A scope as a dapp asks for it (CAIP-217; lists may be left out). */
export type ScopeRequest = {
  references?: string[] | undefined;
  methods?: string[] | undefined;
  notifications?: string[] | undefined;
  accounts?: string[] | undefined;
};

/** wallet_createSession params (CAIP-25). */
export type CreateSessionParams = {
  optionalScopes?: Record<ScopeString, ScopeRequest> | undefined;
  requiredScopes?: Record<ScopeString, ScopeRequest> | undefined;
  sessionProperties?: SessionProperties | undefined;
};

/** wallet_invokeMethod params (CAIP-27); params an object or (EVM) an array. */
export type InvokeMethodParams = {
  scope: ScopeString;
  request: { method: string; params: Json[] | Record<string, Json> };
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
