/**
 * snapnet/wallet with its real consumer: starknet.js `WalletAccount` drives the adapter,
 * which talks through a simulated MetaMask to the built snap in the snaps simulation, on
 * the verifying fake node. Dialogs are approved from here; what comes back is checked
 * against the independently derived wallet and starknet.js.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { TypedData } from 'starknet';
import { ec, hash, RpcProvider, typedData, WalletAccount } from 'starknet';

import type { SnapnetWallet } from '../../src/client/wallet';
import { createSnapnetWallet } from '../../src/client/wallet';
import { fakeNode } from '../../src/fakeNode/admin';
import { STRK } from '../../src/fakeNode/constants';
import { MINIMAL_SIERRA } from '../fixtures/sierra';
import { MAIL_REV1 } from '../fixtures/typedData';
import { expectedAccount, hex64, MAINNET, SEPOLIA } from '../fixtures/wallet';
import {
  approveConnect,
  simulatedWallet,
  TEST_SNAP_ID,
  textOf,
} from './helpers';
import type { SimulatedWallet } from 'snapnet/testing';

const node = fakeNode('sepolia');
const account = expectedAccount(0);

let opened: SnapnetWallet[] = [];

/**
 * A fresh snap behind a simulated MetaMask, and the adapter on it.
 *
 * @returns The adapter and the simulated wallet.
 */
async function adapter(): Promise<{
  wallet: SnapnetWallet;
  simulated: SimulatedWallet;
}> {
  const simulated = await simulatedWallet();
  const wallet = createSnapnetWallet({
    snapId: TEST_SNAP_ID,
    provider: simulated.provider,
    pollIntervalMs: 1000,
  });
  opened.push(wallet);
  return { wallet, simulated };
}

/**
 * `WalletAccount.connect` over the adapter, on a deployed, funded account 0.
 *
 * @returns The account, the adapter and the simulated wallet.
 */
async function connected(): Promise<{
  walletAccount: WalletAccount;
  wallet: SnapnetWallet;
  simulated: SimulatedWallet;
}> {
  await node.deployAccount({ publicKey: account.publicKey });
  await node.setBalance(STRK, account.address, 10n ** 20n);
  const { wallet, simulated } = await adapter();
  const provider = new RpcProvider({ nodeUrl: node.rpcUrl });
  // The user gives the page account 0 in the connect dialog.
  const walletAccount = await approveConnect(
    simulated,
    WalletAccount.connect(provider, wallet),
  );
  return { walletAccount, wallet, simulated };
}

describe('starknet.js WalletAccount on snapnet/wallet', () => {
  beforeEach(async () => {
    await node.reset();
  });

  afterEach(() => {
    opened.forEach((wallet) => wallet.dispose());
    opened = [];
  });

  it('connects to the account the user gives in the connect dialog', async () => {
    const { walletAccount, wallet } = await connected();
    expect(walletAccount.address).toBe(account.address);
    expect(await walletAccount.getPermissions()).toStrictEqual(['accounts']);
    expect(await walletAccount.requestAccounts(true)).toStrictEqual([
      account.address,
    ]);
    expect(await wallet.request({ type: 'wallet_requestChainId' })).toBe(
      SEPOLIA,
    );
  });

  it('executes a transfer with bigint calldata that the node accepts', async () => {
    const { walletAccount, simulated } = await connected();
    const recipient = `0x0${'7'.repeat(63)}`;
    const pending = walletAccount.execute({
      contractAddress: STRK,
      entrypoint: 'transfer',
      calldata: [BigInt(recipient), 125n * 10n ** 16n, 0n],
    });
    const dialog = await simulated.nextDialog('snapnet_executeTxn');
    expect(textOf(dialog)).toContain('transfer');
    await dialog.ok();
    const { transaction_hash: txHash } = await pending;
    // The sequencer includes what the node received (fake node: explicitly).
    await node.include();
    expect(await node.getBalance(STRK, recipient)).toBe(125n * 10n ** 16n);
    const [sent] = await node.transactions();
    expect(BigInt(sent?.hash ?? 0)).toBe(BigInt(txHash));
  });

  it('refuses with USER_REFUSED_OP when the user cancels', async () => {
    const { walletAccount, simulated } = await connected();
    const pending = walletAccount.execute({
      contractAddress: STRK,
      entrypoint: 'transfer',
      calldata: [1n, 1n, 0n],
    });
    await (await simulated.nextDialog('snapnet_executeTxn')).cancel();
    await expect(pending).rejects.toMatchObject({
      code: 113,
      message: 'An error occurred (USER_REFUSED_OP)',
    });
    expect(await node.transactions()).toStrictEqual([]);
  });

  it('declares, the class hash equal in value to the one computed here', async () => {
    const { walletAccount, simulated } = await connected();
    const classHash = BigInt(hash.computeContractClassHash(MINIMAL_SIERRA));
    const pending = walletAccount.declare({
      contract: MINIMAL_SIERRA,
      compiledClassHash: '0x0123',
    });
    await (await simulated.nextDialog('snapnet_declareContract')).ok();
    const result = await pending;
    expect(BigInt(result.class_hash)).toBe(classHash);
    const [sent] = await node.transactions();
    expect(sent).toMatchObject({ type: 'DECLARE' });
    expect(BigInt(sent?.classHash ?? 0)).toBe(classHash);
    expect(BigInt(sent?.hash ?? 0)).toBe(BigInt(result.transaction_hash));
  });

  it('takes a given class hash written differently (no padding, upper case)', async () => {
    const { wallet, simulated } = await connected();
    const classHash = BigInt(hash.computeContractClassHash(MINIMAL_SIERRA));
    const pending = wallet.request({
      type: 'wallet_addDeclareTransaction',
      params: {
        compiled_class_hash: '0x123',
        class_hash: `0x${classHash.toString(16).toUpperCase()}`,
        contract_class: {
          ...MINIMAL_SIERRA,
          abi: JSON.stringify(MINIMAL_SIERRA.abi),
        },
      },
    });
    await (await simulated.nextDialog('snapnet_declareContract')).ok();
    expect(BigInt((await pending).class_hash)).toBe(classHash);
  });

  it('signs typed data; the [r, s] signature verifies with starknet.js', async () => {
    const { walletAccount, simulated } = await connected();
    const pending = walletAccount.signMessage(MAIL_REV1);
    await (await simulated.nextDialog('snapnet_signMessage')).ok();
    const signature = await pending;
    expect(Array.isArray(signature)).toBe(true);
    const [rHex, sHex] = signature;
    expect(rHex).toMatch(/^0x[0-9a-f]+$/u);
    expect(
      ec.starkCurve.verify(
        new ec.starkCurve.Signature(BigInt(rHex ?? 0), BigInt(sHex ?? 0)),
        typedData.getMessageHash(MAIL_REV1 as TypedData, account.address),
        ec.starkCurve.getPublicKey(account.privateKey, false),
      ),
    ).toBe(true);
  });

  it('switches chain with networkChanged, and watches an asset', async () => {
    const { walletAccount, wallet, simulated } = await connected();
    expect(await walletAccount.switchStarknetChain(SEPOLIA)).toBe(true);
    const changes: [string | undefined, string[] | undefined][] = [];
    wallet.on('networkChanged', (chainId, accounts) =>
      changes.push([chainId, accounts]),
    );
    const switching = walletAccount.switchStarknetChain(MAINNET);
    await (await simulated.nextDialog('snapnet_switchNetwork')).ok();
    expect(await switching).toBe(true);
    expect(changes).toStrictEqual([[MAINNET, undefined]]);
    expect(await wallet.request({ type: 'wallet_requestChainId' })).toBe(
      MAINNET,
    );
    const back = walletAccount.switchStarknetChain(SEPOLIA);
    await (await simulated.nextDialog('snapnet_switchNetwork')).ok();
    expect(await back).toBe(true);
    expect(changes.at(-1)).toStrictEqual([SEPOLIA, [account.address]]);

    const token = hex64('0x0abc1');
    await node.addToken({
      address: token,
      name: 'Wallet Test Token',
      symbol: 'WTT',
      decimals: 6,
    });
    const watching = walletAccount.watchAsset({
      type: 'ERC20',
      options: { address: token },
    });
    const dialog = await simulated.nextDialog('snapnet_addErc20Token');
    expect(textOf(dialog)).toContain('WTT');
    await dialog.ok();
    expect(await watching).toBe(true);
  });

  it('gives deployment data of an undeployed account, and 115 once deployed', async () => {
    const { wallet, simulated } = await adapter();
    await approveConnect(
      simulated,
      wallet.request({ type: 'wallet_requestAccounts' }),
    );
    const data = await wallet.request({ type: 'wallet_deploymentData' });
    expect(data).toMatchObject({ address: account.address, version: 1 });
    expect(
      hex64(
        hash.calculateContractAddressFromHash(
          data.salt,
          data.class_hash,
          data.calldata,
          0,
        ),
      ),
    ).toBe(account.address);
    await node.deployAccount({ publicKey: account.publicKey });
    await expect(
      wallet.request({ type: 'wallet_deploymentData' }),
    ).rejects.toMatchObject({
      code: 115,
      message: 'An error occurred (ACCOUNT_ALREADY_DEPLOYED)',
    });
  });
});
