/**
 * The dapp client end to end: createSnapnetClient → a provider forwarding
 * `wallet_invokeSnap` to the built snap in the snaps simulation → the verifying fake node.
 * Values are checked against the independently derived wallet and with starknet.js.
 */
import { beforeEach, describe, expect, it } from '@jest/globals';
import { ec, typedData } from 'starknet';

import type { SnapnetClient } from '../../src/client/snap';
import {
  createSnapnetClient,
  erc20TransferCall,
  formatTokenAmount,
  InvalidParamsError,
  NodeError,
  NotFoundError,
  parseTokenAmount,
  signatureToArray,
  SnapNotInstalledError,
  STARKNET_CHAIN_IDS,
  toAccountId,
  UserRejectedError,
} from '../../src/client/snap';
import { fakeNode } from '../../src/fakeNode/admin';
import { STRK } from '../../src/fakeNode/constants';
import { MAIL_REV1 } from '../fixtures/typedData';
import { expectedAccount } from '../fixtures/wallet';
import { simulatedWallet, TEST_SNAP_ID } from './helpers';
import type { SimulatedWallet } from 'snapnet/testing';

const node = fakeNode('sepolia');
const RECIPIENT = `0x0${'5'.repeat(63)}`;
const account = expectedAccount(0);

/**
 * A connected client on a freshly installed snap.
 *
 * @returns The client and the simulated wallet behind it.
 */
async function connected(): Promise<{
  client: SnapnetClient;
  wallet: SimulatedWallet;
}> {
  const wallet = await simulatedWallet();
  const client = createSnapnetClient({
    snapId: TEST_SNAP_ID,
    provider: wallet.provider,
  });
  await client.connect();
  return { client, wallet };
}

/**
 * Catches what a promise rejects with.
 *
 * @param promise - The call.
 * @returns The rejection reason.
 */
async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (value) => {
      throw new Error(`expected a rejection, got ${JSON.stringify(value)}`);
    },
    (error: unknown) => error,
  );
}

describe('snap client against the simulated snap and the fake node', () => {
  beforeEach(async () => {
    await node.reset();
  });

  it('connects, and refuses calls before that with SnapNotInstalledError', async () => {
    const wallet = await simulatedWallet();
    const client = createSnapnetClient({
      snapId: TEST_SNAP_ID,
      provider: wallet.provider,
    });
    expect(await client.isInstalled()).toBe(false);
    const early = await rejectionOf(client.getCurrentNetwork());
    expect(early).toBeInstanceOf(SnapNotInstalledError);
    expect(early).toMatchObject({ code: 4100 });
    expect(await client.connect()).toMatchObject({
      id: TEST_SNAP_ID,
      enabled: true,
    });
    expect(await client.isInstalled()).toBe(true);
    expect(await client.getCurrentNetwork()).toEqual({
      name: 'Starknet Sepolia',
      chainId: STARKNET_CHAIN_IDS.sepolia,
    });
  });

  it('creates and lists the accounts derived independently from the seed', async () => {
    const { client, wallet } = await connected();
    expect(await client.createAccount()).toEqual({ address: account.address });
    expect(
      await client.request({
        method: 'snapnet_createAccount',
        params: { addressIndex: 1 },
      }),
    ).toEqual({ address: expectedAccount(1).address });
    const listed = await client.listAccounts();
    expect(listed.map((entry) => entry.address)).toEqual([
      account.address,
      expectedAccount(1).address,
    ]);
    expect(toAccountId(STARKNET_CHAIN_IDS.sepolia, account.address)).toBe(
      `starknet:SN_SEPOLIA:${account.address}`,
    );
    // A page's scan asks the user first (its finds are given to it).
    const recovering = client.recoverAccounts({ maxScanned: 1 });
    await (await wallet.nextDialog('snapnet_recoverAccounts')).ok();
    const [recovered] = await recovering;
    expect(recovered).toMatchObject({
      address: account.address,
      publicKey: account.publicKey,
      used: false,
    });
  });

  it('signs after approval; the signature verifies with starknet.js and with the snap', async () => {
    const { client, wallet } = await connected();
    const signing = client.signMessage({
      typedDataMessage: MAIL_REV1,
      signerAddress: account.address,
    });
    await (await wallet.nextDialog('snapnet_signMessage')).ok();
    const signature = await signing;
    const [rHex, sHex] = signatureToArray(signature);
    const hash = typedData.getMessageHash(MAIL_REV1, account.address);
    expect(
      ec.starkCurve.verify(
        new ec.starkCurve.Signature(BigInt(rHex), BigInt(sHex)),
        hash,
        ec.starkCurve.getPublicKey(account.privateKey, false),
      ),
    ).toBe(true);
    expect(
      await client.verifySignedMessage({
        typedDataMessage: MAIL_REV1,
        address: account.address,
        signature: [rHex, sHex],
      }),
    ).toBe(true);
  });

  it('maps a rejected dialog to UserRejectedError with the wallet code', async () => {
    const { client, wallet } = await connected();
    const signing = rejectionOf(
      client.signMessage({
        typedDataMessage: MAIL_REV1,
        signerAddress: account.address,
      }),
    );
    await (await wallet.nextDialog('snapnet_signMessage')).cancel();
    const error = await signing;
    expect(error).toBeInstanceOf(UserRejectedError);
    expect(error).toMatchObject({
      code: 4001,
      walletCode: 113,
      method: 'snapnet_signMessage',
    });
  });

  it('names the bad field: locally before sending, and as the snap answers it', async () => {
    const { client, wallet } = await connected();
    const local = await rejectionOf(client.createAccount({ addressIndex: -1 }));
    expect(local).toBeInstanceOf(InvalidParamsError);
    expect(local).toMatchObject({ code: -32602, field: 'addressIndex' });
    expect(wallet.forwarded).toEqual([]);
    // Well-formed, but far past the wallet's accounts: only the snap knows.
    const remote = await rejectionOf(
      client.createAccount({ addressIndex: 21 }),
    );
    expect(remote).toBeInstanceOf(InvalidParamsError);
    expect(remote).toMatchObject({
      field: 'addressIndex',
      walletCode: 114,
    });
    expect(wallet.forwarded).toEqual(['snapnet_createAccount']);
  });

  it("keeps the node's code: NodeError and NotFoundError", async () => {
    const { client } = await connected();
    const missing = await rejectionOf(
      client.getTransactionStatus({ transactionHash: '0xdef' }),
    );
    expect(missing).toBeInstanceOf(NotFoundError);
    expect(missing).toMatchObject({ code: -32001, nodeCode: 29 });
    await node.fault({
      kind: 'rpcError',
      code: 63,
      message: 'node is syncing',
    });
    const failed = await rejectionOf(
      client.getErc20TokenBalance({ tokenAddress: STRK, userAddress: '0x42' }),
    );
    expect(failed).toBeInstanceOf(NodeError);
    expect(failed).toMatchObject({
      code: -32603,
      walletCode: 163,
      nodeCode: 63,
      nodeMessage: expect.stringContaining('node is syncing'),
    });
  });

  it('reads a balance and sends a transfer the node verifies, then lists it', async () => {
    await node.setBalance(STRK, account.address, parseTokenAmount('12.5', 18));
    const { client, wallet } = await connected();
    const { address } = await client.createAccount();
    const balance = await client.getErc20TokenBalance({
      tokenAddress: STRK,
      userAddress: address,
    });
    expect(formatTokenAmount(balance.balanceLatest, 18)).toBe('12.5');
    const amount = parseTokenAmount('0.25', 18);
    const sending = client.executeTxn({
      address,
      calls: [erc20TransferCall(STRK, RECIPIENT, amount)],
    });
    await (await wallet.nextDialog('snapnet_executeTxn')).ok();
    const { transaction_hash: hash } = await sending;
    // The sequencer includes what the node received (fake node: explicitly).
    await node.include();
    expect(await node.getBalance(STRK, RECIPIENT)).toBe(amount);
    const sent = await node.transactions();
    expect(sent.map((tx) => BigInt(tx.hash))).toContain(BigInt(hash));
    const records = await client.getTransactions({ senderAddress: address });
    expect(records.map((record) => BigInt(record.txnHash))).toContain(
      BigInt(hash),
    );
  });

  it('switches network after approval', async () => {
    const { client, wallet } = await connected();
    const switching = client.switchNetwork({
      chainId: STARKNET_CHAIN_IDS.mainnet,
    });
    await (await wallet.nextDialog('snapnet_switchNetwork')).ok();
    expect(await switching).toBe(true);
    expect(await client.getCurrentNetwork()).toEqual({
      name: 'Starknet Mainnet',
      chainId: STARKNET_CHAIN_IDS.mainnet,
    });
  });
});
