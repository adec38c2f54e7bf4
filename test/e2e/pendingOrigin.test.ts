/**
 * A page's confirmation requests queue (as MetaMask's own confirmations
 * do): a second request from the same page while the first waits for the user is
 * shown after it, in the order sent, not refused; only past 20 waiting requests of one
 * page is the next refused with -32002. Other pages are not held up, and a request
 * that fails or is refused lets the next one in.
 */
import { beforeEach, describe, expect, it } from '@jest/globals';
import { ec, typedData } from 'starknet';

import { fakeNode } from '../../src/fakeNode/admin';
import { STATE_VERSION } from '../../src/state/store';
import { MAIL_REV1 } from '../fixtures/typedData';
import { SEPOLIA, expectedAccount, hex64 } from '../fixtures/wallet';
import type { Pending, Snap } from './hardening';
import { STRANGER, STRK, transactionHashOf } from './hardening';
import {
  DAPP_ORIGIN,
  confirmationOf,
  connectedPages,
  errorOf,
  installSnapnet,
  resultOf,
  textOf,
} from './helpers';

const node = fakeNode('sepolia');

const signer = expectedAccount(0);
const PAGE = 'https://page.example';
const OTHER = 'https://other.example';

/**
 * Installs the snap with PAGE and OTHER (and the tests' dapp page) given the seed's
 * first accounts: a page signs only with an account it was given.
 *
 * @returns The simulated snap.
 */
async function installConnected(): Promise<Snap> {
  return installSnapnet({
    state: {
      version: STATE_VERSION,
      grants: connectedPages(DAPP_ORIGIN, PAGE, OTHER),
    },
  });
}

/**
 * Whether a signMessage answer is a signature of MAIL_REV1 by account 0, checked with
 * starknet.js against the independently derived key.
 *
 * @param signature - The snap's answer.
 * @returns Whether it verifies.
 */
function signsMail(signature: unknown): boolean {
  if (typeof signature !== 'string' || !/^0x[0-9a-f]{128}$/u.test(signature)) {
    return false;
  }
  const hash = typedData.getMessageHash(MAIL_REV1, signer.address);
  const parsed = new ec.starkCurve.Signature(
    BigInt(`0x${signature.slice(2, 66)}`),
    BigInt(`0x${signature.slice(66)}`),
  );
  const point = ec.starkCurve.ProjectivePoint.fromPrivateKey(
    BigInt(signer.privateKey),
  );
  return ec.starkCurve.verify(parsed, hash, point.toHex(false));
}

/**
 * Asks the snap to sign MAIL_REV1 with account 0.
 *
 * @param snap - The snap.
 * @param origin - The asking page.
 * @returns The pending request.
 */
function signMail(snap: Snap, origin: string): Pending {
  return snap.request({
    origin,
    method: 'snapnet_signMessage',
    params: { typedDataMessage: MAIL_REV1, signerAddress: signer.address },
  });
}

/**
 * Sends an executeTxn from PAGE transferring `whole` STRK from account 0 to STRANGER.
 *
 * @param snap - The snap.
 * @param whole - Whole STRK.
 * @returns The pending request.
 */
function sendStrk(snap: Snap, whole: number): Pending {
  return snap.request({
    origin: PAGE,
    method: 'snapnet_executeTxn',
    params: {
      address: signer.address,
      calls: [
        {
          contractAddress: STRK,
          entrypoint: 'transfer',
          calldata: [STRANGER, (BigInt(whole) * 10n ** 18n).toString(), '0'],
        },
      ],
    },
  });
}

/**
 * Answers the dialogs of the requests one at a time, returning each dialog's text in
 * the order shown.
 *
 * @param pendings - The requests, already sent.
 * @returns The texts of the dialogs, in the order the snap showed them.
 */
async function approveInTurn(pendings: Pending[]): Promise<string[]> {
  const texts: string[] = [];
  for (const pending of pendings) {
    const ui = await confirmationOf(pending);
    texts.push(textOf(ui));
    await ui.ok();
    await pending;
  }
  return texts;
}

describe('confirmation requests of one origin queue', () => {
  beforeEach(async () => {
    await node.reset();
  });

  it('shows three concurrent sends of one page one after another, and sends all three in order', async () => {
    await node.deployAccount({ publicKey: signer.publicKey });
    await node.setBalance(STRK, signer.address, 10n ** 20n);
    const snap = await installConnected();
    const sends = [1, 2, 3].map((whole): Pending => sendStrk(snap, whole));

    // Another page is not held up by PAGE's line.
    const other = signMail(snap, OTHER);
    const texts = await approveInTurn([other, ...sends]);
    expect(signsMail(resultOf(await other))).toBe(true);
    // Each dialog shows its own transfer, in the order the page sent them.
    expect(
      texts.slice(1).map((text) => /Transfer\n(\d+) STRK\n/u.exec(text)?.[1]),
    ).toStrictEqual(['1', '2', '3']);
    const hashes = (await Promise.all(sends)).map((response) =>
      transactionHashOf(resultOf(response)),
    );
    const sent = await node.transactions();
    expect(sent.map((tx) => BigInt(tx.hash))).toStrictEqual(hashes);
    expect(sent.map((tx) => tx.nonce)).toStrictEqual([0, 1, 2]);
    await node.include();
    expect(await node.getBalance(STRK, STRANGER)).toBe(6n * 10n ** 18n);
  });

  it('adds ten tokens a page asks for at once, in the order asked', async () => {
    const tokens = [...Array(10).keys()].map((at) => `0x${at + 1}0${at + 1}`);
    for (const [at, address] of tokens.entries()) {
      await node.addToken({
        address,
        name: `Token ${at}`,
        symbol: `TK${at}`,
        decimals: 6,
      });
    }
    const snap = await installSnapnet();
    const adds = tokens.map((address, at): Pending =>
      snap.request({
        origin: PAGE,
        method: 'snapnet_addErc20Token',
        params: {
          chainId: SEPOLIA,
          tokenAddress: address,
          tokenName: `Token ${at}`,
          tokenSymbol: `TK${at}`,
        },
      }),
    );
    const texts = await approveInTurn(adds);
    texts.forEach((text, at) => expect(text).toContain(`Token ${at}`));
    for (const [at, add] of adds.entries()) {
      expect(resultOf(await add)).toMatchObject({
        address: hex64(tokens[at] ?? ''),
        symbol: `TK${at}`,
      });
    }
    const watched = resultOf(
      await snap.request({
        method: 'snapnet_getStoredErc20Tokens',
        params: { chainId: SEPOLIA },
      }),
    ) as { address: string }[];
    expect(watched.slice(2).map((token) => token.address)).toStrictEqual(
      tokens.map((address) => hex64(address)),
    );
  });

  it('refuses the request past 20 waiting with -32002, and takes requests again once answered', async () => {
    const snap = await installConnected();
    const line = [...Array(21).keys()].map((): Pending => signMail(snap, PAGE));
    const refused = errorOf(await signMail(snap, PAGE));
    expect(refused.code).toBe(-32002);
    expect(refused.message).toContain(
      `20 requests already waiting for origin ${PAGE}`,
    );
    for (const pending of line) {
      await (await confirmationOf(pending)).cancel();
      expect(errorOf(await pending).code).toBe(4001);
    }
    const again = signMail(snap, PAGE);
    await (await confirmationOf(again)).ok();
    expect(signsMail(resultOf(await again))).toBe(true);
  });

  it('releases the page when its request fails before any dialog', async () => {
    const snap = await installConnected();
    const failing = await snap.request({
      origin: PAGE,
      method: 'snapnet_signMessage',
      params: { typedDataMessage: MAIL_REV1, signerAddress: '0x1' },
    });
    // Not an account the page was given: refused (4100) before any dialog.
    expect(errorOf(failing).code).toBe(4100);
    const next = snap.request({
      origin: PAGE,
      method: 'snapnet_signMessage',
      params: { typedDataMessage: MAIL_REV1, signerAddress: signer.address },
    });
    await (await confirmationOf(next)).ok();
    expect(signsMail(resultOf(await next))).toBe(true);
  });
});
