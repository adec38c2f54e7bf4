/**
 * A page cannot add a look-alike to the watch list (it would pass for a trusted token):
 * a symbol that reads
 * as a preloaded token's or a listed token's at another address (case, Unicode
 * confusables such as Cyrillic letters, invisible characters) is refused with -32602
 * naming `tokenSymbol`, before any dialog; previews warn about the same look-alikes;
 * and a name a page gave a token never names a spender.
 */
import { beforeEach, describe, expect, it } from '@jest/globals';
import type { Json } from '@metamask/utils';

import { fakeNode } from '../../src/fakeNode/admin';
import { STRK } from '../../src/fakeNode/constants';
import { SEPOLIA, expectedAccount, hex64 } from '../fixtures/wallet';
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

const node = fakeNode('sepolia');
const PAGE = 'https://page.example';
const account = expectedAccount(0);
const FAKE = hex64('0xfa4e');
const DRAINER = hex64('0xd7a1');
const SEVEN = hex64('0x5e7e');
const ONE = 10n ** 18n;

/**
 * Asks, as the page, to add a token under a symbol.
 *
 * @param snap - The snap.
 * @param tokenAddress - The token.
 * @param tokenSymbol - The symbol the page claims.
 * @returns The pending request.
 */
function add(
  snap: Snap,
  tokenAddress: string,
  tokenSymbol: string,
): ReturnType<Snap['request']> {
  return snap.request({
    origin: PAGE,
    method: 'snapnet_addErc20Token',
    params: {
      chainId: SEPOLIA,
      tokenAddress,
      tokenName: 'Some Token',
      tokenSymbol,
      tokenDecimals: 18,
    },
  });
}

/**
 * Sends, as the page, an executeTxn of the given calls from account 0 and returns its
 * dialog's text, then refuses it.
 *
 * @param snap - The snap.
 * @param calls - The calls.
 * @returns The dialog's text.
 */
async function dialogOf(snap: Snap, calls: Json[]): Promise<string> {
  const pending = snap.request({
    origin: PAGE,
    method: 'snapnet_executeTxn',
    params: { address: account.address, calls },
  });
  const ui = await confirmationOf(pending);
  const text = textOf(ui);
  await ui.cancel();
  expect(errorOf(await pending).code).toBe(4001);
  return text;
}

describe('look-alike tokens', () => {
  beforeEach(async () => {
    await node.reset();
    await node.deployAccount({ publicKey: account.publicKey });
    await node.setBalance(STRK, account.address, 100n * ONE);
  });

  it('refuses adding STRK, its Cyrillic and hidden look-alikes, and a listed symbol at another address', async () => {
    for (const address of [FAKE, SEVEN, DRAINER]) {
      await node.addToken({ address, name: 'T', symbol: 'T', decimals: 18 });
    }
    const snap = await installSnapnet();
    for (const symbol of [
      'STRK',
      'strk',
      '\u0405\u0422R\u041a', // ЅТRК: Cyrillic DZE, TE and KA
      '\u0415\u0422\u041d', // ЕТН
      'S\u0323TRK', // Ṣ: a mark under the S
    ]) {
      const refused = await add(snap, FAKE, symbol);
      expectInvalidField(refused, 'tokenSymbol');
      expect(errorOf(refused).message).toMatch(
        /looks like (STRK|ETH), the listed token at 0x/u,
      );
    }
    // Invisible characters are no symbol at all.
    expectInvalidField(await add(snap, FAKE, 'S\u200bTRK'), 'tokenSymbol');
    // A symbol the user listed at another address is taken too.
    const seven = add(snap, SEVEN, 'SVN');
    await (await confirmationOf(seven)).ok();
    expect(resultOf(await seven)).toMatchObject({ symbol: 'SVN' });
    const twin = await add(snap, FAKE, '\u0405VN');
    expectInvalidField(twin, 'tokenSymbol');
    expect(errorOf(twin).message).toContain(`looks like SVN`);
    const listed = resultOf(
      await snap.request({
        method: 'snapnet_getStoredErc20Tokens',
        params: { chainId: SEPOLIA },
      }),
    ) as { address: string }[];
    expect(listed.map((token) => token.address)).not.toContain(FAKE);
  });

  it('warns about an unlisted STRK look-alike in a preview', async () => {
    await node.addToken({
      address: FAKE,
      name: 'Starknet Token',
      symbol: '\u0405\u0422R\u041a',
      decimals: 18,
    });
    await node.setBalance(FAKE, account.address, 3000n * ONE);
    const snap = await installSnapnet();
    const text = await dialogOf(snap, [
      {
        contractAddress: FAKE,
        entrypoint: 'transfer',
        calldata: [STRANGER, (5n * ONE).toString(), '0'],
      },
    ]);
    expect(text).toContain('Look-alike token');
    expect(text).toContain(FAKE);
    expect(text).toContain('unverified');
  });

  it('never names a spender after a token a page added as "AVNU"', async () => {
    await node.addToken({
      address: DRAINER,
      name: 'AVNU',
      symbol: 'AVNU',
      decimals: 18,
    });
    const snap = await installSnapnet();
    const added = add(snap, DRAINER, 'AVNU');
    await (await confirmationOf(added)).ok();
    expect(resultOf(await added)).toMatchObject({ symbol: 'AVNU' });
    const text = await dialogOf(snap, [
      {
        contractAddress: STRK,
        entrypoint: 'approve',
        calldata: [
          DRAINER,
          (2n ** 128n - 1n).toString(),
          (2n ** 128n - 1n).toString(),
        ],
      },
    ]);
    expect(text).toContain(
      `${DRAINER} may spend all of your STRK, now and later`,
    );
    expect(text).not.toContain('AVNU may spend');
  });
});
