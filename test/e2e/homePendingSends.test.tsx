/**
 * The home page lists the user's pending sends with "Speed up" and "Cancel": a send
 * stuck under a risen L2 price shows both buttons, and Speed up opens the replacement
 * dialog (origin metamask) whose approval sends a replacement at the same nonce.
 *
 * As in sendForm.test.tsx, the click awaits the dialog it opens; a harmless request
 * made while it waits gives the dialog's handle, so the test approves it as the user
 * would.
 */
import { beforeEach, describe, expect, it } from '@jest/globals';

import { GAS_PRICES } from '../../src/fakeNode/constants';
import { transactionHashOf } from './hardening';
import { installGranted, resultOf, textOf } from './helpers';
import { OWN, approved, fundOwn, node, transfer } from './sends';

/**
 * The names of the page's replacement buttons.
 *
 * @param content - The page's content.
 * @returns `replace:<mode>:<hash>` names, in page order.
 */
function replaceButtons(content: unknown): string[] {
  return [
    ...JSON.stringify(content).matchAll(
      /"name":"(replace:(?:speedUp|cancel):0x[0-9a-f]+)"/giu,
    ),
  ].map((match) => match[1] ?? '');
}

describe('pending sends on the home page', () => {
  beforeEach(async () => {
    await node.reset();
    await fundOwn(0);
  });

  it('shows Speed up and Cancel for a stuck send, and Speed up replaces it at its nonce', async () => {
    const snap = await installGranted([OWN]);
    const stuck = transactionHashOf(
      resultOf(await approved(transfer(snap, 5))),
    );
    // The L2 price rises past the send's 2x headroom: it waits in the pending queue.
    await node.setL2GasPrice(GAS_PRICES.l2Gas.fri * 3n);
    expect(await node.include()).toStrictEqual([]);

    const page = await snap.onHomePage();
    const shown = page.getInterface();
    const text = textOf(shown);
    expect(text).toContain('Pending sends');
    expect(text).toContain('Speed up');
    expect(text).toContain('Cancel');
    const names = replaceButtons(shown.content);
    expect(names.map((name) => name.split(':').slice(0, 2).join(':'))).toEqual([
      'replace:speedUp',
      'replace:cancel',
    ]);
    for (const name of names) {
      expect(BigInt(name.split(':')[2] ?? '0')).toBe(stuck);
    }

    const clicking = shown.clickElement(names[0] ?? '');
    const dialog = await snap
      .request({ method: 'snapnet_getCurrentNetwork', origin: 'metamask' })
      .getInterface();
    if (dialog.type !== 'confirmation') {
      throw new Error(
        `expected the replace dialog, got ${String(dialog.type)}`,
      );
    }
    expect(textOf(dialog)).toContain('Speed up');
    await dialog.ok();
    await clicking;

    const replacements = (await node.transactions()).filter(
      (tx) => BigInt(tx.hash) !== stuck,
    );
    expect(replacements).toHaveLength(1);
    const [replacement] = replacements;
    expect(replacement?.nonce).toBe(0);
    const hash = BigInt(replacement?.hash ?? '0x0');
    const after = page.getInterface();
    expect(textOf(after)).toContain('Replacement sent');
    // The page now offers the replacement itself, no longer the replaced send.
    expect(
      replaceButtons(after.content).map((name) =>
        BigInt(name.split(':')[2] ?? '0'),
      ),
    ).toStrictEqual([hash, hash]);
    expect((await node.include()).map(BigInt)).toStrictEqual([hash]);
  });
});
