import {
  afterAll,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
} from '@jest/globals';
import { installSnap } from '@metamask/snaps-jest';
import { assert } from '@metamask/superstruct';

import { GetErc20TokenBalanceResultStruct } from '../../src/api/getErc20TokenBalance';
import type { FakeNodeClient } from '../../src/fakeNode/admin';
import { fakeNode } from '../../src/fakeNode/admin';
import { STRK } from '../../src/fakeNode/constants';
import { FAKE_MAINNET_URL, FAKE_NODE_PORT } from '../../src/fakeNode/ports';
import type { FakeNodeHandle } from '../../src/fakeNode/server';
import { startFakeNode } from '../../src/fakeNode/server';
import { MAINNET, SEPOLIA, expectedAccount } from '../fixtures/wallet';
import { errorOf, installSnapnet, resultOf, textOf } from './helpers';

const sepolia = fakeNode('sepolia');
const mainnet = fakeNode('mainnet');
const account = expectedAccount(0).address;

type Snap = Awaited<ReturnType<typeof installSnapnet>>;

/**
 * Types a URL in the home page's node form and submits it.
 *
 * @param snap - The installed snap.
 * @param url - What the user types.
 * @returns The text of the page shown afterwards.
 */
async function submitNodeUrl(snap: Snap, url: string): Promise<string> {
  const page = await snap.onHomePage();
  const ui = page.getInterface();
  await ui.typeInField('node-url', url);
  await ui.clickElement('save-node');
  return textOf(page.getInterface());
}

/**
 * The STRK balance of the account, as a dapp reads it.
 *
 * @param snap - The installed snap.
 * @param chainId - Network.
 * @returns The latest balance.
 */
async function strkBalance(snap: Snap, chainId = SEPOLIA): Promise<bigint> {
  const result = resultOf(
    await snap.request({
      method: 'snapnet_getErc20TokenBalance',
      params: { tokenAddress: STRK, userAddress: account, chainId },
    }),
  );
  assert(result, GetErc20TokenBalanceResultStruct);
  return BigInt(result.balanceLatest);
}

describe('the node chosen by the user (home page)', () => {
  // A second, independent node answering as SN_SEPOLIA and SN_MAIN.
  let other: FakeNodeHandle;
  let otherSepolia: FakeNodeClient;

  beforeAll(async () => {
    other = await startFakeNode({ host: '127.0.0.1' });
    otherSepolia = fakeNode('sepolia', other.url);
  });

  afterAll(async () => {
    await other.close();
  });

  beforeEach(async () => {
    await sepolia.reset();
    await mainnet.reset();
    await otherSepolia.reset();
  });

  it('shows the default node by its host only', async () => {
    const snap = await installSnapnet();
    const text = textOf((await snap.onHomePage()).getInterface());
    expect(text).toContain('Node of Starknet Sepolia');
    expect(text).toContain(`127.0.0.1:${FAKE_NODE_PORT} (default)`);
    expect(text).not.toContain('/sepolia');
    expect(text).not.toContain('Use the default node');
  });

  it('refuses a URL that is not https (http only for this machine), and one with credentials', async () => {
    const snap = await installSnapnet();
    const insecure =
      'The URL must start with https:// (http:// only for localhost, 127.0.0.1 or [::1]).';
    expect(await submitNodeUrl(snap, 'http://node.example.com/rpc')).toContain(
      insecure,
    );
    expect(await submitNodeUrl(snap, 'ftp://127.0.0.1/rpc')).toContain(
      insecure,
    );
    expect(await submitNodeUrl(snap, 'node.example.com')).toContain(
      'This is not a URL.',
    );
    expect(
      await submitNodeUrl(snap, 'https://user:secret@node.example.com/rpc'),
    ).toContain('URLs with a user name or password are not supported');
    expect(textOf((await snap.onHomePage()).getInterface())).toContain(
      `127.0.0.1:${FAKE_NODE_PORT} (default)`,
    );
  });

  it('refuses a node of another chain and an unreachable one, naming only the host', async () => {
    const snap = await installSnapnet();
    const wrong = await submitNodeUrl(snap, `${FAKE_MAINNET_URL}?key=SECRET`);
    expect(wrong).toContain(
      `127.0.0.1:${FAKE_NODE_PORT} serves Starknet Mainnet, not Starknet Sepolia. Nothing was changed.`,
    );
    expect(wrong).not.toContain('SECRET');
    // Port 9 (discard) on this machine: nothing listens there.
    const unreachable = await submitNodeUrl(
      snap,
      'http://[::1]:9/rpc/v0_10?key=SECRET',
    );
    expect(unreachable).toContain(
      '[::1]:9 could not be reached or did not answer as a Starknet node. Check the URL and that the node is running; nothing was changed.',
    );
    expect(unreachable).not.toContain('SECRET');
    expect(unreachable).toContain(`127.0.0.1:${FAKE_NODE_PORT} (default)`);
  });

  it('saves a node of the right chain after asking its chain id; every later request uses it; reset goes back', async () => {
    await otherSepolia.setBalance(STRK, account, 7_000n);
    await sepolia.setBalance(STRK, account, 5n);
    const snap = await installSnapnet();
    await snap.request({ method: 'snapnet_createAccount' });
    expect(await strkBalance(snap)).toBe(5n);

    const saved = await submitNodeUrl(
      snap,
      `  http://localhost:${other.port}/sepolia  `,
    );
    expect(saved).toContain(
      `Saved: Starknet Sepolia now uses localhost:${other.port}.`,
    );
    expect(saved).toContain(`localhost:${other.port} (yours)`);
    // The page itself already reads from the new node.
    expect(saved).toMatch(/STRK\n0\.000000000000007\n/u);
    const asked = (await otherSepolia.requests()).rpcCalls.map(
      (call) => call.method,
    );
    // The version rides in the first request to the URL, with the chain id.
    expect(asked.slice(0, 2)).toStrictEqual([
      'starknet_specVersion',
      'starknet_chainId',
    ]);

    // A dapp's next request goes to the user's node, not the default one.
    await sepolia.clearRequests();
    expect(await strkBalance(snap)).toBe(7_000n);
    expect((await sepolia.requests()).httpRequests).toBe(0);
    // Per network: mainnet keeps its default node.
    await mainnet.clearRequests();
    await strkBalance(snap, MAINNET);
    expect((await mainnet.requests()).httpRequests).toBe(1);

    const page = await snap.onHomePage();
    await page.getInterface().clickElement('reset-node');
    const reset = textOf(page.getInterface());
    expect(reset).toContain('Starknet Sepolia uses its default node again.');
    expect(reset).toContain(`127.0.0.1:${FAKE_NODE_PORT} (default)`);
    expect(await strkBalance(snap)).toBe(5n);
  });

  it("refuses a node that speaks RPC 0.8 (pathfinder's root URL), naming both versions", async () => {
    await otherSepolia.setRpcVersion('0.8');
    const snap = await installSnapnet();
    const refused = await submitNodeUrl(
      snap,
      `http://localhost:${other.port}/sepolia`,
    );
    expect(refused).toContain(
      `localhost:${other.port} speaks Starknet JSON-RPC 0.8.1, but snapnet needs 0.10. Pathfinder serves 0.10 at /rpc/v0_10 (its root URL serves 0.8 by default): try that URL. Nothing was changed.`,
    );
    expect(refused).toContain(`127.0.0.1:${FAKE_NODE_PORT} (default)`);
    // One request: the version and the chain id in one batch.
    const { httpRequests, rpcCalls } = await otherSepolia.requests();
    expect(httpRequests).toBe(1);
    expect(rpcCalls.map((call) => call.method)).toStrictEqual([
      'starknet_specVersion',
      'starknet_chainId',
    ]);
  });

  it("names the node's RPC 0.8 in a method's error, read in that method's first batch", async () => {
    await sepolia.setBalance(STRK, account, 5n);
    await sepolia.setRpcVersion('0.8');
    const snap = await installSnapnet();
    await sepolia.clearRequests();
    const error = errorOf(
      await snap.request({
        method: 'snapnet_getErc20TokenBalance',
        params: { tokenAddress: STRK, userAddress: account, chainId: SEPOLIA },
      }),
    );
    expect(error.message).toContain(
      `the Starknet node at 127.0.0.1:${FAKE_NODE_PORT} speaks Starknet JSON-RPC 0.8.1, but snapnet needs 0.10 (0.10.x). Pathfinder serves 0.10 at /rpc/v0_10`,
    );
    expect(error.message).not.toMatch(/Invalid (params|block id)/u);
    const { httpRequests, rpcCalls } = await sepolia.requests();
    expect(httpRequests).toBe(1);
    expect(rpcCalls[0]?.method).toBe('starknet_specVersion');
    // Back on 0.10, the same snap run reads the version again and answers.
    await sepolia.setRpcVersion('0.10');
    expect(await strkBalance(snap)).toBe(5n);
  });

  it('cannot be changed by a dapp', async () => {
    const snap = await installSnapnet();
    for (const method of ['snapnet_setNodeUrl', 'snapnet_setNode']) {
      expect(errorOf(await snap.request({ method })).code).toBe(-32601);
    }
  });

  it('is in French when MetaMask is', async () => {
    const { onHomePage } = await installSnap({ options: { locale: 'fr' } });
    const page = await onHomePage();
    const ui = page.getInterface();
    expect(textOf(ui)).toContain('Nœud de Starknet Sepolia');
    await ui.typeInField('node-url', 'http://node.example.com');
    await ui.clickElement('save-node');
    expect(textOf(page.getInterface())).toContain(
      'L’URL doit commencer par https://',
    );
  });
});
