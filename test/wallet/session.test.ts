/**
 * One chain per dapp session (a dapp acts on the chain it saw): the first look after
 * connecting is not a
 * change, every snap call made for the dapp carries the session's chain, and a change
 * made elsewhere is told to the dapp before it is followed.
 */
import { describe, expect, it, jest } from '@jest/globals';

import { createSnapnetWallet } from '../../src/client/wallet';
import type { ScriptedSnap } from './scriptedSnap';
import { createScriptedSnap, MAINNET, SEPOLIA, SNAP_ID } from './scriptedSnap';

/**
 * A wallet object over a scripted snap currently on `chainId`, with listeners.
 *
 * @param chainId - The snap's current network.
 * @param connected - Whether the dapp is already connected (a reload).
 * @returns The wallet, the snap and the listeners.
 */
function setup(
  chainId: string,
  connected: boolean,
): {
  wallet: ReturnType<typeof createSnapnetWallet>;
  snap: ScriptedSnap;
  network: jest.Mock;
  accounts: jest.Mock;
} {
  const snap = createScriptedSnap();
  snap.state.chainId = chainId;
  snap.state.connected = connected;
  const wallet = createSnapnetWallet({
    snapId: SNAP_ID,
    provider: snap.provider,
  });
  const network = jest.fn();
  const accounts = jest.fn();
  wallet.on('networkChanged', network);
  wallet.on('accountsChanged', accounts);
  return { wallet, snap, network, accounts };
}

describe('the session chain', () => {
  it.each([
    ['connecting', false, {}],
    ['silently reconnecting after a reload', true, { silent_mode: true }],
  ])(
    'raises no event when %s while the snap is on mainnet',
    async (_label, connected, params) => {
      const { wallet, snap, network, accounts } = setup(MAINNET, connected);
      expect(
        await wallet.request({ type: 'wallet_requestAccounts', params }),
      ).toStrictEqual([snap.state.accounts[MAINNET]]);
      expect(await wallet.request({ type: 'wallet_requestChainId' })).toBe(
        MAINNET,
      );
      expect(network).not.toHaveBeenCalled();
      expect(accounts).not.toHaveBeenCalled();
      wallet.dispose();
    },
  );

  it('carries the session chain on every snap call while the snap was switched elsewhere', async () => {
    const { wallet, snap, network } = setup(MAINNET, false);
    await wallet.request({ type: 'wallet_requestAccounts' });
    snap.state.chainId = SEPOLIA; // another dapp, not yet seen by this one
    snap.answers.snapnet_executeTxn = { transaction_hash: '0x1' };
    snap.answers.snapnet_getDeploymentData = {
      address: '0x1',
      class_hash: '0x2',
      salt: '0x3',
      calldata: [],
      version: 1,
    };
    snap.answers.snapnet_signMessage = `0x${'1'.repeat(64)}${'2'.repeat(64)}`;
    snap.answers.snapnet_addErc20Token = {
      address: '0x4',
      symbol: 'TKN',
      decimals: 18,
      logo: '',
    };
    snap.answers.snapnet_declareContract = {
      transaction_hash: '0x5',
      class_hash: '0x6',
    };
    await wallet.request({
      type: 'wallet_addInvokeTransaction',
      params: { calls: [{ contract_address: '0x1', entry_point: 'f' }] },
    });
    await wallet.request({ type: 'wallet_deploymentData' });
    await wallet.request({
      type: 'wallet_signTypedData',
      params: {
        types: { StarknetDomain: [] },
        primaryType: 'StarknetDomain',
        domain: {},
        message: {},
      },
    });
    await wallet.request({
      type: 'wallet_watchAsset',
      params: { type: 'ERC20', options: { address: '0x4' } },
    });
    await wallet.request({
      type: 'wallet_addDeclareTransaction',
      params: {
        compiled_class_hash: '0x7',
        contract_class: {
          sierra_program: ['0x1'],
          contract_class_version: '0.1.0',
          entry_points_by_type: {
            EXTERNAL: [],
            L1_HANDLER: [],
            CONSTRUCTOR: [],
          },
          abi: '[]',
        },
      },
    });
    const sent = [
      'snapnet_executeTxn',
      'snapnet_getDeploymentData',
      'snapnet_signMessage',
      'snapnet_addErc20Token',
      'snapnet_declareContract',
    ].map((method) => snap.params[method]?.[0]?.chainId);
    expect(sent).toStrictEqual(Array(5).fill(MAINNET));
    const accountLooks = snap.params.snapnet_getCurrentAccount ?? [];
    expect(accountLooks.slice(1).map((params) => params.chainId)).toStrictEqual(
      Array(accountLooks.length - 1).fill(MAINNET),
    );
    expect(snap.params.snapnet_executeTxn?.[0]).toMatchObject({
      address: snap.state.accounts[MAINNET],
    });
    expect(network).not.toHaveBeenCalled();

    // Found by wallet_requestChainId: told, then followed.
    expect(await wallet.request({ type: 'wallet_requestChainId' })).toBe(
      SEPOLIA,
    );
    expect(network).toHaveBeenCalledWith(SEPOLIA, [
      snap.state.accounts[SEPOLIA],
    ]);
    await wallet.request({
      type: 'wallet_addInvokeTransaction',
      params: { calls: [{ contract_address: '0x1', entry_point: 'f' }] },
    });
    expect(snap.params.snapnet_executeTxn?.[1]).toMatchObject({
      chainId: SEPOLIA,
      address: snap.state.accounts[SEPOLIA],
    });
    wallet.dispose();
  });

  it('answers wallet_requestChainId before approval with the last chain seen, else Sepolia', async () => {
    const { wallet, snap } = setup(MAINNET, false);
    expect(await wallet.request({ type: 'wallet_requestChainId' })).toBe(
      SEPOLIA,
    );
    expect(snap.calls).toStrictEqual(['wallet_getSnaps']);
  });
});
