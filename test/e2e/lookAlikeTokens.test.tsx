/**
 * A page cannot add a look-alike to the watch list: a symbol that reads as one of the
 * snap's own tokens (case, Unicode confusables such as Cyrillic letters, invisible
 * characters) is refused with -32602 naming `tokenSymbol`, before any dialog; previews
 * warn about the same look-alikes; and a name a page gave a token never names a
 * spender. (Page-added tokens sharing a symbol: pageTokens.test.tsx.)
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
const ONE = 10n ** 18n;

/**
 * Deploys a token answering a symbol, then asks, as the page, to add it (the symbol
 * comes from the contract: chain over claims).
 *
 * @param snap - The snap.
 * @param tokenAddress - The token.
 * @param symbol - The symbol the contract answers.
 * @returns The pending request.
 */
async function add(
  snap: Snap,
  tokenAddress: string,
  symbol: string,
): Promise<Awaited<ReturnType<Snap['request']>>> {
  await node.addToken({
    address: tokenAddress,
    name: 'Some Token',
    symbol,
    decimals: 18,
  });
  return snap.request({
    origin: PAGE,
    method: 'snapnet_addErc20Token',
    // Claimed too, as the contract answers it (a format character such as U+200B
    // makes the answer unreadable: the claim is then checked alone).
    params: { chainId: SEPOLIA, tokenAddress, tokenSymbol: symbol },
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

/**
 * Installs the snap with the page given account 0 (signing needs a grant).
 *
 * @returns The snap.
 */
async function installForPage(): Promise<Snap> {
  return installSnapnet({
    state: { grants: { [PAGE]: { [SEPOLIA]: [account.address] } } },
  });
}

describe('look-alike tokens', () => {
  beforeEach(async () => {
    await node.reset();
    await node.deployAccount({ publicKey: account.publicKey });
    await node.setBalance(STRK, account.address, 100n * ONE);
  });

  it("refuses adding STRK, ETH or USDC look-alikes (Cyrillic, hidden), on any network's list", async () => {
    const snap = await installSnapnet();
    for (const symbol of [
      'STRK',
      'strk',
      '\u0405\u0422R\u041a', // ЅТRК: Cyrillic DZE, TE and KA
      '\u0415\u0422\u041d', // ЕТН
      'S\u0323TRK', // Ṣ: a mark under the S
      'U\u0405DC', // USDC is on the mainnet list only: refused on Sepolia too
    ]) {
      const refused = await add(snap, FAKE, symbol);
      expectInvalidField(refused, 'tokenSymbol');
      expect(errorOf(refused).message).toMatch(
        /looks like (STRK|ETH|USDC), the snap's listed token at 0x/u,
      );
    }
    // Invisible characters are no symbol at all (a format character is refused).
    expectInvalidField(await add(snap, FAKE, 'S\u200bTRK'), 'tokenSymbol');
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
    const snap = await installForPage();
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
    const snap = await installForPage();
    const added = snap.request({
      origin: PAGE,
      method: 'snapnet_addErc20Token',
      params: { chainId: SEPOLIA, tokenAddress: DRAINER },
    });
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
