import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { context } from 'esbuild';
import type { BuildContext } from 'esbuild';
import { chromium } from 'playwright-core';
import type { Browser } from 'playwright-core';

import {
  createSimulatedWallet,
  exposeToPage,
  startFakeStarknetNode,
  STRK,
} from 'snapnet/testing';
import type { FakeStarknetNode, SimulatedWallet } from 'snapnet/testing';

const RECIPIENT = `0x0${'7'.repeat(63)}`;
const DAPP = 'test/fixtures/dapp'; // index.html + dapp.ts, the dapp under test
let node: FakeStarknetNode;
let wallet: SimulatedWallet;
let dapp: BuildContext;
let browser: Browser;

beforeAll(async () => {
  node = await startFakeStarknetNode();
  wallet = await createSimulatedWallet({
    nodeUrl: node.rpcUrl,
    dialogs: 'approve',
  });
  dapp = await context({
    entryPoints: [`${DAPP}/dapp.ts`],
    bundle: true,
    outdir: DAPP,
    write: false, // served from memory, never written next to the sources
  });
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}, 60_000);

afterAll(async () => {
  // Released in reverse, each even when the setup stopped half-way.
  await browser?.close();
  await dapp?.dispose();
  await wallet?.close();
  await node?.close();
});

it('connects with get-starknet and sends 1 STRK that the node received', async () => {
  const { port } = await dapp.serve({ servedir: DAPP });
  const page = await browser.newPage();
  await exposeToPage(page, wallet);
  await page.goto(`http://127.0.0.1:${port}/?nodeUrl=${node.rpcUrl}`);
  await page.click('#connect');
  const address = await page.locator('#account:not(:empty)').textContent();
  await node.setBalance(STRK, address ?? '', 5n * 10n ** 18n);
  await page.fill('#to', RECIPIENT);
  await page.click('#send');
  const hash = await page.locator('#tx:not(:empty)').textContent();
  const received = (await node.transactions()).map((tx) => BigInt(tx.hash));
  expect(received).toContain(BigInt(hash ?? 0));
  await node.include(); // the sequencer's turn: received until included
  expect(await node.getBalance(STRK, RECIPIENT)).toBe(10n ** 18n);
}, 60_000);
