import { afterEach, describe, expect, it } from '@jest/globals';

import type { Eip1193Provider } from '../../src/client/snap';
import {
  createSnapnetClient,
  discoverProvider,
  discoverProviders,
  ProviderNotFoundError,
} from '../../src/client/snap';

/**
 * A provider that says who it is when asked for its chain id.
 *
 * @param name - Its name.
 * @returns The provider.
 */
function named(name: string): Eip1193Provider {
  return { request: async () => name };
}

/**
 * A page where the given wallets answer `eip6963:requestProvider` (synchronously, as
 * MetaMask does, or later).
 *
 * @param wallets - rdns and delay of each wallet.
 * @returns The event target to discover on.
 */
function page(wallets: { rdns: string; delayMs?: number }[]): EventTarget {
  const target = new EventTarget();
  target.addEventListener('eip6963:requestProvider', () => {
    for (const [index, { rdns, delayMs }] of wallets.entries()) {
      const announce = () =>
        target.dispatchEvent(
          new CustomEvent('eip6963:announceProvider', {
            detail: Object.freeze({
              info: { uuid: `uuid-${index}`, name: rdns, icon: '', rdns },
              provider: named(rdns),
            }),
          }),
        );
      if (delayMs === undefined) {
        announce();
      } else {
        setTimeout(announce, delayMs);
      }
    }
  });
  return target;
}

/**
 * Which provider was picked.
 *
 * @param provider - The provider.
 * @returns Its name.
 */
async function nameOf(provider: Eip1193Provider): Promise<unknown> {
  return provider.request({ method: 'eth_chainId' });
}

describe('EIP-6963 discovery', () => {
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'ethereum');
  });

  it('prefers MetaMask Flask, then MetaMask, over other wallets', async () => {
    const all = page([
      { rdns: 'io.rabby' },
      { rdns: 'io.metamask' },
      { rdns: 'io.metamask.flask', delayMs: 20 },
    ]);
    expect(await nameOf(await discoverProvider({ target: all }))).toBe(
      'io.metamask.flask',
    );
    const noFlask = page([{ rdns: 'io.rabby' }, { rdns: 'io.metamask' }]);
    expect(
      await nameOf(await discoverProvider({ target: noFlask, timeoutMs: 30 })),
    ).toBe('io.metamask');
  });

  it('lists every announced wallet once, and stops waiting once Flask answered', async () => {
    // Waiting out this timeout would outlast the test's own: no clock is read here.
    const wallets = await discoverProviders({
      target: page([{ rdns: 'io.rabby' }, { rdns: 'io.metamask.flask' }]),
      timeoutMs: 10 * 60_000,
    });
    expect(wallets.map((wallet) => wallet.info.rdns)).toEqual([
      'io.rabby',
      'io.metamask.flask',
    ]);
  });

  it('falls back to window.ethereum, and fails clearly without any wallet', async () => {
    const others = page([{ rdns: 'io.rabby' }]);
    await expect(
      discoverProvider({ target: others, timeoutMs: 10 }),
    ).rejects.toThrow(ProviderNotFoundError);
    Reflect.set(globalThis, 'ethereum', named('injected'));
    expect(
      await nameOf(await discoverProvider({ target: others, timeoutMs: 10 })),
    ).toBe('injected');
  });

  it('lets the client discover lazily and retry after a failed discovery', async () => {
    const client = createSnapnetClient({
      snapId: 'npm:snapnet',
      discovery: { target: new EventTarget(), timeoutMs: 10 },
    });
    await expect(client.provider()).rejects.toThrow(ProviderNotFoundError);
    Reflect.set(globalThis, 'ethereum', named('late'));
    expect(await nameOf(await client.provider())).toBe('late');
  });
});
