/**
 * Every method per version (dapps rely on the published codes): the codes of the
 * published Wallet API
 * (starknet-specs wallet-api/wallet_rpc.json 0.7.2 and 0.8.0), checked against what the
 * adapter sent to the scripted wallet.
 */
import { describe, expect, it } from '@jest/globals';
import type { WALLET_API } from '@starknet-io/types-js';

import { createSnapnetWallet } from '../../src/client/wallet';
import type { ScriptedSnap } from './scriptedSnap';
import { createScriptedSnap, MAINNET, SEPOLIA, SNAP_ID } from './scriptedSnap';
import { ProviderRpcError } from 'snapnet/testing';

/**
 * A wallet object over a scripted snap.
 *
 * @param connected - Whether the dapp is already connected.
 * @returns The wallet and the scripted snap.
 */
function setup(connected: boolean): {
  wallet: ReturnType<typeof createSnapnetWallet>;
  snap: ScriptedSnap;
} {
  const snap = createScriptedSnap();
  snap.state.connected = connected;
  const wallet = createSnapnetWallet({
    snapId: SNAP_ID,
    provider: snap.provider,
  });
  return { wallet, snap };
}

const INVOKE: WALLET_API.RequestFnCall<'wallet_addInvokeTransaction'> = {
  type: 'wallet_addInvokeTransaction',
  params: { calls: [{ contract_address: '0x1', entry_point: 'f' }] },
};

describe('versions', () => {
  it('lists only published versions it serves, as full semver', async () => {
    const { wallet } = setup(false);
    expect(
      await wallet.request({ type: 'wallet_supportedWalletApi' }),
    ).toStrictEqual(['0.8.0', '0.7.2']);
    for (const version of ['0.9', '0.10', '0.10.3', 'x']) {
      await expect(
        wallet.request({
          type: 'wallet_getPermissions',
          params: { api_version: version as '0.9' },
        }),
      ).rejects.toMatchObject({
        code: 162,
        data: expect.stringContaining('supported: 0.8.0, 0.7.2'),
      });
    }
  });

  it('answers 163 for codes 0.7.2 does not define (116, 117)', async () => {
    const { wallet, snap } = setup(false);
    await expect(
      wallet.request({
        type: 'wallet_deploymentData',
        params: { api_version: '0.7' },
      }),
    ).rejects.toMatchObject({ code: 163, data: { code: 116 } });
    await expect(
      wallet.request({
        type: 'wallet_switchStarknetChain',
        params: { chainId: MAINNET, silent_mode: true, api_version: '0.7.2' },
      }),
    ).rejects.toMatchObject({ code: 163, data: { code: 117 } });
    await expect(
      wallet.request({
        type: 'wallet_deploymentData',
        params: { api_version: '0.8.0' },
      }),
    ).rejects.toMatchObject({ code: 116 });
    expect(snap.calls.every((call) => call === 'wallet_getSnaps')).toBe(true);
  });

  it('answers 163 for the STRK20 methods and sends nothing', async () => {
    const { wallet, snap } = setup(true);
    for (const type of [
      'wallet_strk20InvokeTransaction',
      'wallet_strk20PrepareInvoke',
      'wallet_strk20Balances',
      'wallet_strk20ShadowAccountCommitment',
    ]) {
      await expect(
        wallet.request({ type, params: { actions: [] } } as never),
      ).rejects.toMatchObject({
        code: 163,
        data: 'STRK20 is not supported by snapnet',
      });
    }
    expect(snap.calls).toStrictEqual([]);
  });
});

describe('methods', () => {
  it('refuses wallet_addInvokeTransaction with a proof (114) and sends nothing', async () => {
    const { wallet, snap } = setup(true);
    await expect(
      wallet.request({
        ...INVOKE,
        params: {
          ...INVOKE.params,
          proof: { data: ['0x1'], proof_facts: ['0x2'] },
        } as never,
      }),
    ).rejects.toMatchObject({ code: 114, data: { field: 'proof' } });
    expect(snap.calls).toStrictEqual([]);
  });

  it('answers wallet_deploymentData 116 before approval (no prompt) and for an account without data', async () => {
    const { wallet, snap } = setup(false);
    await expect(
      wallet.request({ type: 'wallet_deploymentData' }),
    ).rejects.toMatchObject({ code: 116 });
    expect(snap.calls).toStrictEqual(['wallet_getSnaps']);
    snap.state.connected = true;
    snap.answers.snapnet_getDeploymentData = new ProviderRpcError({
      code: -32602,
      message:
        'address is a legacy Cairo 0 account that is not deployed; no paymaster can deploy it (no outside execution): send a transaction from it with snapnet_executeTxn, which deploys it first',
      data: { field: 'address' },
    });
    await expect(
      wallet.request({ type: 'wallet_deploymentData' }),
    ).rejects.toMatchObject({
      code: 116,
      data: expect.stringContaining('legacy Cairo 0'),
    });
    snap.answers.snapnet_getDeploymentData = new ProviderRpcError({
      code: -32602,
      message: 'deployed',
      data: { walletRpcError: { code: 115, message: 'deployed' } },
    });
    await expect(
      wallet.request({ type: 'wallet_deploymentData' }),
    ).rejects.toMatchObject({ code: 115 });
  });

  it('switches silently only when connected: 117 before approval, no UI, no change', async () => {
    const { wallet, snap } = setup(false);
    await expect(
      wallet.request({
        type: 'wallet_switchStarknetChain',
        params: { chainId: MAINNET, silent_mode: true },
      }),
    ).rejects.toMatchObject({ code: 117 });
    expect(snap.calls).toStrictEqual(['wallet_getSnaps']);
    expect(snap.state.chainId).toBe(SEPOLIA);

    // Without silent_mode: the approve UI, then the switch.
    expect(
      await wallet.request({
        type: 'wallet_switchStarknetChain',
        params: { chainId: MAINNET },
      }),
    ).toBe(true);
    const prompts = snap.calls.filter(
      (call) =>
        call === 'wallet_requestSnaps' ||
        call === 'wallet_invokeSnap:snapnet_switchNetwork',
    );
    expect(prompts).toStrictEqual([
      'wallet_requestSnaps',
      'wallet_invokeSnap:snapnet_switchNetwork',
    ]);
    expect(snap.state.chainId).toBe(MAINNET);

    // Connected: silent_mode changes nothing, the switch dialog is still shown.
    expect(
      await wallet.request({
        type: 'wallet_switchStarknetChain',
        params: { chainId: SEPOLIA, silent_mode: true },
      }),
    ).toBe(true);
    expect(snap.params.snapnet_switchNetwork).toStrictEqual([
      { chainId: MAINNET },
      { chainId: SEPOLIA },
    ]);
  });

  it('asks for approval first for watchAsset, declare and signTypedData', async () => {
    const { wallet, snap } = setup(false);
    snap.answers.snapnet_addErc20Token = {
      address: '0x4',
      symbol: 'TKN',
      decimals: 18,
      logo: '',
    };
    expect(
      await wallet.request({
        type: 'wallet_watchAsset',
        params: { type: 'ERC20', options: { address: '0x4' } },
      }),
    ).toBe(true);
    expect(snap.calls.indexOf('wallet_requestSnaps')).toBeLessThan(
      snap.calls.indexOf('wallet_invokeSnap:snapnet_addErc20Token'),
    );
    snap.state.connected = false;
    snap.state.refuse = true;
    await expect(
      wallet.request({
        type: 'wallet_signTypedData',
        params: {
          types: { StarknetDomain: [] },
          primaryType: 'StarknetDomain',
          domain: {},
          message: {},
        },
      }),
    ).rejects.toMatchObject({ code: 113 });
    expect(snap.params.snapnet_signMessage).toBeUndefined();
  });

  it('rejects wallet_requestAccounts 163 with the wallet error when the snap cannot be installed; refusal stays []', async () => {
    const { wallet, snap } = setup(false);
    snap.state.connectError = new ProviderRpcError({
      code: -32603,
      message: 'Snap could not be installed: network error',
    });
    const error = await wallet
      .request({ type: 'wallet_requestAccounts' })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      code: 163,
      data: {
        code: -32603,
        message: expect.stringContaining('Snap could not be installed'),
      },
    });
    delete snap.state.connectError;
    snap.state.refuse = true;
    expect(
      await wallet.request({ type: 'wallet_requestAccounts' }),
    ).toStrictEqual([]);
  });

  it('accepts the results of a newer snap that adds fields', async () => {
    const { wallet, snap } = setup(false);
    snap.state.newerSnap = true;
    snap.answers.snapnet_executeTxn = { transaction_hash: '0x123' };
    expect(
      await wallet.request({ type: 'wallet_requestAccounts' }),
    ).toStrictEqual([snap.state.accounts[SEPOLIA]]);
    expect(await wallet.request({ type: 'wallet_requestChainId' })).toBe(
      SEPOLIA,
    );
    expect(await wallet.request(INVOKE)).toStrictEqual({
      transaction_hash: '0x123',
    });
    expect(
      await wallet.request({
        type: 'wallet_switchStarknetChain',
        params: { chainId: MAINNET },
      }),
    ).toBe(true);
    expect(await wallet.request({ type: 'wallet_requestChainId' })).toBe(
      MAINNET,
    );
  });
});
