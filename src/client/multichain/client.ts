import type { MethodName } from '@metamask/multichain-api-client';
import { TransportTimeoutError } from '@metamask/multichain-api-client';
import type { Json } from '@metamask/utils';
import { getErrorMessage, isObject } from '@metamask/utils';

import {
  isMultichainError,
  MultichainError,
  MultichainErrorCode,
  toMultichainError,
  wireJson,
} from './errors';
import type { Check } from './guards';
import { checkSession, invalid } from './guards';
import { sessionRequest } from './scopes';
import { SessionCache, subscribe } from './session';
import type { CreateSessionParams, InvokeMethodParams } from './types';
import type {
  CreateSessionResult,
  GetSessionResult,
  InvokeMethodResult,
  MultichainClient,
  MultichainClientOptions,
  MultichainTransport,
  Session,
  SessionChangedEvent,
  SnapnetRpcApi,
  TypedInvokeParams,
  TypedInvokeResult,
  TypedScope,
  WalletNotifyEvent,
} from './types';

// Tries of the first session read after connecting, and the wait between (upstream's).
const WARMUP_RETRIES = 10;
const WARMUP_RETRY_DELAY_MS = 200;

// MetaMask answers wallet_getSession with nothing when there is no session.
const checkMaybeSession: Check<GetSessionResult | null | undefined> = (
  value,
  at,
) => value === undefined || value === null || checkSession(value, at);

const checkBoolean: Check<boolean> = (value, at) =>
  typeof value === 'boolean' || invalid(at, 'expected a boolean');

const anyJson: Check<Json> = () => undefined;

/** The multichain client; see {@link createMultichainClient}. */
class SessionClient implements MultichainClient {
  readonly #transport: MultichainTransport;

  readonly #warn: (message: string, details?: unknown) => void;

  readonly #cache: SessionCache;

  #linked = false;

  #linking: Promise<void> | undefined;

  #unsubscribe: (() => void) | undefined;

  constructor({ transport, onWarning }: MultichainClientOptions) {
    this.#transport = transport;
    this.#warn =
      onWarning ??
      ((message, details): void =>
        console.warn(`[multichain] ${message}`, details ?? ''));
    this.#cache = new SessionCache(this.#warn);
  }

  get state(): MultichainClient['state'] {
    return this.#cache.state;
  }

  get session(): Session | undefined {
    return this.#cache.session;
  }

  get droppedNotifications(): number {
    return this.#cache.dropped;
  }

  async connect(): Promise<Session | undefined> {
    await this.#ensureLinked();
    return this.session;
  }

  async disconnect(): Promise<void> {
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
    this.#linked = false;
    await this.#transport.disconnect();
  }

  async createSession(
    params: CreateSessionParams,
  ): Promise<CreateSessionResult> {
    const request = sessionRequest(params, this.#warn);
    await this.#ensureLinked();
    const { sessionScopes, sessionProperties = {} } = await this.#send(
      'wallet_createSession',
      request,
      checkSession,
    );
    const created = { sessionScopes, sessionProperties };
    this.#cache.set(created);
    return created;
  }

  async getSession(): Promise<GetSessionResult> {
    return (await this.#ensureLinked())
      ? { sessionScopes: this.session?.sessionScopes ?? {} }
      : this.#readSession();
  }

  invokeMethod<
    ScopeKey extends TypedScope,
    Method extends MethodName<SnapnetRpcApi, ScopeKey>,
  >(
    params: TypedInvokeParams<ScopeKey, Method>,
  ): Promise<TypedInvokeResult<ScopeKey, Method>>;

  invokeMethod(params: InvokeMethodParams): Promise<InvokeMethodResult>;

  // Checks the grant (re-read first after a reconnect). MetaMask answers the bare result,
  // the spec an envelope: both come back in the envelope.
  async invokeMethod({
    scope,
    request,
  }: InvokeMethodParams): Promise<InvokeMethodResult> {
    const { method } = request;
    if (this.state === 'active') {
      await this.#ensureLinked();
    }
    if (!this.#cache.grants('methods', scope, method)) {
      throw new MultichainError(
        MultichainErrorCode.Unauthorized,
        `${method} on ${scope} was not granted in this session`,
        { data: { scope, method } },
      );
    }
    const result = await this.#send(
      'wallet_invokeMethod',
      { scope, request: { method, params: wireJson(request.params) } },
      anyJson,
    );
    const envelope = isObject(result) ? result : {};
    const inner = isObject(envelope.result) ? envelope.result : {};
    return envelope.scope === scope && inner.method === method
      ? { scope, result: { method, result: wireJson(inner.result) } }
      : { scope, result: { method, result } };
  }

  async revokeSession(): Promise<boolean> {
    await this.#ensureLinked();
    const revoked = await this.#send('wallet_revokeSession', {}, checkBoolean);
    if (revoked) {
      this.#cache.set(undefined);
    }
    return revoked;
  }

  onNotify(listener: (event: WalletNotifyEvent) => void): () => void {
    return subscribe(this.#cache.notifyListeners, listener);
  }

  onSessionChanged(listener: (event: SessionChangedEvent) => void): () => void {
    return subscribe(this.#cache.changeListeners, listener);
  }

  async #readSession(timeout?: number): Promise<GetSessionResult> {
    const read = (await this.#send(
      'wallet_getSession',
      {},
      checkMaybeSession,
      timeout,
    )) ?? { sessionScopes: {} };
    this.#cache.apply(read.sessionScopes);
    return read;
  }

  // Connects if needed (concurrent callers share one attempt); true when it had to.
  async #ensureLinked(): Promise<boolean> {
    if (this.#linked && this.#transport.isConnected()) {
      return false;
    }
    this.#linking ??= this.#link().finally(() => {
      this.#linking = undefined;
    });
    await this.#linking;
    return true;
  }

  // Connects, subscribes and re-reads the session (the wallet may have changed it while
  // no one listened), retried as upstream does: at once after a timeout, else 200 ms on.
  async #link(): Promise<void> {
    this.#linked = false;
    try {
      if (!this.#transport.isConnected()) {
        await this.#transport.connect();
      }
    } catch (caught) {
      throw toMultichainError(caught, MultichainErrorCode.Disconnected);
    }
    this.#unsubscribe?.();
    this.#unsubscribe = this.#transport.onNotification(this.#cache.receive);
    for (let attempt = 0; ; attempt += 1) {
      try {
        await this.#readSession(this.#transport.warmupTimeout);
        break;
      } catch (caught) {
        const retriable = isMultichainError(
          caught,
          MultichainErrorCode.Disconnected,
        );
        if (!retriable || attempt >= WARMUP_RETRIES) {
          throw caught;
        }
        if (!(caught.cause instanceof TransportTimeoutError)) {
          await new Promise((resolve) =>
            setTimeout(resolve, WARMUP_RETRY_DELAY_MS),
          );
        }
      }
    }
    this.#linked = true;
  }

  // One request: the wallet's error as is, 4900 when the transport failed, -32603 when
  // the result does not pass `check`.
  async #send<Type>(
    method: string,
    params: Json,
    check: Check<Type>,
    timeout?: number,
  ): Promise<Type> {
    let response: unknown;
    try {
      response = await this.#transport.request(
        { method, params },
        timeout === undefined ? undefined : { timeout },
      );
    } catch (caught) {
      throw toMultichainError(caught, MultichainErrorCode.Disconnected);
    }
    const { error, result } = isObject(response) ? response : {};
    if (error) {
      throw toMultichainError(error, MultichainErrorCode.InternalError);
    }
    try {
      check(result, 'result');
    } catch (cause) {
      throw new MultichainError(
        MultichainErrorCode.InternalError,
        `${method}: unexpected result from the wallet (${getErrorMessage(cause)})`,
        { cause },
      );
    }
    return result;
  }
}

/**
 * Creates a client for a wallet's multichain API (CAIP-25 sessions) over a transport of
 * `@metamask/multichain-api-client`. On top of upstream it checks requests before they
 * leave the page, keeps the granted session so calls outside it fail locally (4100),
 * passes on granted notifications only, and re-reads the session whenever it reconnects.
 *
 * @param options - The transport and an optional warning sink.
 * @returns The client; nothing is sent until the first call.
 */
export function createMultichainClient(
  options: MultichainClientOptions,
): MultichainClient {
  return new SessionClient(options);
}
