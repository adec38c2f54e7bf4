import { is } from '@metamask/superstruct';
import { hasProperty, isObject } from '@metamask/utils';

import type {
  Session,
  SessionChangedEvent,
  SessionScopes,
  SessionState,
  WalletNotifyEvent,
} from './types';
import { SessionChangedStruct, WalletNotifyStruct } from './types';

/** Told about things worth knowing that are not errors. */
export type Warn = (message: string, details?: unknown) => void;

/**
 * Whether granted scopes allow a method (`methods`) or notification (`notifications`) on
 * a scope; own keys only, so a scope named `constructor` is not granted.
 *
 * @param scopes - The granted scopes.
 * @param scope - The scope asked about.
 * @param list - Which list to look in.
 * @param name - The method or notification.
 * @returns True when granted.
 */
export function isGranted(
  scopes: SessionScopes,
  scope: string,
  list: 'methods' | 'notifications',
  name: string,
): boolean {
  return (
    hasProperty(scopes, scope) && scopes[scope]?.[list].includes(name) === true
  );
}

/**
 * A canonical form of scopes (sorted keys and lists), to tell whether a re-read session
 * is news for onSessionChanged listeners.
 *
 * @param scopes - The scopes.
 * @returns A string equal for scopes that grant the same things.
 */
function canonical(scopes: SessionScopes): string {
  return JSON.stringify(
    Object.keys(scopes)
      .sort()
      .map((key) => [
        key,
        Object.entries(scopes[key] ?? {})
          .map(([member, list]) => [member, [...list].sort()])
          .sort(),
      ]),
  );
}

/**
 * The dapp's view of its CAIP-25 session: what was granted, where the session stands,
 * and the listeners, which see only what was granted. It never talks to the wallet.
 */
export class SessionCache {
  state: SessionState = 'none';

  session: Session | undefined;

  dropped = 0;

  readonly notifyListeners = new Set<(event: WalletNotifyEvent) => void>();

  readonly changeListeners = new Set<(event: SessionChangedEvent) => void>();

  readonly #warn: Warn;

  constructor(warn: Warn) {
    this.#warn = warn;
  }

  /**
   * Keeps a session the wallet just created (or forgets it when nothing was granted).
   *
   * @param created - The granted scopes and properties.
   */
  create(created: Session): void {
    const granted = Object.keys(created.sessionScopes).length > 0;
    this.state = granted ? 'active' : 'none';
    this.session = granted ? created : undefined;
  }

  /** Forgets the session after the dapp revoked it. */
  clear(): void {
    this.state = 'none';
    this.session = undefined;
  }

  /**
   * Replaces the scopes with what the wallet says; tells the change listeners when they
   * differ (or always, for a pushed wallet_sessionChanged).
   *
   * @param sessionScopes - The wallet's full scopes; `{}` ends an active session.
   * @param always - Tell the listeners even when nothing changed.
   */
  apply(sessionScopes: SessionScopes, always = false): void {
    const changed =
      canonical(this.session?.sessionScopes ?? {}) !== canonical(sessionScopes);
    if (Object.keys(sessionScopes).length === 0) {
      this.state = this.state === 'active' ? 'revoked' : this.state;
      this.session = undefined;
    } else {
      this.state = 'active';
      this.session = {
        sessionScopes,
        sessionProperties: this.session?.sessionProperties ?? {},
      };
    }
    if (changed || always) {
      this.#deliver(this.changeListeners, { sessionScopes });
    }
  }

  /**
   * Whether the active session grants a method on a scope.
   *
   * @param scope - The scope.
   * @param method - The method.
   * @returns True when granted.
   */
  grants(scope: string, method: string): boolean {
    const scopes = this.state === 'active' ? this.session?.sessionScopes : {};
    return isGranted(scopes ?? {}, scope, 'methods', method);
  }

  /**
   * Routes a pushed message: granted wallet_notify to the notify listeners (others
   * dropped and counted), wallet_sessionChanged to the cache and change listeners.
   *
   * @param data - The message from the transport.
   */
  readonly receive = (data: unknown): void => {
    if (is(data, WalletNotifyStruct)) {
      const { scope, notification } = data.params;
      const scopes = this.state === 'active' ? this.session?.sessionScopes : {};
      if (
        isGranted(scopes ?? {}, scope, 'notifications', notification.method)
      ) {
        this.#deliver(this.notifyListeners, { scope, notification });
      } else {
        this.dropped += 1;
      }
    } else if (is(data, SessionChangedStruct)) {
      this.apply(data.params.sessionScopes, true);
    } else if (isObject(data) && data.method === 'wallet_notify') {
      this.dropped += 1;
      this.#warn('dropped a malformed wallet_notify', data);
    } else if (isObject(data) && data.method === 'wallet_sessionChanged') {
      this.#warn('ignored a malformed wallet_sessionChanged', data);
    }
  };

  /**
   * Calls every listener; one that throws is reported and does not stop the others.
   *
   * @param listeners - The listeners.
   * @param event - What to give them.
   */
  #deliver<Event>(listeners: Set<(event: Event) => void>, event: Event): void {
    for (const listener of [...listeners]) {
      try {
        listener(event);
      } catch (caught) {
        this.#warn('a listener threw', caught);
      }
    }
  }
}

/**
 * Adds a listener to a set.
 *
 * @param listeners - The set.
 * @param listener - The listener.
 * @returns A function that removes it again.
 */
export function subscribe<Listener>(
  listeners: Set<Listener>,
  listener: Listener,
): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
