import { isObject } from '@metamask/utils';

import { checkScopes } from './guards';
import { isGranted } from './scopes';
import type {
  Session,
  SessionChangedEvent,
  SessionScopes,
  SessionState,
  WalletNotifyEvent,
} from './types';

/**
 * Adds a listener to a set.
 *
 * @param listeners - The set.
 * @param listener - The listener.
 * @returns Its remover.
 */
export function subscribe<Listener>(
  listeners: Set<Listener>,
  listener: Listener,
): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Scopes with sorted keys and lists, to tell whether a re-read session is news.
const canonical = (scopes: SessionScopes = {}): string =>
  JSON.stringify(
    Object.keys(scopes)
      .sort()
      .map((key) => [
        key,
        Object.entries(scopes[key] ?? {})
          .map(([member, list]) => [member, [...list].sort()])
          .sort(),
      ]),
  );

/**
 * The dapp's view of its session: what was granted, where it stands, and listeners that
 * see only what was granted. It never talks to the wallet. `session` is set exactly when
 * `state` is `active`.
 */
export class SessionCache {
  state: SessionState = 'none';

  session: Session | undefined;

  dropped = 0;

  readonly notifyListeners = new Set<(event: WalletNotifyEvent) => void>();

  readonly changeListeners = new Set<(event: SessionChangedEvent) => void>();

  readonly #warn: (message: string, details?: unknown) => void;

  constructor(warn: (message: string, details?: unknown) => void) {
    this.#warn = warn;
  }

  // Keeps a session the dapp created (or none, after revokeSession).
  set(session: Session | undefined): void {
    const granted = Object.keys(session?.sessionScopes ?? {}).length > 0;
    this.state = granted ? 'active' : 'none';
    this.session = granted ? session : undefined;
  }

  // Takes the wallet's scopes (`{}` ends an active session); tells onSessionChanged when
  // they differ, or always for a pushed change.
  apply(sessionScopes: SessionScopes, always = false): void {
    const changed =
      canonical(this.session?.sessionScopes) !== canonical(sessionScopes);
    if (Object.keys(sessionScopes).length === 0) {
      this.state = this.state === 'active' ? 'revoked' : this.state;
      this.session = undefined;
    } else {
      const sessionProperties = this.session?.sessionProperties ?? {};
      this.state = 'active';
      this.session = { sessionScopes, sessionProperties };
    }
    if (changed || always) {
      this.#deliver(this.changeListeners, { sessionScopes });
    }
  }

  grants(
    list: 'methods' | 'notifications',
    scope: string,
    name: string,
  ): boolean {
    return isGranted(this.session?.sessionScopes ?? {}, scope, list, name);
  }

  // Pushed messages: granted wallet_notify to onNotify (the rest dropped and counted),
  // wallet_sessionChanged to the session and onSessionChanged.
  readonly receive = (data: unknown): void => {
    const { method, params } = isObject(data) ? data : {};
    if (method === 'wallet_notify') {
      this.#notify(params, data);
    } else if (method === 'wallet_sessionChanged') {
      const { sessionScopes } = isObject(params) ? params : {};
      try {
        checkScopes(sessionScopes, 'sessionScopes');
      } catch {
        this.#warn('ignored a malformed wallet_sessionChanged', data);
        return;
      }
      this.apply(sessionScopes, true);
    }
  };

  // Delivers a granted wallet_notify (CAIP-319); drops and counts the rest.
  #notify(params: unknown, data: unknown): void {
    const { scope, notification } = isObject(params) ? params : {};
    if (
      typeof scope !== 'string' ||
      !isObject(notification) ||
      typeof notification.method !== 'string'
    ) {
      this.#warn('dropped a malformed wallet_notify', data);
    } else if (this.grants('notifications', scope, notification.method)) {
      const { method } = notification;
      this.#deliver(this.notifyListeners, {
        scope,
        notification: { ...notification, method },
      });
      return;
    }
    this.dropped += 1;
  }

  // A listener that throws is reported and does not stop the others.
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
