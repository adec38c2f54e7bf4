import type { NormalizedScopesObject } from '@metamask/chain-agnostic-permission';
import { assert, is } from '@metamask/superstruct';
import type { Json, JsonRpcParams } from '@metamask/utils';

import type { MultichainErrorObject } from './errors';
import {
  MultichainError,
  MultichainErrorCode,
  toMultichainError,
} from './errors';
import type { SupportedScope } from './grant';
import {
  checkSessionProperties,
  grantScopes,
  objectParams,
  requestedScopes,
  SupportedScopesStruct,
} from './grant';
import { isGranted } from './session';
import type {
  ScopeString,
  SessionProperties,
  SessionScopes,
  SessionState,
  WalletNotifyEvent,
} from './types';
import { InvokeMethodParamsStruct } from './types';

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

/**
 * Creates a wallet-side CAIP-25 session engine, the in-memory wallet for dapp tests: it
 * answers wallet_createSession, wallet_getSession, wallet_invokeMethod and
 * wallet_revokeSession the way MetaMask does (scopes read with MetaMask's own
 * `@metamask/chain-agnostic-permission`), so dapp code (ours and other people's) can be
 * tested end to end without a browser wallet. Pair it with {@link createInMemoryTransport}. Like MetaMask it filters unsupported
 * methods and notifications instead of failing; the other CAIP-25 codes (5101, 5102, 5201,
 * 5202, 5000) come from `approve` or a handler throwing a MultichainError.
 *
 * @param options - Supported scopes, invoke handlers, approval and result options.
 * @returns The engine.
 * @throws {StructError} When `supported` is not scopes with CAIP-10 accounts.
 */
export function createSessionEngine(
  options: SessionEngineOptions,
): SessionEngine {
  assert(options.supported, SupportedScopesStruct);
  const { supported, handlers = {}, approve = (): boolean => true } = options;
  const now = options.now ?? ((): number => Date.now());
  const listeners = new Set<(notification: EngineNotification) => void>();
  let state: SessionState = 'none';
  let scopes: SessionScopes = {};

  /**
   * Pushes a notification to every subscriber.
   *
   * @param method - The notification method.
   * @param params - Its params.
   */
  function emit(method: string, params: Json): void {
    for (const listener of [...listeners]) {
      listener({ jsonrpc: '2.0', method, params });
    }
  }

  /**
   * wallet_createSession: validate, grant requested ∩ supported, ask `approve`.
   *
   * @param rawParams - The params as received.
   * @returns `{ sessionScopes, sessionProperties }`.
   */
  async function createSession(rawParams: unknown): Promise<Json> {
    const params = objectParams(rawParams, 'wallet_createSession');
    const requested = requestedScopes(params);
    const sessionProperties = {
      ...checkSessionProperties(params.sessionProperties, now()),
      ...options.sessionProperties,
    };
    const granted = grantScopes(requested, supported);
    if (Object.keys(granted).length === 0) {
      throw new MultichainError(MultichainErrorCode.UnsupportedNetworks);
    }
    let approved: boolean;
    try {
      approved = await approve({
        requestedScopes: requested,
        grantedScopes: granted,
        sessionProperties,
      });
    } catch (caught) {
      throw toMultichainError(caught, MultichainErrorCode.UnknownError);
    }
    if (!approved) {
      throw new MultichainError(MultichainErrorCode.UserRejected);
    }
    state = 'active';
    scopes = granted;
    return { sessionScopes: scopes, sessionProperties };
  }

  /**
   * wallet_invokeMethod: only granted scopes and methods reach a handler.
   *
   * @param rawParams - The params as received.
   * @returns The handler's result, in the configured shape.
   */
  async function invokeMethod(rawParams: unknown): Promise<Json> {
    if (!is(rawParams, InvokeMethodParamsStruct)) {
      throw new MultichainError(
        MultichainErrorCode.InvalidParams,
        'wallet_invokeMethod: expected { scope: string, request: { method: string, params: object | array } }',
      );
    }
    const {
      scope,
      request: { method, params },
    } = rawParams;
    if (state !== 'active' || !isGranted(scopes, scope, 'methods', method)) {
      throw new MultichainError(
        MultichainErrorCode.Unauthorized,
        `${method} on ${scope} is not authorized in this session`,
      );
    }
    const handler = handlers[method];
    if (!handler) {
      throw new MultichainError(MultichainErrorCode.MethodNotFound);
    }
    let result: Json;
    try {
      result = await handler(params, scope);
    } catch (caught) {
      throw toMultichainError(caught, MultichainErrorCode.InternalError);
    }
    return options.invokeResultShape === 'bare'
      ? result
      : { scope, result: { method, result } };
  }

  /**
   * wallet_getSession: the granted scopes, `{}` when there is no session.
   *
   * @param rawParams - The params as received (an empty object).
   * @returns `{ sessionScopes }`.
   */
  async function getSession(rawParams: unknown): Promise<Json> {
    objectParams(rawParams, 'wallet_getSession');
    return { sessionScopes: state === 'active' ? scopes : {} };
  }

  /**
   * wallet_revokeSession: active → revoked; always answers true.
   *
   * @param rawParams - The params as received (an empty object).
   * @returns True.
   */
  async function revokeSession(rawParams: unknown): Promise<Json> {
    objectParams(rawParams, 'wallet_revokeSession');
    if (state === 'active') {
      state = 'revoked';
      scopes = {};
    }
    return true;
  }

  const methods = new Map<string, (params: unknown) => Promise<Json>>([
    ['wallet_createSession', createSession],
    ['wallet_getSession', getSession],
    ['wallet_invokeMethod', invokeMethod],
    ['wallet_revokeSession', revokeSession],
  ]);

  const engine: SessionEngine = {
    /** @returns The session state. */
    get state() {
      return state;
    },
    /** @returns The granted scopes. */
    get sessionScopes() {
      return scopes;
    },
    /**
     * @param request - The wallet request.
     * @returns Its result or error; unknown methods answer -32601.
     */
    handleRequest: async (request) => {
      try {
        const answer = methods.get(request.method);
        if (!answer) {
          throw new MultichainError(MultichainErrorCode.MethodNotFound);
        }
        return { result: await answer(request.params) };
      } catch (caught) {
        const error = toMultichainError(
          caught,
          MultichainErrorCode.InternalError,
        );
        return { error: error.toJSON() };
      }
    },
    /**
     * @param listener - Receives every pushed notification.
     * @returns The unsubscribe function.
     */
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    /** @param sessionScopes - The full new scopes; `{}` revokes an active session. */
    updateScopes: (sessionScopes) => {
      const empty = Object.keys(sessionScopes).length === 0;
      if (!empty) {
        state = 'active';
      } else if (state === 'active') {
        state = 'revoked';
      }
      scopes = empty ? {} : sessionScopes;
      emit('wallet_sessionChanged', { sessionScopes: scopes });
    },
    /** Ends the session from the wallet side and tells the dapp. */
    revoke: () => {
      engine.updateScopes({});
    },
    /**
     * @param scope - The scope the notification is about.
     * @param notification - The notification's method and params.
     */
    notify: (scope, notification) => {
      emit('wallet_notify', { scope, notification });
    },
    emit,
  };
  return engine;
}
