/**
 * One pending confirmation per origin (issue 30 §3): while a page's request waits for
 * the user, a second confirmation request from the same page is refused at once with
 * -32002 (as MetaMask answers a second `eth_requestAccounts`), instead of queuing
 * another dialog; other pages are not blocked, and the page may ask again once its
 * request is answered, whichever way.
 */
import { describe, expect, it } from '@jest/globals';
import { ec, typedData } from 'starknet';

import { MAIL_REV1 } from '../fixtures/typedData';
import { expectedAccount } from '../fixtures/wallet';
import type { Pending, Snap } from './hardening';
import { answerAll, CALLS } from './hardening';
import { confirmationOf, errorOf, installSnapnet, resultOf } from './helpers';

const signer = expectedAccount(0);
const PAGE = 'https://page.example';
const OTHER = 'https://other.example';

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

describe('one pending confirmation per origin', () => {
  it('refuses a second confirmation request from the page with -32002, not another page', async () => {
    const snap = await installSnapnet();
    const sign = (origin: string): Pending => signMail(snap, origin);
    const first = sign(PAGE);
    const dialog = await confirmationOf(first);

    // The same page, while its dialog is open: refused at once, for any such method.
    for (const second of [
      sign(PAGE),
      snap.request({
        origin: PAGE,
        method: 'snapnet_executeTxn',
        params: { address: signer.address, calls: CALLS },
      }),
    ]) {
      const error = errorOf(await second);
      expect(error.code).toBe(-32002);
      expect(error.message).toContain(
        `Request of type 'snapnet_signMessage' already pending for origin ${PAGE}`,
      );
    }
    // Reads are not confirmations: they still answer.
    expect(
      resultOf(
        await snap.request({
          origin: PAGE,
          method: 'snapnet_getCurrentNetwork',
        }),
      ),
    ).toMatchObject({ name: expect.any(String) });

    // Another page is not blocked: it gets its own dialog and signature.
    const other = sign(OTHER);
    expect(dialog.type).toBe('confirmation');
    const answered = await answerAll([first, other]);
    expect(
      answered.map((response) => signsMail(resultOf(response))),
    ).toStrictEqual([true, true]);

    // Answered: the page may ask again; a refusal releases it too.
    const again = sign(PAGE);
    await (await confirmationOf(again)).cancel();
    expect(errorOf(await again).code).toBe(4001);
    const third = sign(PAGE);
    await (await confirmationOf(third)).ok();
    expect(signsMail(resultOf(await third))).toBe(true);
  });

  it('releases the page when its request fails before any dialog', async () => {
    const snap = await installSnapnet();
    const failing = await snap.request({
      origin: PAGE,
      method: 'snapnet_signMessage',
      params: { typedDataMessage: MAIL_REV1, signerAddress: '0x1' },
    });
    expect(errorOf(failing).code).toBe(-32602);
    const next = snap.request({
      origin: PAGE,
      method: 'snapnet_signMessage',
      params: { typedDataMessage: MAIL_REV1, signerAddress: signer.address },
    });
    await (await confirmationOf(next)).ok();
    expect(signsMail(resultOf(await next))).toBe(true);
  });
});
