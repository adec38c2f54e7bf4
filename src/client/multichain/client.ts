import type { MethodName } from '@metamask/multichain-api-client';
import { isPlainObject } from '@metamask/utils';

import { MultichainError, MultichainErrorCode } from './errors';
import { TransportLink, parse } from './link';
import type { NormalizedScopes } from './scopes';
import { mergeScopes, validateScopes } from './scopes';
import type { Warn } from './session';
import { SessionCache, subscribe } from './session';
import type {
  SnapnetRpcApi,
  TypedInvokeParams,
  TypedInvokeResult,
  TypedScope,
} from './typedInvoke';
import type {
  CreateSessionParams,
  CreateSessionResult,
  GetSessionResult,
  InvokeMethodParams,
  InvokeMethodResult,
  MultichainClient,
  MultichainClientOptions,
  Session,
  SessionChangedEvent,
  SessionProperties,
  WalletNotifyEvent,
} from './types';
import {
  CreateSessionResultStruct,
  GetSessionResultStruct,
  InvokeMethodResultStruct,
  RevokeSessionResultStruct,
  WireJsonStruct,
} from './types';

/**
 * Puts an invoke result in the spec's envelope. The spec (CAIP-27) answers
 * `{ scope, result: { method, result } }`; MetaMask answers the bare method result. Both
 * are accepted; a bare result that happens to look like the envelope for this very scope
 * and method is taken as the envelope.
 *
 * @param result - What the wallet answered.
 * @param scope - The invoked scope.
 * @param method - The invoked method.
 * @returns The result in the spec's envelope.
 */
function toInvokeResult(
  result: unknown,
  scope: string,
  method: string,
): InvokeMethodResult {
  const [, envelope] = InvokeMethodResultStruct.validate(result);
  if (envelope?.scope === scope && envelope.result.method === method) {
    return { scope, result: { method, result: envelope.result.result } };
  }
  return {
    scope,
    result: { method, result: parse(result, WireJsonStruct, method) },
  };
}

/**
 * Checks and folds the scopes of a createSession request: requiredScopes are merged into
 * optionalScopes (the wallet treats both as optional; a warning says so).
 *
 * @param params - The request as the dapp gave it.
 * @param warn - The warning sink.
 * @returns The params to send.
 * @throws {MultichainError} -32602 naming the bad key or member.
 */
function sessionRequest(
  params: CreateSessionParams,
  warn: Warn,
): { optionalScopes: NormalizedScopes; sessionProperties?: SessionProperties } {
  const optional = validateScopes(params.optionalScopes, 'optionalScopes');
  const required = validateScopes(params.requiredScopes, 'requiredScopes');
  const requiredKeys = Object.keys(required);
  if (requiredKeys.length > 0) {
    warn(
      `requiredScopes (${requiredKeys.join(', ')}) are treated as optional by the wallet; merged into optionalScopes`,
    );
  }
  const optionalScopes = mergeScopes(optional, required);
  if (Object.keys(optionalScopes).length === 0) {
    throw new MultichainError(
      MultichainErrorCode.InvalidParams,
      'optionalScopes: at least one scope is needed',
    );
  }
  const { sessionProperties } = params;
  if (sessionProperties !== undefined && !isPlainObject(sessionProperties)) {
    throw new MultichainError(
      MultichainErrorCode.InvalidParams,
      'sessionProperties: expected an object',
    );
  }
  const withProperties =
    sessionProperties !== undefined &&
    Object.keys(sessionProperties).length > 0;
  return { optionalScopes, ...(withProperties ? { sessionProperties } : {}) };
}

/** The multichain client; see {@link createMultichainClient}. */
class SessionClient implements MultichainClient {
  readonly #warn: Warn;

  readonly #cache: SessionCache;

  readonly #link: TransportLink;

  constructor(options: MultichainClientOptions) {
    this.#warn =
      options.onWarning ??
      ((message, details): void =>
        console.warn(`[multichain] ${message}`, details ?? ''));
    this.#cache = new SessionCache(this.#warn);
    this.#link = new TransportLink(options.transport, this.#cache.receive);
  }

  get state(): MultichainClient['state'] {
    return this.#cache.state;
  }

  get session(): MultichainClient['session'] {
    return this.#cache.session;
  }

  get droppedNotifications(): number {
    return this.#cache.dropped;
  }

  async connect(): Promise<Session | undefined> {
    await this.#ensureLinked();
    return this.#cache.session;
  }

  async disconnect(): Promise<void> {
    await this.#link.close();
  }

  async createSession(
    params: CreateSessionParams,
  ): Promise<CreateSessionResult> {
    const request = sessionRequest(params, this.#warn);
    await this.#ensureLinked();
    const result = parse(
      await this.#link.send('wallet_createSession', request),
      CreateSessionResultStruct,
      'wallet_createSession',
    );
    const created = {
      sessionScopes: result.sessionScopes,
      sessionProperties: result.sessionProperties ?? {},
    };
    this.#cache.create(created);
    return created;
  }

  async getSession(): Promise<GetSessionResult> {
    return (await this.#ensureLinked())
      ? { sessionScopes: this.#cache.session?.sessionScopes ?? {} }
      : this.#readSession();
  }

  invokeMethod<
    ScopeKey extends TypedScope,
    Method extends MethodName<SnapnetRpcApi, ScopeKey>,
  >(
    params: TypedInvokeParams<ScopeKey, Method>,
  ): Promise<TypedInvokeResult<ScopeKey, Method>>;

  invokeMethod(params: InvokeMethodParams): Promise<InvokeMethodResult>;

  /**
   * Checks the method is granted (re-reading the session first if the transport had to
   * reconnect), then sends wallet_invokeMethod.
   *
   * @param params - The scope and the request to run there.
   * @returns The result in the spec's envelope.
   * @throws {MultichainError} 4100 before sending when not granted.
   */
  async invokeMethod(params: InvokeMethodParams): Promise<InvokeMethodResult> {
    const { scope, request } = params;
    if (this.#cache.state === 'active') {
      await this.#ensureLinked();
    }
    if (!this.#cache.grants(scope, request.method)) {
      throw new MultichainError(
        MultichainErrorCode.Unauthorized,
        `${request.method} on ${scope} was not granted in this session`,
        { data: { scope, method: request.method } },
      );
    }
    const result = await this.#link.send('wallet_invokeMethod', {
      scope,
      request: { method: request.method, params: request.params },
    });
    return toInvokeResult(result, scope, request.method);
  }

  async revokeSession(): Promise<boolean> {
    await this.#ensureLinked();
    const revoked = parse(
      await this.#link.send('wallet_revokeSession', {}),
      RevokeSessionResultStruct,
      'wallet_revokeSession',
    );
    if (revoked) {
      this.#cache.clear();
    }
    return revoked;
  }

  onNotify(listener: (event: WalletNotifyEvent) => void): () => void {
    return subscribe(this.#cache.notifyListeners, listener);
  }

  onSessionChanged(listener: (event: SessionChangedEvent) => void): () => void {
    return subscribe(this.#cache.changeListeners, listener);
  }

  /**
   * Reads the wallet's session into the cache (the change listeners hear of changes).
   *
   * @param timeout - A per-request timeout, for the warm-up read.
   * @returns The wallet's answer.
   */
  async #readSession(timeout?: number): Promise<GetSessionResult> {
    const result = await this.#link.send('wallet_getSession', {}, timeout);
    const read =
      result === null || result === undefined
        ? { sessionScopes: {} }
        : parse(result, GetSessionResultStruct, 'wallet_getSession');
    this.#cache.apply(read.sessionScopes);
    return read;
  }

  /**
   * Connects if needed, re-reading the session on a new connection.
   *
   * @returns Whether it had to connect.
   */
  async #ensureLinked(): Promise<boolean> {
    return this.#link.ensure(async (timeout) => this.#readSession(timeout));
  }
}

/**
 * Creates a client for a wallet's multichain API (CAIP-25 sessions) over a transport of
 * `@metamask/multichain-api-client`. It validates requests before they leave the page,
 * keeps the granted session so that calls outside it fail locally (4100), filters pushed
 * notifications to what was granted, and re-reads the session whenever it has to
 * reconnect the transport, because the wallet may have changed the session while no one
 * was listening.
 *
 * @param options - The transport and an optional warning sink.
 * @returns The client. Nothing is sent until the first call.
 */
export function createMultichainClient(
  options: MultichainClientOptions,
): MultichainClient {
  return new SessionClient(options);
}
