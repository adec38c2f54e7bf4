import type { NormalizedScopesObject } from '@metamask/chain-agnostic-permission';
import type { Json, JsonRpcParams } from '@metamask/utils';

import type { MultichainErrorObject } from './errors';
import type { SupportedScope } from './grant';
import type {
  ScopeString,
  SessionProperties,
  SessionScopes,
  SessionState,
  WalletNotifyEvent,
} from './types';

export type { SupportedScope } from './grant';

/** Answers one invoked method; may throw a MultichainError to answer with its code. */
export type InvokeHandler = (
  params: JsonRpcParams,
  scope: ScopeString,
) => Json | Promise<Json>;

/** What the user is asked to approve: the request as the wallet read it, and the grant. */
export type SessionProposal = {
  /**
   * The requested scopes as MetaMask reads them (chain-agnostic-permission's
   * normalized form): requiredScopes merged in, references expanded, `accounts` present.
   */
  requestedScopes: NormalizedScopesObject;
  /** What the wallet would grant: requested ∩ supported. */
  grantedScopes: SessionScopes;
  /** The session properties of the result. */
  sessionProperties: SessionProperties;
};

/** Options of {@link createSessionEngine}. */
export type SessionEngineOptions = {
  /** Scopes the wallet supports, with their methods, notifications and accounts. */
  supported: Record<ScopeString, SupportedScope>;
  /** Invoke handlers by method name; a granted method without a handler answers -32601. */
  handlers?: Record<string, InvokeHandler>;
  /** The user's answer: false → 4001; throwing a MultichainError answers with it. */
  approve?: (proposal: SessionProposal) => boolean | Promise<boolean>;
  /** Wallet-side properties added to every create result (e.g. expiry, globalConfig). */
  sessionProperties?: SessionProperties;
  /**
   * `caip27` (default) answers invoke with the spec's `{ scope, result: { method, result } }`;
   * `bare` answers with the method's result alone, as MetaMask does today.
   */
  invokeResultShape?: 'caip27' | 'bare';
  /** Clock used to reject an `expiry` in the past; defaults to Date.now. */
  now?: () => number;
};

/** One answer of the engine: a JSON-RPC result or error, without the envelope. */
export type EngineResponse =
  | {
      /** The method's result. */
      result: Json;
    }
  | {
      /** The JSON-RPC error. */
      error: MultichainErrorObject;
    };

/** A JSON-RPC notification pushed by the engine (no id). */
export type EngineNotification = {
  /** Always "2.0". */
  jsonrpc: '2.0';
  /** `wallet_notify`, `wallet_sessionChanged`, or anything a test emits. */
  method: string;
  /** The notification's params. */
  params: Json;
};

/** A wallet-side CAIP-25 session for one origin, driven by tests. */
export type SessionEngine = {
  /** Session state per the spec: none → active → revoked (create again → active). */
  readonly state: SessionState;
  /** The scopes granted now (`{}` unless active). */
  readonly sessionScopes: SessionScopes;
  /** Answers a wallet_ request; never throws, errors come back as `{ error }`. */
  handleRequest: (request: {
    /** The wallet method. */
    method: string;
    /** Its params. */
    params?: unknown;
  }) => Promise<EngineResponse>;
  /** Registers for pushed notifications; returns the unsubscribe function. */
  subscribe: (
    listener: (notification: EngineNotification) => void,
  ) => () => void;
  /** Replaces the granted scopes and sends wallet_sessionChanged with all of them. */
  updateScopes: (sessionScopes: SessionScopes) => void;
  /** Revokes from the wallet side (the user disconnects); sends an empty sessionChanged. */
  revoke: () => void;
  /** Sends wallet_notify as given, granted or not, so tests can check dapp filtering. */
  notify: (
    scope: ScopeString,
    notification: WalletNotifyEvent['notification'],
  ) => void;
  /** Sends any notification; for malformed or foreign messages in tests. */
  emit: (method: string, params: Json) => void;
};
