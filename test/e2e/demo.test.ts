/**
 * The demo dapp in a real browser: the Vite build of demo/ in headless Chromium, with an
 * injected EIP-6963 wallet whose calls are answered from Node by the snap in the snaps
 * simulation (on the verifying fake node). Dialogs are approved from here, and what the
 * page shows is checked against the independently derived wallet and starknet.js.
 */
import {
  afterAll,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
} from '@jest/globals';
import type { Page } from 'playwright-core';
import type { TypedData } from 'starknet';
import { ec, typedData } from 'starknet';

import { signatureToArray } from '../../src/client/snap';
import { fakeNode } from '../../src/fakeNode/admin';
import { STRK } from '../../src/fakeNode/constants';
import type { DemoBrowser } from '../client/demoPage';
import { startDemoBrowser, textWhenShown } from '../client/demoPage';
import { expectedAccount } from '../fixtures/wallet';
import { simulatedWallet, TEST_SNAP_ID, textOf } from './helpers';
import type { SimulatedWallet } from 'snapnet/testing';

const node = fakeNode('sepolia');
const account = expectedAccount(0);

let browser: DemoBrowser;

/**
 * Opens the demo with a fresh snap behind its wallet and connects.
 *
 * @returns The page and the simulated wallet.
 */
async function connectedPage(): Promise<{
  page: Page;
  wallet: SimulatedWallet;
}> {
  const wallet = await simulatedWallet({
    origin: new URL(browser.origin).host,
  });
  const page = await browser.openPage(wallet);
  await page.goto(
    `${browser.origin}/?snapId=${encodeURIComponent(TEST_SNAP_ID)}`,
  );
  await page.click('#connect');
  await page.waitForSelector('#status:has-text("Connected")');
  return { page, wallet };
}

describe('demo page in Chromium', () => {
  beforeAll(async () => {
    browser = await startDemoBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
  });

  beforeEach(async () => {
    await node.reset();
  });

  it('connects, creates the account and signs a message that verifies', async () => {
    const { page, wallet } = await connectedPage();
    // The page shows the network after the connection status: wait for it (a wrong
    // or missing network still fails, on the selector's timeout).
    await page.waitForSelector('#network:has-text("Starknet Sepolia")');
    expect(await page.textContent('#network')).toContain('Starknet Sepolia');
    expect(await page.textContent('#status')).toContain(TEST_SNAP_ID);

    await page.click('#create-account');
    expect(await textWhenShown(page, '#address')).toBe(account.address);
    expect(await page.textContent('#accounts')).toContain(account.address);

    await page.fill('#message', 'Pay Bob 5 STRK on Friday');
    await page.click('#sign');
    const dialog = await wallet.nextDialog('snapnet_signMessage');
    expect(textOf(dialog)).toContain('Pay Bob 5 STRK on Friday');
    await dialog.ok();

    expect(await textWhenShown(page, '#verified')).toBe('valid');
    const signature = (await page.textContent('#signature')) ?? '';
    const shown = JSON.parse((await page.textContent('#typed-data')) ?? '');
    const [rHex, sHex] = signatureToArray(signature);
    expect(
      ec.starkCurve.verify(
        new ec.starkCurve.Signature(BigInt(rHex), BigInt(sHex)),
        typedData.getMessageHash(shown as TypedData, account.address),
        ec.starkCurve.getPublicKey(account.privateKey, false),
      ),
    ).toBe(true);
    expect(await page.textContent('#error')).toBe('');
    await page.close();
  }, 60_000);

  it('shows a rejection, balances, and a transfer the node accepted', async () => {
    await node.setBalance(STRK, account.address, 3n * 10n ** 18n);
    const { page, wallet } = await connectedPage();
    await page.click('#create-account');
    await textWhenShown(page, '#address');

    await page.click('#sign');
    await (await wallet.nextDialog('snapnet_signMessage')).cancel();
    expect(await textWhenShown(page, '#error')).toContain(
      'UserRejectedError (4001, wallet code 113)',
    );

    await page.click('#refresh-balances');
    expect(await textWhenShown(page, '#balances')).toContain('3 STRK');

    const recipient = `0x0${'7'.repeat(63)}`;
    await page.selectOption('#token-select', { label: 'STRK' });
    await page.fill('#recipient', recipient);
    await page.fill('#amount', '1.25');
    await page.click('#send');
    await (await wallet.nextDialog('snapnet_executeTxn')).ok();
    const result = await textWhenShown(page, '#transfer-result');
    // The sequencer includes what the node received (fake node: explicitly).
    await node.include();
    expect(await node.getBalance(STRK, recipient)).toBe(125n * 10n ** 16n);
    const hashes = (await node.transactions()).map((tx) => BigInt(tx.hash));
    expect(hashes).toContain(BigInt(result.split(' ')[0] ?? ''));

    await page.click('#list-transactions');
    expect(await textWhenShown(page, '#transactions')).toContain('transfer');
    await page.close();
  }, 60_000);
});
