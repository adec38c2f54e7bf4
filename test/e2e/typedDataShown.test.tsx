import { describe, expect, it } from '@jest/globals';
import type { Json } from '@metamask/utils';
import { shortString } from 'starknet';

import { MAIL_REV0, MAIL_REV1 } from '../fixtures/typedData';
import {
  confirmationOf,
  expectInvalidField,
  installSnapnet,
  resultOf,
  textOf,
} from './helpers';
import {
  signer,
  splitJoined,
  verifiesFor,
  warningsOf,
} from './typedDataHelpers';

type Snap = Awaited<ReturnType<typeof installSnapnet>>;

/**
 * Asks for a signature of typed data.
 *
 * @param snap - The installed snap.
 * @param data - The typed data.
 * @returns The pending request.
 */
function sign(snap: Snap, data: Json): ReturnType<Snap['request']> {
  return snap.request({
    method: 'snapnet_signMessage',
    params: { typedDataMessage: data, signerAddress: signer.address },
  });
}

describe('typed data shown as hashed', () => {
  it('keeps a plain Mail compact: no warning, text marked, and a valid signature', async () => {
    const pending = sign(await installSnapnet(), MAIL_REV1);
    const ui = await confirmationOf(pending);
    expect(warningsOf(ui)).toStrictEqual([]);
    const text = textOf(ui);
    expect(text).toContain('Mail');
    expect(text).toContain('"Alice" (text)');
    await ui.ok();
    expect(verifiesFor(splitJoined(resultOf(await pending)), MAIL_REV1)).toBe(
      true,
    );
  });

  it('shows text in a felt field as text, and signs exactly that', async () => {
    const data = {
      ...MAIL_REV0,
      message: { ...MAIL_REV0.message, amount: 'gm' },
    };
    const pending = sign(await installSnapnet(), data);
    const ui = await confirmationOf(pending);
    expect(textOf(ui)).toContain('"gm" (text)');
    await ui.ok();
    const signature = splitJoined(resultOf(await pending));
    const encoded = {
      ...data,
      message: { ...data.message, amount: shortString.encodeShortString('gm') },
    };
    expect(verifiesFor(signature, encoded)).toBe(true);
  });

  it('refuses "0.000001" in a felt field before any dialog, naming it', async () => {
    const pending = sign(await installSnapnet(), {
      ...MAIL_REV0,
      message: { ...MAIL_REV0.message, amount: '0.000001' },
    });
    expectInvalidField(await pending, 'typedDataMessage.message.amount');
  });

  it('refuses a message key that is not signed, naming it', async () => {
    const pending = sign(await installSnapnet(), {
      ...MAIL_REV1,
      message: { ...MAIL_REV1.message, note: 'not hashed' },
    });
    expectInvalidField(await pending, 'typedDataMessage.message.note');
  });
});
