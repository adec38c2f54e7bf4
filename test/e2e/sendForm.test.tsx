/**
 * Sending without a dapp: the home page's Send form checks what the user types
 * (nothing reaches the node for a bad recipient or an amount above the balance), and
 * a right one opens the same review dialog as a dapp's executeTxn before anything is
 * signed and sent.
 *
 * snaps-jest gives the form's `clickElement` no handle on a dialog the click opens
 * (the click awaits onUserInput, which awaits the dialog). The simulation keeps the
 * dialog on screen in its store, and any request's `getInterface()` reads the dialog
 * on screen: a harmless request made while the click waits gives the review dialog's
 * handle, so the test approves it as the user would.
 */
import { beforeEach, describe, expect, it } from '@jest/globals';

import { fakeNode } from '../../src/fakeNode/admin';
import { STRK } from '../../src/fakeNode/constants';
import { expectedAccount, hex64 } from '../fixtures/wallet';
import { installSnapnet, textOf } from './helpers';

const node = fakeNode('sepolia');
const owner = expectedAccount(0);
const RECIPIENT = `0x0${'5'.repeat(63)}`;

/**
 * A snap whose home page has account 0 (deployed, 2 STRK) and shows the send form.
 *
 * @returns The snap and the page.
 */
async function openSendForm() {
  const snap = await installSnapnet();
  const page = await snap.onHomePage();
  await page.getInterface().clickElement('create-account');
  await page.getInterface().clickElement('send-open');
  return { snap, page };
}

/**
 * The JSON-RPC methods the node received since the last clear.
 *
 * @returns Their names.
 */
async function nodeMethods(): Promise<string[]> {
  return (await node.requests()).rpcCalls.map((call) => call.method);
}

describe('the home page Send form', () => {
  beforeEach(async () => {
    await node.reset();
    await node.deployAccount({ publicKey: owner.publicKey, nonce: 0 });
    await node.setBalance(STRK, owner.address, 2n * 10n ** 18n);
  });

  it('names a bad recipient and an amount above the balance as the user types, and sends nothing', async () => {
    const { page } = await openSendForm();
    const form = textOf(page.getInterface());
    expect(form).toContain('Send on Starknet Sepolia');
    expect(form).toContain('STRK (balance 2)');
    await node.clearRequests();

    await page.getInterface().typeInField('send-recipient', 'bob');
    expect(textOf(page.getInterface())).toContain(
      'Recipient: not a Starknet address',
    );
    await page.getInterface().typeInField('send-recipient', RECIPIENT);
    await page.getInterface().selectInDropdown('send-token', STRK);
    await page
      .getInterface()
      .typeInField('send-amount', '2.000000000000000001');
    const typed = textOf(page.getInterface());
    expect(typed).not.toContain('Recipient:');
    expect(typed).toContain('Amount: more than the balance (2 STRK)');

    // Submitting anyway shows the same error; the node hears nothing at all.
    await page.getInterface().clickElement('send-review');
    expect(textOf(page.getInterface())).toContain(
      'Amount: more than the balance (2 STRK)',
    );
    await page.getInterface().typeInField('send-recipient', '0x');
    await page.getInterface().typeInField('send-amount', '1');
    await page.getInterface().clickElement('send-review');
    expect(textOf(page.getInterface())).toContain(
      'Recipient: not a Starknet address',
    );
    expect(await nodeMethods()).toStrictEqual([]);
    expect(await node.transactions()).toStrictEqual([]);
  });

  it('sends STRK from the form after the review dialog is approved', async () => {
    const { snap, page } = await openSendForm();
    await page.getInterface().typeInField('send-recipient', RECIPIENT);
    await page.getInterface().selectInDropdown('send-token', STRK);
    await page.getInterface().typeInField('send-amount', '1.5');
    await node.clearRequests();

    const clicking = page.getInterface().clickElement('send-review');
    const review = await snap
      .request({ method: 'snapnet_getCurrentNetwork', origin: 'metamask' })
      .getInterface();
    if (review.type !== 'confirmation') {
      throw new Error(`expected the review dialog, got ${String(review.type)}`);
    }
    const shown = textOf(review);
    // The simulated balance change and the fee, as a dapp's executeTxn shows them.
    expect(shown).toContain('1.5');
    expect(shown).toContain('STRK');
    expect(shown).toContain(RECIPIENT.slice(0, 6));
    // Nothing signed or sent before the approval: only reads and the simulation.
    expect(await node.transactions()).toStrictEqual([]);
    await review.ok();
    await clicking;

    const [sent] = await node.transactions();
    expect(sent).toMatchObject({ type: 'INVOKE', nonce: 0 });
    expect(textOf(page.getInterface())).toContain(
      `Transaction ${hex64(sent?.hash ?? '0x0')}`,
    );
    await node.include();
    expect(await node.getBalance(STRK, RECIPIENT)).toBe(
      1_500_000_000_000_000_000n,
    );
  });
});
