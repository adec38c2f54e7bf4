/**
 * `snapnet/testing` as a dapp's Node tests use it: the package's own built snap
 * (dist/) in a simulated MetaMask, pointed at a fake node this file starts, driven by
 * the real dapp client. What the snap sends is checked on the node (balances, the
 * transaction it accepted) and the account against the independent derivation.
 */
import {
  afterAll,
  afterEach,
  beforeAll,
  describe,
  expect,
  it,
} from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import {
  createSnapnetClient,
  erc20TransferCall,
  UserRejectedError,
} from '../../src/client/snap';
import { expectedAccount } from '../fixtures/wallet';
import type {
  DialogView,
  FakeStarknetNode,
  SimulatedWallet,
} from 'snapnet/testing';
import {
  createSimulatedWallet,
  ProviderRpcError,
  SNAPNET_SNAP_ID,
  startFakeStarknetNode,
  STRK,
} from 'snapnet/testing';

const account = expectedAccount(0);
const RECIPIENT = `0x0${'3'.repeat(63)}`;
const STRK_UNIT = 10n ** 18n;

let node: FakeStarknetNode;
const wallets: SimulatedWallet[] = [];

/**
 * A wallet on the fake node, closed after the test.
 *
 * @param options - Wallet options besides the node URL.
 * @returns The wallet and a connected client.
 */
async function walletOnNode(
  options: Parameters<typeof createSimulatedWallet>[0] = {},
) {
  const wallet = await createSimulatedWallet({
    nodeUrl: node.rpcUrl,
    ...options,
  });
  wallets.push(wallet);
  const client = createSnapnetClient({
    snapId: SNAPNET_SNAP_ID,
    provider: wallet.provider,
  });
  await client.connect();
  return { wallet, client };
}

/**
 * A loopback port nothing listens on.
 *
 * @returns The port.
 */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') {
    throw new Error('no port');
  }
  return address.port;
}

describe('snapnet/testing: simulated wallet on the fake node', () => {
  beforeAll(async () => {
    node = await startFakeStarknetNode({
      accounts: [{ address: account.address, strk: 5n * STRK_UNIT }],
    });
  });

  afterEach(async () => {
    await Promise.all(wallets.splice(0).map(async (wallet) => wallet.close()));
  });

  afterAll(async () => {
    await node?.close();
  });

  it('approves by policy: the snap deploys the account and sends 1 STRK the node verified', async () => {
    const { client } = await walletOnNode({ dialogs: 'approve' });
    expect(await client.createAccount()).toEqual({ address: account.address });
    const { transaction_hash: hash } = await client.executeTxn({
      address: account.address,
      calls: [erc20TransferCall(STRK, RECIPIENT, STRK_UNIT)],
    });
    // A received transaction moves funds once the sequencer includes it.
    await node.include();
    expect(await node.getBalance(STRK, RECIPIENT)).toBe(STRK_UNIT);
    const accepted = (await node.transactions()).map((tx) => BigInt(tx.hash));
    expect(accepted).toContain(BigInt(hash));
  });

  it('rejects by policy, and a callback sees the dialog text and origin', async () => {
    // A page's createAccount asks the user: the policy declines it, nothing is given.
    const rejecting = await walletOnNode({ dialogs: 'reject' });
    await expect(rejecting.client.createAccount()).rejects.toBeInstanceOf(
      UserRejectedError,
    );

    const seen: DialogView[] = [];
    const reading = await walletOnNode({
      origin: 'dapp.example',
      dialogs: (dialog) => {
        if (dialog.method === 'snapnet_createAccount') {
          // The page is given the account it signs with.
          return 'approve';
        }
        seen.push(dialog);
        return dialog.text.includes('Sign me') ? 'approve' : 'reject';
      },
    });
    expect(await reading.client.createAccount()).toEqual({
      address: account.address,
    });
    const signature = await reading.client.signMessage({
      typedDataMessage: {
        types: {
          StarknetDomain: [
            { name: 'name', type: 'shortstring' },
            { name: 'version', type: 'shortstring' },
            { name: 'chainId', type: 'shortstring' },
            { name: 'revision', type: 'shortstring' },
          ],
          Note: [{ name: 'text', type: 'string' }],
        },
        primaryType: 'Note',
        domain: {
          name: 'test',
          version: '1',
          chainId: 'SN_SEPOLIA',
          revision: '1',
        },
        message: { text: 'Sign me' },
      },
      signerAddress: account.address,
    });
    expect(signature.length).toBeGreaterThan(0);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      method: 'snapnet_signMessage',
      origin: 'dapp.example',
      type: 'confirmation',
    });
    expect(seen[0]?.text).toContain('dapp.example');
    // The policy rejects what it does not approve.
    await expect(
      reading.client.executeTxn({
        address: account.address,
        calls: [erc20TransferCall(STRK, RECIPIENT, STRK_UNIT)],
      }),
    ).rejects.toBeInstanceOf(UserRejectedError);
    expect(seen).toHaveLength(2);

    const broken = await walletOnNode({
      dialogs: () => {
        throw new Error('the policy broke');
      },
    });
    // The page's first dialog (its createAccount) meets the broken policy.
    await expect(broken.client.createAccount()).rejects.toThrow(
      'the policy broke',
    );
  });

  it('answers as MetaMask: 4100 before connecting, 4900 once closed', async () => {
    const wallet = await createSimulatedWallet({ nodeUrl: node.rpcUrl });
    wallets.push(wallet);
    const invoke = {
      method: 'wallet_invokeSnap',
      params: {
        snapId: SNAPNET_SNAP_ID,
        request: { method: 'snapnet_getCurrentNetwork' },
      },
    };
    await expect(wallet.provider.request(invoke)).rejects.toMatchObject({
      code: 4100,
    });
    expect(
      await wallet.provider.request({
        method: 'wallet_requestSnaps',
        params: { [SNAPNET_SNAP_ID]: {} },
      }),
    ).toMatchObject({ [SNAPNET_SNAP_ID]: { enabled: true } });
    expect(await wallet.provider.request(invoke)).toMatchObject({
      chainId: '0x534e5f5345504f4c4941',
    });
    await wallet.close();
    const closed = await wallet.provider
      .request(invoke)
      .catch((error) => error);
    expect(closed).toBeInstanceOf(ProviderRpcError);
    expect(closed).toMatchObject({ code: 4900 });
  });

  it('seeds funded accounts, and closes the node when seeding fails', async () => {
    expect(await node.getBalance(STRK, account.address)).toBeGreaterThan(0n);
    const port = await freePort();
    await expect(
      startFakeStarknetNode({
        port,
        accounts: [{ address: 'not a felt', strk: 1n }],
      }),
    ).rejects.toThrow(/address must be a felt/u);
    // The port is free again: nothing was left listening.
    const again = await startFakeStarknetNode({ port });
    await again.close();
  });

  it('names the command to run when the snap folder is not built', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'snapnet-unbuilt-'));
    try {
      await expect(
        createSimulatedWallet({ snapFolder: empty }),
      ).rejects.toThrow(/pass the built snap's folder/u);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
