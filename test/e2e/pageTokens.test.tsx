/**
 * Trust comes only from the snap's own token list. Blank, small-capital, stroked and
 * hooked look-alikes and a trailing tatweel are refused; a symbol's letters outside
 * ASCII are shown as code points; decimals, symbol and name come from the contract; a
 * page-added token is never trusted (marked unverified, with the page that added it)
 * and never unseats a listed one; two page-added tokens sharing a symbol are both
 * kept, each with its address and a warning.
 */
import { beforeEach, describe, expect, it } from '@jest/globals';
import type { Json } from '@metamask/utils';

import { fakeNode } from '../../src/fakeNode/admin';
import { STRK } from '../../src/fakeNode/constants';
import { MAINNET, SEPOLIA, expectedAccount, hex64 } from '../fixtures/wallet';
import type { Snap } from './hardening';
import { STRANGER } from './hardening';
import {
  confirmationOf,
  errorOf,
  expectInvalidField,
  installSnapnet,
  resultOf,
  textOf,
} from './helpers';

const sepolia = fakeNode('sepolia');
const mainnet = fakeNode('mainnet');
const PAGE_A = 'https://a.example';
const PAGE_B = 'https://b.example';
const account = expectedAccount(0);
const USDC = hex64(
  '0x053c91253bc9682c04929ca02ed00b3e423f6710d2ee7e0d5ebb06f3ecf368a8',
);
const ONE = 10n ** 18n;

/**
 * Asks, as a page, to add a token.
 *
 * @param snap - The snap.
 * @param origin - The page.
 * @param params - chainId, tokenAddress and any claims.
 * @returns The pending request.
 */
function addAs(
  snap: Snap,
  origin: string,
  params: Record<string, Json>,
): ReturnType<Snap['request']> {
  return snap.request({
    origin,
    method: 'snapnet_addErc20Token',
    params: { chainId: SEPOLIA, ...params },
  });
}

/**
 * Opens, as page A, the dialog of an executeTxn of these calls from account 0, reads
 * it and refuses it.
 *
 * @param snap - The snap.
 * @param chainId - The network.
 * @param calls - The calls.
 * @returns The dialog's text.
 */
async function dialogOf(
  snap: Snap,
  chainId: string,
  calls: Json[],
): Promise<string> {
  const pending = snap.request({
    origin: PAGE_A,
    method: 'snapnet_executeTxn',
    params: { chainId, address: account.address, calls },
  });
  const ui = await confirmationOf(pending);
  const text = textOf(ui);
  await ui.cancel();
  expect(errorOf(await pending).code).toBe(4001);
  return text;
}

/**
 * A transfer of some units of a token to a stranger.
 *
 * @param token - The token.
 * @param units - The amount in its smallest unit.
 * @returns The call.
 */
function transfer(token: string, units: bigint): Json {
  return {
    contractAddress: token,
    entrypoint: 'transfer',
    calldata: [STRANGER, units.toString(), '0'],
  };
}

describe('trust from the snap list only', () => {
  beforeEach(async () => {
    await sepolia.reset();
    await mainnet.reset();
  });

  it('refuses blank, small-capital, stroked, hooked and tatweel look-alikes of STRK', async () => {
    const snap = await installSnapnet();
    const symbols = [
      'STRK\u2800', // Braille pattern blank
      '\ua731\u1d1b\u0280\u1d0b', // ꜱᴛʀᴋ
      'S\u0166RK', // SŦRK
      'ST\u024cK', // STɌK
      'STR\ua740', // STRꝀ
      '\ua7a8TRK', // ꞨTRK
      'STRK\u0640', // trailing tatweel
    ];
    for (const [at, symbol] of symbols.entries()) {
      const address = hex64(`0xa0${at}`);
      await sepolia.addToken({ address, name: 'Look', symbol, decimals: 18 });
      const refused = await addAs(snap, PAGE_A, { tokenAddress: address });
      expectInvalidField(refused, 'tokenSymbol');
      expect(errorOf(refused).message).toContain(
        `looks like STRK, the snap's listed token at ${STRK}`,
      );
    }
    expect(
      resultOf(
        await snap.request({
          origin: PAGE_A,
          method: 'snapnet_getStoredErc20Tokens',
          params: { chainId: SEPOLIA },
        }),
      ),
    ).toHaveLength(2);
  });

  it("takes decimals, symbol and name from the chain: a page's other claim is refused", async () => {
    const token = hex64('0xc06');
    await sepolia.addToken({
      address: token,
      name: 'Six Coin',
      symbol: 'SIXC',
      decimals: 6,
    });
    const snap = await installSnapnet();
    const refused = await addAs(snap, PAGE_A, {
      tokenAddress: token,
      tokenDecimals: 18,
    });
    expectInvalidField(refused, 'tokenDecimals');
    expect(errorOf(refused).message).toContain('decimals() answers 6');

    const pending = addAs(snap, PAGE_A, {
      tokenAddress: token,
      tokenDecimals: '6',
    });
    const ui = await confirmationOf(pending);
    expect(textOf(ui)).toContain(
      'Unverified: https://a.example adds this token.',
    );
    await ui.ok();
    expect(resultOf(await pending)).toEqual({
      address: token,
      symbol: 'SIXC',
      decimals: 6,
      logo: '',
    });
  });

  it('shows the code points of a symbol outside ASCII', async () => {
    const token = hex64('0xb01');
    await sepolia.addToken({
      address: token,
      name: 'Sev',
      symbol: '\ua731\u1d07\u1d20', // ꜱᴇᴠ
      decimals: 18,
    });
    const snap = await installSnapnet();
    const pending = addAs(snap, PAGE_A, { tokenAddress: token });
    const ui = await confirmationOf(pending);
    expect(textOf(ui)).toContain('U+A731 U+1D07 U+1D20');
    await ui.cancel();
    expect(errorOf(await pending).code).toBe(4001);
  });

  it('keeps two page-added tokens that read the same, each shown with its address, page and a warning', async () => {
    const first = hex64('0xd01');
    const second = hex64('0xd02');
    // The second one's S is a Cyrillic DZE.
    for (const [address, symbol] of [
      [first, 'SVN'],
      [second, '\u0405VN'],
    ] as const) {
      await sepolia.addToken({ address, name: 'Seven', symbol, decimals: 18 });
    }
    await sepolia.deployAccount({ publicKey: account.publicKey });
    await sepolia.setBalance(STRK, account.address, 100n * ONE);
    await sepolia.setBalance(first, account.address, 10n * ONE);
    await sepolia.setBalance(second, account.address, 10n * ONE);
    const snap = await installSnapnet({
      state: { grants: { [PAGE_A]: { [SEPOLIA]: [account.address] } } },
    });
    const byA = addAs(snap, PAGE_A, { tokenAddress: first });
    await (await confirmationOf(byA)).ok();
    resultOf(await byA);

    const byB = addAs(snap, PAGE_B, { tokenAddress: second });
    const ui = await confirmationOf(byB);
    const text = textOf(ui);
    expect(text).toContain('Another token uses this symbol');
    expect(text).toContain(
      `SVN at ${first}, added by ${PAGE_A}, reads the same.`,
    );
    expect(text).toContain(second);
    await ui.ok();
    expect(resultOf(await byB)).toMatchObject({ address: second });
    const listed = resultOf(
      await snap.request({
        method: 'snapnet_getStoredErc20Tokens',
        params: { chainId: SEPOLIA },
      }),
    ) as { address: string }[];
    expect(listed.map((token) => token.address)).toEqual(
      expect.arrayContaining([first, second]),
    );

    const preview = await dialogOf(snap, SEPOLIA, [
      transfer(first, 2n * ONE),
      transfer(second, 3n * ONE),
    ]);
    expect(preview).toContain(`-2 SVN · unverified, added by ${PAGE_A}`);
    expect(preview).toContain(`-3 \u0405VN · unverified, added by ${PAGE_B}`);
    expect(preview).toContain(`its address is ${first}`);
    expect(preview).toContain(`its address is ${second}`);
  });

  it('never lets a page-added "USDC" unseat the listed one: refused on every network, and a stored one neither refuses nor marks the real one', async () => {
    const fake = hex64('0xf05d');
    for (const node of [sepolia, mainnet]) {
      await node.addToken({
        address: fake,
        name: 'USD Coin',
        symbol: 'USDC',
        decimals: 6,
      });
    }
    await mainnet.deployAccount({ publicKey: account.publicKey });
    await mainnet.setBalance(STRK, account.address, 100n * ONE);
    await mainnet.setBalance(USDC, account.address, 100_000_000n);
    await mainnet.setBalance(fake, account.address, 100_000_000n);
    // A fake "USDC" stored before look-alikes of the snap's list were refused.
    const snap = await installSnapnet({
      state: {
        grants: { [PAGE_A]: { [MAINNET]: [account.address] } },
        tokens: {
          [MAINNET]: [
            {
              address: fake,
              name: 'USD Coin',
              symbol: 'USDC',
              decimals: 6,
              logo: '',
            },
          ],
        },
      },
    });
    for (const [node, chainId] of [
      [sepolia, SEPOLIA],
      [mainnet, MAINNET],
    ] as const) {
      await node.addToken({
        address: hex64('0xf05e'),
        name: 'USD Coin',
        symbol: 'USDC',
        decimals: 6,
      });
      expectInvalidField(
        await addAs(snap, PAGE_B, { chainId, tokenAddress: hex64('0xf05e') }),
        'tokenSymbol',
      );
    }
    // The real one: listed, returned as the snap lists it, no dialog, no refusal.
    expect(
      resultOf(
        await addAs(snap, PAGE_B, { chainId: MAINNET, tokenAddress: USDC }),
      ),
    ).toEqual({ address: USDC, symbol: 'USDC', decimals: 6, logo: '' });

    const preview = await dialogOf(snap, MAINNET, [
      transfer(USDC, 5_000_000n),
      transfer(fake, 7_000_000n),
    ]);
    expect(preview).toContain('-5 USDC');
    expect(preview).not.toContain('-5 USDC ·');
    expect(preview).toContain('-7 USDC · unverified, added by a site');
    expect(preview).toContain(`its address is ${fake}`);
    expect(preview).not.toContain(`its address is ${USDC}`);
  });
});
