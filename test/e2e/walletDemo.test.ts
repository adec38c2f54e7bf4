/**
 * The demo's "Starknet dapp" panel in Chromium: a dapp written only against get-starknet
 * and starknet.js finds snapnet both ways (`window.starknet_snapnet`, Wallet Standard),
 * connects, signs, sends and sees the network change, with the built snap behind a
 * simulated MetaMask and the verifying fake node. Values are checked with starknet.js.
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

import { fakeNode } from '../../src/fakeNode/admin';
import { STRK } from '../../src/fakeNode/constants';
import type { DemoBrowser } from '../client/demoPage';
import { startDemoBrowser, textWhenShown } from '../client/demoPage';
import { expectedAccount, MAINNET } from '../fixtures/wallet';
import { simulatedWallet, TEST_SNAP_ID } from './helpers';
import type { SimulatedWallet } from 'snapnet/testing';

const node = fakeNode('sepolia');
const account = expectedAccount(0);

let browser: DemoBrowser;

/**
 * Opens the demo on a fresh snap and lists the Starknet wallets the panel finds.
 *
 * @returns The page and the simulated wallet.
 */
async function panel(): Promise<{ page: Page; wallet: SimulatedWallet }> {
  const wallet = await simulatedWallet({
    origin: new URL(browser.origin).host,
  });
  const page = await browser.openPage(wallet);
  await page.goto(
    `${browser.origin}/?snapId=${encodeURIComponent(
      TEST_SNAP_ID,
    )}&nodeUrl=${encodeURIComponent(node.rpcUrl)}`,
  );
  await page.click('#dapp-discover');
  await page.waitForSelector('#dapp-wallets li');
  return { page, wallet };
}

describe('Starknet dapp panel in Chromium', () => {
  beforeAll(async () => {
    browser = await startDemoBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
  });

  beforeEach(async () => {
    await node.reset();
    await node.deployAccount({ publicKey: account.publicKey });
    await node.setBalance(STRK, account.address, 10n ** 19n);
  });

  it('finds snapnet through window.starknet_snapnet, connects, signs, sends, sees networkChanged', async () => {
    const { page, wallet } = await panel();
    const found = (await page.textContent('#dapp-wallets')) ?? '';
    expect(found).toContain('snapnet (window.starknet_snapnet)');
    expect(found).toContain('snapnet (Wallet Standard)');

    await page.click('#dapp-wallets li:has-text("window.starknet_snapnet")');
    // The user gives the page account 0 in the connect dialog: a page signs only with
    // what it was given.
    await (await wallet.nextDialog('snapnet_getCurrentAccount')).ok();
    expect(await textWhenShown(page, '#dapp-account')).toBe(account.address);
    expect(await page.textContent('#dapp-chain')).toBe(
      '0x534e5f5345504f4c4941',
    );

    await page.click('#dapp-sign');
    await (await wallet.nextDialog('snapnet_signMessage')).ok();
    const [rHex, sHex] = JSON.parse(
      await textWhenShown(page, '#dapp-signature'),
    ) as string[];
    const signed = JSON.parse(
      (await page.textContent('#dapp-typed-data')) ?? '',
    ) as TypedData;
    expect(
      ec.starkCurve.verify(
        new ec.starkCurve.Signature(BigInt(rHex ?? 0), BigInt(sHex ?? 0)),
        typedData.getMessageHash(signed, account.address),
        ec.starkCurve.getPublicKey(account.privateKey, false),
      ),
    ).toBe(true);

    const recipient = `0x0${'6'.repeat(63)}`;
    await page.fill('#dapp-recipient', recipient);
    await page.click('#dapp-send');
    await (await wallet.nextDialog('snapnet_executeTxn')).ok();
    const txHash = await textWhenShown(page, '#dapp-tx');
    // The sequencer includes what the node received (fake node: explicitly).
    await node.include();
    expect(await node.getBalance(STRK, recipient)).toBe(10n ** 15n);
    const hashes = (await node.transactions()).map((tx) => BigInt(tx.hash));
    expect(hashes).toContain(BigInt(txHash));

    await page.click('#dapp-switch');
    await (await wallet.nextDialog('snapnet_switchNetwork')).ok();
    expect(await textWhenShown(page, '#dapp-events')).toContain(
      `networkChanged ${MAINNET}`,
    );
    expect(await page.textContent('#dapp-chain')).toBe(MAINNET);
    expect(await page.textContent('#error')).toBe('');
    await page.close();
  }, 90_000);

  it('connects through the Wallet Standard (WalletAccountV5) and sees the change', async () => {
    const { page, wallet } = await panel();
    await page.click('#dapp-wallets li:has-text("Wallet Standard")');
    await (await wallet.nextDialog('snapnet_getCurrentAccount')).ok();
    expect(await textWhenShown(page, '#dapp-account')).toBe(account.address);
    await page.click('#dapp-switch');
    await (await wallet.nextDialog('snapnet_switchNetwork')).ok();
    expect(await textWhenShown(page, '#dapp-events')).toContain(
      `change starknet:${MAINNET}`,
    );
    expect(await page.textContent('#error')).toBe('');
    await page.close();
  }, 90_000);
});
