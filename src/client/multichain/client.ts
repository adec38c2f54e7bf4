import { is } from '@metamask/superstruct';
import { isObject, isPlainObject } from '@metamask/utils';

import {
  MultichainError,
  MultichainErrorCode,
  toMultichainError,
} from './errors';
import {
  isMethodGranted,
  isNotificationGranted,
  mergeScopes,
  sameScopes,
  validateScopes,
} from './scopes';
import type {
  MultichainClient,
  MultichainClientOptions,
  CreateSessionParams,
  CreateSessionResult,
  GetSessionResult,
  InvokeMethodParams,
  InvokeMethodResult,
  Session,
  SessionChangedEvent,
  SessionScopes,
  SessionState,
  WalletNotifyEvent,
} from './types';
import {
  CreateSessionResultStruct,
  GetSessionResultStruct,
  RevokeSessionResultStruct,
  SessionChangedStruct,
  WalletNotifyStruct,
} from './types';
import { parse, sendRequest, toInvokeResult } from './wire';

/** How often the first session read after connecting is retried; as upstream does. */
const WARMUP_RETRIES = 10;

/**
 * Creates a client for a wallet's multichain API (CAIP-25 sessions). It validates requests
 * before they leave the page, keeps the granted session so that calls outside it fail
 * locally (4100), filters pushed notifications to what was granted, and re-reads the
 * session whenever it has to reconnect the transport, because the wallet may have changed
 * the session while no one was listening.
 *
 * @param options - The transport and an optional warning sink.
 * @returns The client. Nothing is sent until the first call.
 */
export function createMultichainClient(
  options: MultichainClientOptions,
): MultichainClient {
  const { transport } = options;
  const warn =
    options.onWarning ??
    ((message: string, details?: unknown): void =>
      console.warn(`[multichain] ${message}`, details ?? ''));
  const notifyListeners = new Set<(event: WalletNotifyEvent) => void>();
  const changeListeners = new Set<(event: SessionChangedEvent) => void>();
  let state: SessionState = 'none';
  let session: Session | undefined;
  let dropped = 0;
  let linked = false;
  let linking: Promise<GetSessionResult> | undefined;
  let unsubscribe: (() => void) | undefined;

  /**
   * Calls every listener; one that throws is reported and does not stop the others.
   *
   * @param listeners - The listeners.
   * @param event - What to give them.
   */
  function deliver<Event>(
    listeners: Set<(event: Event) => void>,
    event: Event,
  ): void {
    for (const listener of [...listeners]) {
      try {
        listener(event);
      } catch (caught) {
        warn('a listener threw', caught);
      }
    }
  }

  /**
   * Replaces the cached scopes with what the wallet says.
   *
   * @param sessionScopes - The wallet's full scopes.
   * @returns Whether they differ from the cached ones.
   */
  function applyScopes(sessionScopes: SessionScopes): boolean {
    const changed = !sameScopes(session?.sessionScopes ?? {}, sessionScopes);
    if (Object.keys(sessionScopes).length === 0) {
      state = state === 'active' ? 'revoked' : state;
      session = undefined;
    } else {
      state = 'active';
      session = {
        sessionScopes,
        sessionProperties: session?.sessionProperties ?? {},
      };
    }
    return changed;
  }

  /**
   * Routes a pushed message: granted wallet_notify to onNotify listeners (others dropped
   * and counted), wallet_sessionChanged to the cache and onSessionChanged listeners.
   *
   * @param data - The message from the transport.
   */
  function handleNotification(data: unknown): void {
    if (is(data, WalletNotifyStruct)) {
      const { scope, notification } = data.params;
      if (
        state === 'active' &&
        session &&
        isNotificationGranted(session.sessionScopes, scope, notification.method)
      ) {
        deliver(notifyListeners, { scope, notification });
      } else {
        dropped += 1;
      }
    } else if (is(data, SessionChangedStruct)) {
      applyScopes(data.params.sessionScopes);
      deliver(changeListeners, { sessionScopes: data.params.sessionScopes });
    } else if (isObject(data) && data.method === 'wallet_notify') {
      dropped += 1;
      warn('dropped a malformed wallet_notify', data);
    } else if (isObject(data) && data.method === 'wallet_sessionChanged') {
      warn('ignored a malformed wallet_sessionChanged', data);
    }
  }

  /**
   * Reads the wallet's session and updates the cache; tells onSessionChanged listeners
   * when the scopes differ from what the client knew.
   *
   * @param timeout - A per-request timeout, for the warm-up read.
   * @returns The wallet's answer.
   */
  async function readSession(timeout?: number): Promise<GetSessionResult> {
    const result = await sendRequest(
      transport,
      'wallet_getSession',
      {},
      timeout,
    );
    const read =
      result === null || result === undefined
        ? { sessionScopes: {} }
        : parse(result, GetSessionResultStruct, 'wallet_getSession');
    if (applyScopes(read.sessionScopes)) {
      deliver(changeListeners, { sessionScopes: read.sessionScopes });
    }
    return read;
  }

  /**
   * The first read after connecting, retried on transport failures because a wallet may
   * not answer right after a page load (as the upstream client does).
   *
   * @returns The wallet's answer.
   */
  async function warmUp(): Promise<GetSessionResult> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await readSession(transport.warmupTimeout);
      } catch (caught) {
        const transportFailed =
          caught instanceof MultichainError &&
          caught.code === MultichainErrorCode.Disconnected;
        if (!transportFailed || attempt >= WARMUP_RETRIES) {
          throw caught;
        }
      }
    }
  }

  /**
   * Makes sure the transport is connected, our notification callback registered on this
   * connection, and the session re-read after any (re)connection. Concurrent callers
   * share one attempt.
   *
   * @returns The session read, when this call had to connect.
   */
  async function link(): Promise<GetSessionResult | undefined> {
    if (linked && transport.isConnected()) {
      return undefined;
    }
    linking ??= (async (): Promise<GetSessionResult> => {
      linked = false;
      try {
        if (!transport.isConnected()) {
          await transport.connect();
        }
      } catch (caught) {
        throw toMultichainError(caught, MultichainErrorCode.Disconnected);
      }
      unsubscribe?.();
      unsubscribe = transport.onNotification(handleNotification);
      const read = await warmUp();
      linked = true;
      return read;
    })().finally(() => {
      linking = undefined;
    });
    return await linking;
  }

  /**
   * Validates and sends wallet_createSession, then keeps what was granted.
   *
   * @param params - The scopes and session properties asked for.
   * @returns The granted scopes and the session properties (`{}` when none came back).
   */
  async function createSession(
    params: CreateSessionParams,
  ): Promise<CreateSessionResult> {
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
    await link();
    const result = parse(
      await sendRequest(transport, 'wallet_createSession', {
        optionalScopes,
        ...(withProperties ? { sessionProperties } : {}),
      }),
      CreateSessionResultStruct,
      'wallet_createSession',
    );
    const created = {
      sessionScopes: result.sessionScopes,
      sessionProperties: result.sessionProperties ?? {},
    };
    const granted = Object.keys(created.sessionScopes).length > 0;
    state = granted ? 'active' : 'none';
    session = granted ? created : undefined;
    return created;
  }

  /**
   * Checks the method is granted (re-reading the session first if the transport had to
   * reconnect), then sends wallet_invokeMethod.
   *
   * @param params - The scope and the request to run there.
   * @returns The result in the spec's envelope.
   * @throws {MultichainError} 4100 before sending when not granted.
   */
  async function invokeMethod(
    params: InvokeMethodParams,
  ): Promise<InvokeMethodResult> {
    const { scope, request } = params;
    if (state === 'active') {
      await link();
    }
    if (
      state !== 'active' ||
      !session ||
      !isMethodGranted(session.sessionScopes, scope, request.method)
    ) {
      throw new MultichainError(
        MultichainErrorCode.Unauthorized,
        `${request.method} on ${scope} was not granted in this session`,
        { data: { scope, method: request.method } },
      );
    }
    const result = await sendRequest(transport, 'wallet_invokeMethod', {
      scope,
      request: { method: request.method, params: request.params },
    });
    return toInvokeResult(result, scope, request.method);
  }

  /**
   * Sends wallet_revokeSession; on `true` forgets the session.
   *
   * @returns The wallet's answer.
   */
  async function revokeSession(): Promise<boolean> {
    await link();
    const revoked = parse(
      await sendRequest(transport, 'wallet_revokeSession', {}),
      RevokeSessionResultStruct,
      'wallet_revokeSession',
    );
    if (revoked) {
      state = 'none';
      session = undefined;
    }
    return revoked;
  }

  /**
   * Adds a listener to a set.
   *
   * @param listeners - The set.
   * @param listener - The listener.
   * @returns A function that removes it again.
   */
  function subscribe<Listener>(
    listeners: Set<Listener>,
    listener: Listener,
  ): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }

  const client: MultichainClient = {
    /** @returns The session state. */
    get state() {
      return state;
    },
    /** @returns The granted session, if any. */
    get session() {
      return session;
    },
    /** @returns How many wallet_notify messages were dropped. */
    get droppedNotifications() {
      return dropped;
    },
    /** @returns The session after connecting and re-reading it. */
    connect: async () => {
      await link();
      return session;
    },
    /** Unsubscribes and disconnects the transport. */
    disconnect: async () => {
      unsubscribe?.();
      unsubscribe = undefined;
      linked = false;
      await transport.disconnect();
    },
    createSession,
    /** @returns The wallet's scopes, read once (connecting reads them already). */
    getSession: async () => (await link()) ?? (await readSession()),
    invokeMethod,
    revokeSession,
    /**
     * @param listener - Receives granted wallet_notify params.
     * @returns The unsubscribe function.
     */
    onNotify: (listener) => subscribe(notifyListeners, listener),
    /**
     * @param listener - Receives the full updated scopes.
     * @returns The unsubscribe function.
     */
    onSessionChanged: (listener) => subscribe(changeListeners, listener),
  };
  return client;
}
