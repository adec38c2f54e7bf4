import { assert, is } from '@metamask/superstruct';
import type { Json } from '@metamask/utils';

import type {
  EngineNotification,
  EngineResponse,
  SessionEngine,
  SessionEngineOptions,
} from './engineTypes';
import {
  MultichainError,
  MultichainErrorCode,
  toMultichainError,
} from './errors';
import {
  checkSessionProperties,
  grantScopes,
  objectParams,
  requestedScopes,
  SupportedScopesStruct,
} from './grant';
import { isGranted, subscribe } from './session';
import type { SessionScopes, SessionState } from './types';
import { InvokeMethodParamsStruct } from './types';

export type * from './engineTypes';

/** The wallet side of one origin's CAIP-25 session; see {@link createSessionEngine}. */
class InMemorySessionEngine implements SessionEngine {
  state: SessionState = 'none';

  sessionScopes: SessionScopes = {};

  readonly #options: SessionEngineOptions;

  readonly #listeners = new Set<(notification: EngineNotification) => void>();

  readonly #methods = new Map<string, (params: unknown) => Promise<Json>>([
    [
      'wallet_createSession',
      async (params): Promise<Json> => this.#createSession(params),
    ],
    [
      'wallet_getSession',
      async (params): Promise<Json> => this.#getSession(params),
    ],
    [
      'wallet_invokeMethod',
      async (params): Promise<Json> => this.#invokeMethod(params),
    ],
    [
      'wallet_revokeSession',
      async (params): Promise<Json> => this.#revokeSession(params),
    ],
  ]);

  constructor(options: SessionEngineOptions) {
    assert(options.supported, SupportedScopesStruct);
    this.#options = options;
  }

  /**
   * Answers a wallet_ request; never throws, errors come back as `{ error }`.
   *
   * @param request - The wallet request.
   * @param request.method - The wallet method.
   * @param request.params - Its params.
   * @returns Its result or error; unknown methods answer -32601.
   */
  async handleRequest(request: {
    method: string;
    params?: unknown;
  }): Promise<EngineResponse> {
    try {
      const answer = this.#methods.get(request.method);
      if (!answer) {
        throw new MultichainError(MultichainErrorCode.MethodNotFound);
      }
      return { result: await answer(request.params) };
    } catch (caught) {
      return {
        error: toMultichainError(
          caught,
          MultichainErrorCode.InternalError,
        ).toJSON(),
      };
    }
  }

  subscribe = (
    listener: (notification: EngineNotification) => void,
  ): (() => void) => subscribe(this.#listeners, listener);

  updateScopes = (sessionScopes: SessionScopes): void => {
    const empty = Object.keys(sessionScopes).length === 0;
    if (!empty) {
      this.state = 'active';
    } else if (this.state === 'active') {
      this.state = 'revoked';
    }
    this.sessionScopes = empty ? {} : sessionScopes;
    this.emit('wallet_sessionChanged', { sessionScopes: this.sessionScopes });
  };

  revoke = (): void => {
    this.updateScopes({});
  };

  notify: SessionEngine['notify'] = (scope, notification) => {
    this.emit('wallet_notify', { scope, notification });
  };

  emit = (method: string, params: Json): void => {
    for (const listener of [...this.#listeners]) {
      listener({ jsonrpc: '2.0', method, params });
    }
  };

  /**
   * wallet_createSession: validate, grant requested ∩ supported, ask `approve`.
   *
   * @param rawParams - The params as received.
   * @returns `{ sessionScopes, sessionProperties }`.
   */
  async #createSession(rawParams: unknown): Promise<Json> {
    const params = objectParams(rawParams, 'wallet_createSession');
    const requested = requestedScopes(params);
    const sessionProperties = {
      ...checkSessionProperties(
        params.sessionProperties,
        (this.#options.now ?? Date.now)(),
      ),
      ...this.#options.sessionProperties,
    };
    const granted = grantScopes(requested, this.#options.supported);
    if (Object.keys(granted).length === 0) {
      throw new MultichainError(MultichainErrorCode.UnsupportedNetworks);
    }
    const approve = this.#options.approve ?? ((): boolean => true);
    const approved = await Promise.resolve()
      .then(async () =>
        approve({
          requestedScopes: requested,
          grantedScopes: granted,
          sessionProperties,
        }),
      )
      .catch((caught: unknown) => {
        throw toMultichainError(caught, MultichainErrorCode.UnknownError);
      });
    if (!approved) {
      throw new MultichainError(MultichainErrorCode.UserRejected);
    }
    this.state = 'active';
    this.sessionScopes = granted;
    return { sessionScopes: granted, sessionProperties };
  }

  /**
   * wallet_invokeMethod: only granted scopes and methods reach a handler.
   *
   * @param rawParams - The params as received.
   * @returns The handler's result, in the configured shape.
   */
  async #invokeMethod(rawParams: unknown): Promise<Json> {
    if (!is(rawParams, InvokeMethodParamsStruct)) {
      throw new MultichainError(
        MultichainErrorCode.InvalidParams,
        'wallet_invokeMethod: expected { scope: string, request: { method: string, params: object | array } }',
      );
    }
    const { scope, request } = rawParams;
    const { method, params } = request;
    const active = this.state === 'active' ? this.sessionScopes : {};
    if (!isGranted(active, scope, 'methods', method)) {
      throw new MultichainError(
        MultichainErrorCode.Unauthorized,
        `${method} on ${scope} is not authorized in this session`,
      );
    }
    const handler = this.#options.handlers?.[method];
    if (!handler) {
      throw new MultichainError(MultichainErrorCode.MethodNotFound);
    }
    const result = await Promise.resolve()
      .then(async () => handler(params, scope))
      .catch((caught: unknown) => {
        throw toMultichainError(caught, MultichainErrorCode.InternalError);
      });
    return this.#options.invokeResultShape === 'bare'
      ? result
      : { scope, result: { method, result } };
  }

  /**
   * wallet_getSession: the granted scopes, `{}` when there is no session.
   *
   * @param rawParams - The params as received (an empty object).
   * @returns `{ sessionScopes }`.
   */
  async #getSession(rawParams: unknown): Promise<Json> {
    objectParams(rawParams, 'wallet_getSession');
    return {
      sessionScopes: this.state === 'active' ? this.sessionScopes : {},
    };
  }

  /**
   * wallet_revokeSession: active → revoked; always answers true.
   *
   * @param rawParams - The params as received (an empty object).
   * @returns True.
   */
  async #revokeSession(rawParams: unknown): Promise<Json> {
    objectParams(rawParams, 'wallet_revokeSession');
    if (this.state === 'active') {
      this.state = 'revoked';
      this.sessionScopes = {};
    }
    return true;
  }
}

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
  return new InMemorySessionEngine(options);
}
