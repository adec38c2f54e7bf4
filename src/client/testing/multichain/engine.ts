import type { NormalizedScopesObject } from '@metamask/chain-agnostic-permission';
import {
  mergeNormalizedScopes,
  normalizeAndMergeScopes,
} from '@metamask/chain-agnostic-permission';
import { is } from '@metamask/superstruct';
import type { Json, JsonRpcParams } from '@metamask/utils';

import type { MultichainErrorObject } from './errors';
import {
  MultichainError,
  MultichainErrorCode,
  toMultichainError,
} from './errors';
import { checkScope, checkScopes } from './guards';
import type { SupportedScope } from './requests';
import {
  grantScopes,
  InvokeMethodParamsStruct,
  objectParams,
  sessionPropertiesOf,
} from './requests';
import { isGranted, validateScopes } from './scopes';
import { subscribe } from './session';
import type {
  ScopeString,
  SessionProperties,
  SessionScopes,
  SessionState,
  WalletNotifyEvent,
} from './types';

/** Answers one invoked method; a MultichainError thrown answers with its code. */
export type InvokeHandler = (
  params: JsonRpcParams,
  scope: ScopeString,
) => Json | Promise<Json>;

/** What `approve` is shown: the request as MetaMask reads it, and the grant. */
export type SessionProposal = {
  /** chain-agnostic-permission's normalized form: merged, references expanded. */
  requestedScopes: NormalizedScopesObject;
  /** requested ∩ supported. */
  grantedScopes: SessionScopes;
  sessionProperties: SessionProperties;
};

export type SessionEngineOptions = {
  supported: Record<ScopeString, SupportedScope>;
  /** By method name; a granted method without one answers -32601. */
  handlers?: Record<string, InvokeHandler>;
  /** The user's answer: false → 4001; a MultichainError thrown answers with it. */
  approve?: (proposal: SessionProposal) => boolean | Promise<boolean>;
  /** Added to every create result (e.g. expiry, globalConfig). */
  sessionProperties?: SessionProperties;
  /** `caip27` (default): the spec's envelope; `bare`: the result alone, as MetaMask. */
  invokeResultShape?: 'caip27' | 'bare';
};

export type EngineResponse =
  { result: Json } | { error: MultichainErrorObject };

export type EngineNotification = {
  jsonrpc: '2.0';
  method: string;
  params: Json;
};

/** A wallet-side CAIP-25 session for one origin, driven by tests. */
export type SessionEngine = {
  readonly state: SessionState;
  /** The scopes granted now (`{}` unless active). */
  readonly sessionScopes: SessionScopes;
  /** Answers a wallet_ request; never throws, errors come back as `{ error }`. */
  handleRequest: (request: {
    method: string;
    params?: unknown;
  }) => Promise<EngineResponse>;
  subscribe: (
    listener: (notification: EngineNotification) => void,
  ) => () => void;
  /** Replaces the scopes and sends wallet_sessionChanged with all of them. */
  updateScopes: (sessionScopes: SessionScopes) => void;
  /** The user disconnects: an empty wallet_sessionChanged. */
  revoke: () => void;
  /** Sends wallet_notify as given, granted or not, to test dapp filtering. */
  notify: (
    scope: ScopeString,
    notification: WalletNotifyEvent['notification'],
  ) => void;
  /** Sends any notification, e.g. malformed ones. */
  emit: (method: string, params: Json) => void;
};

// Runs a dapp-test callback, turning what it throws into a MultichainError of `code`.
async function settle<Value>(
  run: () => Value | Promise<Value>,
  code: number,
): Promise<Value> {
  try {
    return await run();
  } catch (caught) {
    throw toMultichainError(caught, code);
  }
}

/** The wallet side of one origin's CAIP-25 session; see {@link createSessionEngine}. */
class InMemorySessionEngine implements SessionEngine {
  state: SessionState = 'none';

  sessionScopes: SessionScopes = {};

  readonly #options: SessionEngineOptions;

  readonly #listeners = new Set<(notification: EngineNotification) => void>();

  constructor(options: SessionEngineOptions) {
    checkScopes(options.supported, 'supported', (_key, scope, at) =>
      checkScope(scope, at, 'required'),
    );
    this.#options = options;
  }

  async handleRequest({
    method,
    params,
  }: {
    method: string;
    params?: unknown;
  }): Promise<EngineResponse> {
    try {
      switch (method) {
        case 'wallet_createSession':
          return {
            result: await this.#createSession(objectParams(params, method)),
          };
        case 'wallet_invokeMethod':
          return { result: await this.#invokeMethod(params) };
        case 'wallet_getSession':
          objectParams(params, method);
          return { result: { sessionScopes: this.sessionScopes } };
        case 'wallet_revokeSession':
          objectParams(params, method);
          this.state = this.state === 'active' ? 'revoked' : this.state;
          this.sessionScopes = {};
          return { result: true };
        default:
          throw new MultichainError(MultichainErrorCode.MethodNotFound);
      }
    } catch (caught) {
      const error = toMultichainError(
        caught,
        MultichainErrorCode.InternalError,
      );
      return { error: error.toJSON() };
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

  revoke = (): void => this.updateScopes({});

  notify: SessionEngine['notify'] = (scope, notification) =>
    this.emit('wallet_notify', { scope, notification });

  emit = (method: string, params: Json): void => {
    for (const listener of [...this.#listeners]) {
      listener({ jsonrpc: '2.0', method, params });
    }
  };

  /**
   * wallet_createSession: session properties and scopes read as MetaMask does (known
   * properties kept, scopes checked, normalized, required merged into optional),
   * requested ∩ supported granted if `approve` agrees.
   *
   * @param params - The params object.
   * @returns `{ sessionScopes, sessionProperties }`.
   */
  async #createSession(params: Record<string, unknown>): Promise<Json> {
    // MetaMask's order: sessionProperties (5302) before the scopes.
    const sessionProperties = {
      ...sessionPropertiesOf(params.sessionProperties),
      ...this.#options.sessionProperties,
    };
    const read = (name: string): NormalizedScopesObject =>
      normalizeAndMergeScopes(validateScopes(params[name], name));
    const requestedScopes = mergeNormalizedScopes(
      read('optionalScopes'),
      read('requiredScopes'),
    );
    const { approve, supported } = this.#options;
    const grantedScopes = grantScopes(requestedScopes, supported);
    if (Object.keys(grantedScopes).length === 0) {
      // MetaMask's words (CAIP-25's are "Requested networks are not supported").
      throw new MultichainError(
        MultichainErrorCode.UnsupportedNetworks,
        'Requested scopes are not supported',
      );
    }
    const proposal = { requestedScopes, grantedScopes, sessionProperties };
    if (
      approve &&
      !(await settle(
        async () => approve(proposal),
        MultichainErrorCode.UnknownError,
      ))
    ) {
      throw new MultichainError(MultichainErrorCode.UserRejected);
    }
    this.state = 'active';
    this.sessionScopes = grantedScopes;
    return { sessionScopes: grantedScopes, sessionProperties };
  }

  /**
   * wallet_invokeMethod: only granted scopes and methods reach a handler.
   *
   * @param params - The params as received.
   * @returns The handler's result, in the configured shape.
   */
  async #invokeMethod(params: unknown): Promise<Json> {
    if (!is(params, InvokeMethodParamsStruct)) {
      throw new MultichainError(
        MultichainErrorCode.InvalidParams,
        'wallet_invokeMethod: expected { scope: string, request: { method: string, params: object | array } }',
      );
    }
    const { scope, request } = params;
    const { method } = request;
    if (!isGranted(this.sessionScopes, scope, 'methods', method)) {
      throw new MultichainError(
        MultichainErrorCode.Unauthorized,
        `${method} on ${scope} is not authorized in this session`,
      );
    }
    const handler = this.#options.handlers?.[method];
    if (!handler) {
      throw new MultichainError(MultichainErrorCode.MethodNotFound);
    }
    const result = await settle(
      async () => handler(request.params, scope),
      MultichainErrorCode.InternalError,
    );
    return this.#options.invokeResultShape === 'bare'
      ? result
      : { scope, result: { method, result } };
  }
}

/**
 * Creates the in-memory wallet for dapp tests: a wallet-side CAIP-25 session answering
 * wallet_createSession, _getSession, _invokeMethod and _revokeSession the way MetaMask
 * does (scopes read with MetaMask's `@metamask/chain-agnostic-permission`; unsupported
 * methods and notifications filtered, not refused). Connect a client to it with
 * {@link createInMemoryTransport}; 5000, 5101, 5102, 5201 and 5202 come from `approve`
 * or a handler throwing a MultichainError.
 *
 * @param options - Supported scopes, invoke handlers, approval and result options.
 * @returns The engine.
 * @throws {MultichainError} -32602 when `supported` is not scopes with CAIP-10 accounts.
 */
export function createSessionEngine(
  options: SessionEngineOptions,
): SessionEngine {
  return new InMemorySessionEngine(options);
}
