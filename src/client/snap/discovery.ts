import { isObject } from '@metamask/utils';

import { ProviderNotFoundError } from './errors';
import type {
  Eip1193Provider,
  Eip6963ProviderDetail,
  Eip6963ProviderInfo,
} from './types';

/** Wallets that run snaps, best first: Flask (development snaps), then MetaMask. */
export const METAMASK_RDNS = ['io.metamask.flask', 'io.metamask'] as const;

/** How long to wait for EIP-6963 announcements when no preferred wallet answers at once. */
export const DEFAULT_DISCOVERY_TIMEOUT_MS = 300;

/** Options of {@link discoverProviders} and {@link discoverProvider}. */
export type DiscoveryOptions = {
  /** Where wallets announce themselves. Default: `globalThis` (the page's window). */
  target?: EventTarget;
  /** Wallets to prefer, best first. Default: {@link METAMASK_RDNS}. */
  rdns?: readonly string[];
  /** Longest wait for announcements, in ms. Default 300. */
  timeoutMs?: number;
};

/**
 * Whether a value can serve as an EIP-1193 provider.
 *
 * @param value - Anything.
 * @returns Whether it has a `request` function.
 */
export function isEip1193Provider(value: unknown): value is Eip1193Provider {
  return isObject(value) && typeof value.request === 'function';
}

/**
 * Whether a value is EIP-6963 provider info.
 *
 * @param value - Anything.
 * @returns Whether it has the four string members.
 */
function isProviderInfo(value: unknown): value is Eip6963ProviderInfo {
  return (
    isObject(value) &&
    typeof value.uuid === 'string' &&
    typeof value.name === 'string' &&
    typeof value.icon === 'string' &&
    typeof value.rdns === 'string'
  );
}

/**
 * Reads the detail of an `eip6963:announceProvider` event.
 *
 * @param event - The event.
 * @returns The announced wallet, or undefined when the event is malformed.
 */
function announced(event: Event): Eip6963ProviderDetail | undefined {
  const detail: unknown = Reflect.get(event, 'detail');
  if (
    isObject(detail) &&
    isProviderInfo(detail.info) &&
    isEip1193Provider(detail.provider)
  ) {
    return { info: detail.info, provider: detail.provider };
  }
  return undefined;
}

/**
 * The event target wallets announce on.
 *
 * @param target - The one given, if any.
 * @returns It, or `globalThis` when that is an event target (a browser window).
 */
function eventTarget(target: EventTarget | undefined): EventTarget | undefined {
  if (target) {
    return target;
  }
  return typeof globalThis.addEventListener === 'function' &&
    typeof globalThis.dispatchEvent === 'function'
    ? globalThis
    : undefined;
}

/**
 * Asks wallets to announce themselves (EIP-6963) and collects the answers, so a dapp can
 * offer a choice or pick by `rdns`. Resolves early once the first preferred wallet has
 * answered (wallets normally answer synchronously).
 *
 * @param options - Target, preferred rdns and timeout.
 * @returns The announced wallets, in announcement order, one per uuid.
 */
export async function discoverProviders(
  options: DiscoveryOptions = {},
): Promise<Eip6963ProviderDetail[]> {
  const target = eventTarget(options.target);
  if (!target) {
    return [];
  }
  const best = options.rdns?.[0] ?? METAMASK_RDNS[0];
  const found = new Map<string, Eip6963ProviderDetail>();
  return new Promise((resolve) => {
    const timer = setTimeout(
      finish,
      options.timeoutMs ?? DEFAULT_DISCOVERY_TIMEOUT_MS,
    );
    /** Stops listening and hands over what was announced. */
    function finish(): void {
      clearTimeout(timer);
      target?.removeEventListener('eip6963:announceProvider', onAnnounce);
      resolve([...found.values()]);
    }
    /**
     * Records one announcement.
     *
     * @param event - The `eip6963:announceProvider` event.
     */
    function onAnnounce(event: Event): void {
      const detail = announced(event);
      if (detail && !found.has(detail.info.uuid)) {
        found.set(detail.info.uuid, detail);
        if (detail.info.rdns === best) {
          finish();
        }
      }
    }
    target.addEventListener('eip6963:announceProvider', onAnnounce);
    target.dispatchEvent(new Event('eip6963:requestProvider'));
  });
}

/**
 * Finds the wallet to talk to: the first of the preferred wallets (MetaMask Flask, then
 * MetaMask) that announces itself by EIP-6963, else the injected `window.ethereum`.
 * Other wallets are not picked on their own, since snaps only run in MetaMask.
 *
 * @param options - Target, preferred rdns and timeout.
 * @returns The provider.
 * @throws {ProviderNotFoundError} When there is no such wallet.
 */
export async function discoverProvider(
  options: DiscoveryOptions = {},
): Promise<Eip1193Provider> {
  const preferred = options.rdns ?? METAMASK_RDNS;
  const wallets = await discoverProviders(options);
  for (const rdns of preferred) {
    const wallet = wallets.find((detail) => detail.info.rdns === rdns);
    if (wallet) {
      return wallet.provider;
    }
  }
  const injected: unknown = Reflect.get(globalThis, 'ethereum');
  if (isEip1193Provider(injected)) {
    return injected;
  }
  throw new ProviderNotFoundError(
    `No wallet found: none of ${preferred.join(', ')} announced itself (EIP-6963) and window.ethereum is not set. Install MetaMask Flask.`,
  );
}
