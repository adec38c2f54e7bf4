/**
 * No page-facing error carries the node's host, its URL query (an API key lives
 * there) or a stack, on the snapnet_* path and on the Multichain protocol path alike,
 * even when the node echoes its URL and key in its own error.
 */
import { beforeEach, describe, expect, it } from '@jest/globals';

import { fakeNode } from '../../src/fakeNode/admin';
import { STRK } from '../../src/fakeNode/constants';
import { FAKE_NODE_PORT } from '../../src/fakeNode/ports';
import { SEPOLIA } from '../fixtures/wallet';
import type { Snap } from './hardening';
import { errorOf, installSnapnet, textOf } from './helpers';

const sepolia = fakeNode('sepolia');
const KEY = 'SECRET-KEY-123';
const HOST = `localhost:${FAKE_NODE_PORT}`;
const NODE_URL = `http://${HOST}/sepolia?apikey=${KEY}`;
const PAGE = 'https://page.example';

/**
 * Installs the snap and sets the user's Sepolia node, with an API key in its query,
 * through the home page's node setting.
 *
 * @returns The snap.
 */
async function withKeyedNode(): Promise<Snap> {
  const snap = await installSnapnet();
  const page = await snap.onHomePage();
  await page.getInterface().typeInField('node-url', NODE_URL);
  await page.getInterface().clickElement('save-node');
  expect(textOf(page.getInterface())).toContain(`${HOST} (yours)`);
  return snap;
}

/**
 * Asserts an error holds none of the node's host, key, query or a stack.
 *
 * @param error - The error as the page got it.
 */
function expectScrubbed(error: unknown): void {
  const text = JSON.stringify(error);
  for (const secret of [KEY, 'apikey', HOST, 'localhost', '/sepolia?']) {
    expect(text).not.toContain(secret);
  }
  expect(text).not.toMatch(/\bat .+\.(js|ts):\d+/u);
  expect(error).not.toHaveProperty('stack', expect.any(String));
}

/**
 * Makes the node's next answers to a method an error that echoes its URL and key.
 *
 * @param method - The node method.
 */
async function echoingFault(method: string): Promise<void> {
  await sepolia.fault({
    kind: 'rpcError',
    method,
    code: 63,
    message: `Invalid API key ${KEY} for ${NODE_URL} (${HOST})`,
    data: { url: NODE_URL, key: KEY },
    times: 1,
  });
}

describe('scrubbed node errors', () => {
  beforeEach(async () => {
    await sepolia.reset();
  });

  it('snapnet_* errors carry neither host, query nor stack', async () => {
    const snap = await withKeyedNode();
    await sepolia.addToken({
      address: '0x777',
      name: 'Seven',
      symbol: 'SVN',
      decimals: 2,
    });
    await echoingFault('starknet_call');
    const refused = errorOf(
      await snap.request({
        origin: PAGE,
        method: 'snapnet_addErc20Token',
        params: { chainId: SEPOLIA, tokenAddress: '0x777' },
      }),
    );
    expect(refused.code).toBe(-32603);
    expect(refused.message).toContain('your Starknet node');
    expect(JSON.stringify(refused)).toContain('Invalid API key');
    expectScrubbed(refused);

    await sepolia.fault({ kind: 'refuse', method: 'starknet_call', times: 1 });
    const lost = errorOf(
      await snap.request({
        origin: PAGE,
        method: 'snapnet_addErc20Token',
        params: { chainId: SEPOLIA, tokenAddress: '0x777' },
      }),
    );
    expect(lost.code).toBe(-32603);
    expectScrubbed(lost);
  });

  it('onProtocolRequest errors follow the same rules', async () => {
    const snap = await withKeyedNode();
    const read = async (): Promise<unknown> =>
      errorOf(
        await snap.onProtocolRequest('starknet:SN_SEPOLIA', {
          origin: PAGE,
          method: 'starknet_getClassHashAt',
          params: { block_id: 'latest', contract_address: STRK },
        }),
      );
    await echoingFault('starknet_getClassHashAt');
    const refused = await read();
    expect(refused).toMatchObject({ code: 63 });
    expect(JSON.stringify(refused)).toContain('Invalid API key');
    expectScrubbed(refused);

    await sepolia.fault({
      kind: 'refuse',
      method: 'starknet_getClassHashAt',
      times: 1,
    });
    const lost = await read();
    expect(lost).toMatchObject({ code: -32603 });
    expect(JSON.stringify(lost)).toContain('your Starknet node');
    expectScrubbed(lost);
  });
});
