import { beforeEach, describe, expect, it } from '@jest/globals';

import { fakeNode } from '../../src/fakeNode/admin';
import { FAKE_NODE_PORT, FAKE_SEPOLIA_URL } from '../../src/fakeNode/ports';
import { installSnapnet, textOf } from './helpers';

const node = fakeNode('sepolia');
const HOST = `127.0.0.1:${FAKE_NODE_PORT}`;

type Snap = Awaited<ReturnType<typeof installSnapnet>>;

/**
 * Types a URL in the home page's paymaster form and submits it.
 *
 * @param snap - The installed snap.
 * @param url - What the user types.
 * @returns The text of the page shown afterwards.
 */
async function submitPaymasterUrl(snap: Snap, url: string): Promise<string> {
  const page = await snap.onHomePage();
  const ui = page.getInterface();
  await ui.typeInField('paymaster-url', url);
  await ui.clickElement('save-paymaster');
  return textOf(page.getInterface());
}

describe('home page paymaster setting', () => {
  beforeEach(async () => {
    await node.reset();
  });

  it('shows the default, refuses what is not a paymaster or not https, saves one that is available, resets', async () => {
    const snap = await installSnapnet();
    const home = textOf((await snap.onHomePage()).getInterface());
    expect(home).toContain(`${HOST} (default)`);

    // The node itself answers paymaster_isAvailable with "method not found".
    const notPaymaster = await submitPaymasterUrl(snap, FAKE_SEPOLIA_URL);
    expect(notPaymaster).toContain('did not answer paymaster_isAvailable');
    expect(notPaymaster).toContain(`${HOST} (default)`);

    const insecure = await submitPaymasterUrl(
      snap,
      'http://paymaster.example/rpc',
    );
    expect(insecure).not.toContain('(your choice)');

    const saved = await submitPaymasterUrl(
      snap,
      `http://localhost:${FAKE_NODE_PORT}/sepolia/paymaster`,
    );
    expect(saved).toContain(`localhost:${FAKE_NODE_PORT} (your choice)`);

    const page = await snap.onHomePage();
    await page.getInterface().clickElement('reset-paymaster');
    const reset = textOf(page.getInterface());
    expect(reset).toContain('uses its default paymaster again');
    expect(reset).toContain(`${HOST} (default)`);
  });
});
