/**
 * A page's approved switchNetwork changes that page's network only (MetaMask's
 * per-site network): other pages and the home page keep theirs, and every method
 * without `chainId` follows the asking page's network.
 */
import { beforeEach, describe, expect, it } from '@jest/globals';

import { fakeNode } from '../../src/fakeNode/admin';
import { MAINNET, SEPOLIA } from '../fixtures/wallet';
import type { Snap } from './hardening';
import { confirmationOf, installSnapnet, resultOf, textOf } from './helpers';

const PAGE_A = 'https://a.example';
const PAGE_B = 'https://b.example';

/**
 * The chain id a caller's requests without `chainId` use.
 *
 * @param snap - The snap.
 * @param origin - The caller.
 * @returns Its current network's chain id.
 */
async function networkOf(snap: Snap, origin: string): Promise<unknown> {
  const result = resultOf(
    await snap.request({ origin, method: 'snapnet_getCurrentNetwork' }),
  ) as { chainId: string };
  return result.chainId;
}

/**
 * The number of tokens on the watch list a caller reads without `chainId`.
 *
 * @param snap - The snap.
 * @param origin - The caller.
 * @returns Its length (Sepolia lists 2 tokens, mainnet 4).
 */
async function watchListLength(snap: Snap, origin: string): Promise<number> {
  const list = resultOf(
    await snap.request({ origin, method: 'snapnet_getStoredErc20Tokens' }),
  ) as unknown[];
  return list.length;
}

describe('network per page', () => {
  beforeEach(async () => {
    await fakeNode('sepolia').reset();
    await fakeNode('mainnet').reset();
  });

  it("page B's approved switch leaves page A and the home page on their network", async () => {
    const snap = await installSnapnet();
    const switching = snap.request({
      origin: PAGE_B,
      method: 'snapnet_switchNetwork',
      params: { chainId: MAINNET },
    });
    const ui = await confirmationOf(switching);
    expect(textOf(ui)).toContain(PAGE_B);
    await ui.ok();
    expect(resultOf(await switching)).toBe(true);

    expect(await networkOf(snap, PAGE_B)).toBe(MAINNET);
    expect(await networkOf(snap, PAGE_A)).toBe(SEPOLIA);
    expect(await networkOf(snap, 'metamask')).toBe(SEPOLIA);
    expect(await watchListLength(snap, PAGE_B)).toBe(4);
    expect(await watchListLength(snap, PAGE_A)).toBe(2);
    expect(textOf((await snap.onHomePage()).getInterface())).toContain(
      'Starknet Sepolia',
    );
    // Already on mainnet for B: no dialog; for A, a switch asks again.
    expect(
      resultOf(
        await snap.request({
          origin: PAGE_B,
          method: 'snapnet_switchNetwork',
          params: { chainId: MAINNET },
        }),
      ),
    ).toBe(true);
    const byA = snap.request({
      origin: PAGE_A,
      method: 'snapnet_switchNetwork',
      params: { chainId: MAINNET },
    });
    await (await confirmationOf(byA)).cancel();
    expect(resultOf(await byA)).toBe(false);
    expect(await networkOf(snap, PAGE_A)).toBe(SEPOLIA);
  });

  it("MetaMask's own switch moves the wallet's network, which pages that never switched follow", async () => {
    const snap = await installSnapnet();
    const byB = snap.request({
      origin: PAGE_B,
      method: 'snapnet_switchNetwork',
      params: { chainId: MAINNET },
    });
    await (await confirmationOf(byB)).ok();
    await byB;
    const byWallet = snap.request({
      origin: 'metamask',
      method: 'snapnet_switchNetwork',
      params: { chainId: MAINNET },
    });
    await (await confirmationOf(byWallet)).ok();
    expect(resultOf(await byWallet)).toBe(true);
    expect(await networkOf(snap, PAGE_A)).toBe(MAINNET);
    const back = snap.request({
      origin: PAGE_B,
      method: 'snapnet_switchNetwork',
      params: { chainId: SEPOLIA },
    });
    await (await confirmationOf(back)).ok();
    await back;
    expect(await networkOf(snap, PAGE_B)).toBe(SEPOLIA);
    expect(await networkOf(snap, PAGE_A)).toBe(MAINNET);
  });
});
