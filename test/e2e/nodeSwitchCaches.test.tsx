/**
 * An ABI is used only with the node that answered it (another node may differ): a node
 * gives the
 * class of a contract with an ABI; after the user switches the network to another node
 * (home page), the snap reads the class again from that node instead of reusing what
 * the first one said. Here the first node's ABI would confirm the dapp's names; the
 * second has none for the class, so the names are marked not verified again.
 */
import {
  afterAll,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
} from '@jest/globals';

import type { FakeNodeClient } from '../../src/fakeNode/admin';
import { fakeNode } from '../../src/fakeNode/admin';
import { STRK } from '../../src/fakeNode/constants';
import type { FakeNodeHandle } from '../../src/fakeNode/server';
import { startFakeNode } from '../../src/fakeNode/server';
import { expectedAccount } from '../fixtures/wallet';
import type { Snap } from './hardening';
import { confirmationOf, errorOf, installSnapnet, textOf } from './helpers';

const account = expectedAccount(0);
const CONTRACT =
  '0x00000000000000000000000000000000000000000000000000000000c0ffee01';
const CLASS = '0xc1a55';
const ONE = 10n ** 18n;

/**
 * Asks for a claim_reward call with the dapp's ABI and returns the dialog's text,
 * then refuses it.
 *
 * @param snap - The snap.
 * @returns The dialog's text.
 */
async function claimDialog(snap: Snap): Promise<string> {
  const pending = snap.request({
    method: 'snapnet_executeTxn',
    params: {
      address: account.address,
      calls: [
        {
          contractAddress: CONTRACT,
          entrypoint: 'claim_reward',
          calldata: ['9'],
        },
      ],
      abis: {
        [CONTRACT]: [
          {
            type: 'function',
            name: 'claim_reward',
            inputs: [{ name: 'epoch', type: 'core::felt252' }],
          },
        ],
      },
    },
  });
  const ui = await confirmationOf(pending);
  const text = textOf(ui);
  await ui.cancel();
  expect(errorOf(await pending).code).toBe(4001);
  return text;
}

/**
 * Sets up a node: the account deployed and funded, the contract at CONTRACT of class
 * CLASS, with or without an ABI on chain.
 *
 * @param node - The node.
 * @param hideAbi - Whether the class has no ABI.
 */
async function prepare(node: FakeNodeClient, hideAbi: boolean): Promise<void> {
  await node.reset();
  await node.deployAccount({ publicKey: account.publicKey });
  await node.setBalance(STRK, account.address, 10n * ONE);
  await node.addContract({
    address: CONTRACT,
    functions: { claim_reward: ['0x1'] },
    classHash: CLASS,
    hideAbi,
  });
}

describe('cached ABIs and another node', () => {
  let other: FakeNodeHandle;
  let otherSepolia: FakeNodeClient;
  const sepolia = fakeNode('sepolia');

  beforeAll(async () => {
    other = await startFakeNode({ host: '127.0.0.1' });
    otherSepolia = fakeNode('sepolia', other.url);
  });

  afterAll(async () => {
    await other.close();
  });

  beforeEach(async () => {
    await prepare(sepolia, false);
    await prepare(otherSepolia, true);
  });

  it("reads a class again from the node the user switched to, not the previous node's ABI", async () => {
    const snap = await installSnapnet();
    await snap.request({ method: 'snapnet_createAccount' });
    // The default node's ABI has claim_reward: nothing is marked not verified.
    expect(await claimDialog(snap)).not.toContain('not verified');
    // Cached: asked again on the same node, the class is not read again.
    await sepolia.clearRequests();
    expect(await claimDialog(snap)).not.toContain('not verified');
    const again = (await sepolia.requests()).rpcCalls.map(
      (call) => call.method,
    );
    expect(again).not.toContain('starknet_getClass');
    expect(again).not.toContain('starknet_getClassAt');

    const page = await snap.onHomePage();
    await page
      .getInterface()
      .typeInField('node-url', `http://localhost:${other.port}/sepolia`);
    await page.getInterface().clickElement('save-node');
    expect(textOf(page.getInterface())).toContain('Saved');

    // The other node has no ABI for the class: the dapp's names are not verified.
    expect(await claimDialog(snap)).toContain('not verified');
  });
});
