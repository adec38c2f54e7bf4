import type { Infer } from '@metamask/superstruct';
import { define, is, string, type } from '@metamask/superstruct';
import { isObject } from '@metamask/utils';

import { ProviderNotFoundError } from './errors';

/** The EIP-1193 provider surface the client needs (MetaMask's injected provider). */
export type Eip1193Provider = {
  request(args: { method: string; params?: unknown }): Promise<unknown>;
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

const ProviderInfoStruct = type({
  uuid: string(),
  name: string(),
  icon: string(),
  rdns: string(),
});

const ProviderDetailStruct = type({
  info: ProviderInfoStruct,
  provider: define<Eip1193Provider>('Eip1193Provider', isEip1193Provider),
});

/** EIP-6963 wallet metadata; `rdns` (e.g. `io.metamask.flask`) identifies the wallet. */
export type Eip6963ProviderInfo = Infer<typeof ProviderInfoStruct>;

/** What a wallet announces with `eip6963:announceProvider`. */
export type Eip6963ProviderDetail = Infer<typeof ProviderDetailStruct>;

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
 * Asks wallets to announce themselves (EIP-6963) and collects the answers, so a dapp can
 * offer a choice. Resolves as soon as the first preferred wallet has answered.
 *
 * @param options - Target, preferred rdns and timeout.
 * @returns The announced wallets, in announcement order, one per uuid.
 */
export async function discoverProviders(
  options: DiscoveryOptions = {},
): Promise<Eip6963ProviderDetail[]> {
  const target =
    options.target ??
    (typeof globalThis.dispatchEvent === 'function' ? globalThis : undefined);
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
    function finish(): void {
      clearTimeout(timer);
      target?.removeEventListener('eip6963:announceProvider', onAnnounce);
      resolve([...found.values()]);
    }
    function onAnnounce(event: Event): void {
      const detail: unknown = Reflect.get(event, 'detail');
      if (is(detail, ProviderDetailStruct) && !found.has(detail.info.uuid)) {
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
 * Finds the wallet to talk to: the first preferred wallet (Flask, then MetaMask) that
 * announces itself, else `window.ethereum`. Other wallets are never picked: snaps only
 * run in MetaMask.
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
  const wallet = preferred
    .map((rdns) => wallets.find((detail) => detail.info.rdns === rdns))
    .find(Boolean);
  if (wallet) {
    return wallet.provider;
  }
  const injected: unknown = Reflect.get(globalThis, 'ethereum');
  if (isEip1193Provider(injected)) {
    return injected;
  }
  throw new ProviderNotFoundError(
    `No wallet found: none of ${preferred.join(', ')} announced itself (EIP-6963) and window.ethereum is not set. Install MetaMask Flask.`,
  );
}
