import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'fs';
import { resolve } from 'path';

import {
  createSnapnetWallet,
  SNAPNET_ICON,
  StarknetWalletApiError,
} from '../../src/client/wallet';
import type { ScriptedSnap } from './scriptedSnap';
import { createScriptedSnap, MAINNET, SEPOLIA, SNAP_ID } from './scriptedSnap';
import { ProviderRpcError } from 'snapnet/testing';

/**
 * A wallet object over a scripted snap.
 *
 * @param connected - Whether the dapp is already connected.
 * @returns The wallet and the scripted snap.
 */
function setup(connected = false): {
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

/**
 * What a request rejects with.
 *
 * @param promise - The request.
 * @returns The rejection.
 */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (value) => {
      throw new Error(`expected a rejection, got ${JSON.stringify(value)}`);
    },
    (error: unknown) => error,
  );
}

const PROMPTING = new Set(['wallet_requestSnaps']);

describe('createSnapnetWallet', () => {
  it('is a StarknetWindowObject with its own id and the snap icon', () => {
    const { wallet } = setup();
    expect(wallet.id).toBe('snapnet');
    expect(wallet.id).not.toBe('metamask');
    expect(typeof wallet.name).toBe('string');
    const svg = readFileSync(
      resolve(__dirname, '../../images/icon.svg'),
      'utf8',
    );
    expect(SNAPNET_ICON).toBe(
      `data:image/svg+xml;base64,${Buffer.from(svg.trim()).toString('base64')}`,
    );
    expect(wallet.icon).toBe(SNAPNET_ICON);
  });

  it('answers the never-prompt methods before connection without prompting', async () => {
    const { wallet, snap } = setup();
    expect(
      await wallet.request({ type: 'wallet_getPermissions' }),
    ).toStrictEqual([]);
    expect(
      await wallet.request({
        type: 'wallet_requestAccounts',
        params: { silent_mode: true },
      }),
    ).toStrictEqual([]);
    expect(await wallet.request({ type: 'wallet_requestChainId' })).toBe(
      SEPOLIA,
    );
    expect(await wallet.request({ type: 'wallet_supportedSpecs' })).toContain(
      '0.10',
    );
    expect(
      await wallet.request({ type: 'wallet_supportedWalletApi' }),
    ).toStrictEqual(['0.8.0', '0.7.2']);
    expect(snap.calls.filter((call) => PROMPTING.has(call))).toStrictEqual([]);
    expect(snap.calls.every((call) => call === 'wallet_getSnaps')).toBe(true);
  });

  it('connects on wallet_requestAccounts and reports the current account', async () => {
    const { wallet, snap } = setup();
    const accounts = await wallet.request({ type: 'wallet_requestAccounts' });
    expect(accounts).toStrictEqual([snap.state.accounts[SEPOLIA]]);
    expect(snap.calls).toContain('wallet_requestSnaps');
    expect(snap.params.snapnet_getCurrentAccount).toStrictEqual([
      { create: true },
    ]);
    expect(
      await wallet.request({ type: 'wallet_getPermissions' }),
    ).toStrictEqual(['accounts']);
  });

  it('answers [] when the user refuses the connection', async () => {
    const { wallet, snap } = setup();
    snap.state.refuse = true;
    expect(
      await wallet.request({ type: 'wallet_requestAccounts' }),
    ).toStrictEqual([]);
    expect(
      await wallet.request({ type: 'wallet_getPermissions' }),
    ).toStrictEqual([]);
  });

  it('normalises calldata (hex, decimal, numbers, bigints) into felts', async () => {
    const { wallet, snap } = setup(true);
    snap.answers.snapnet_executeTxn = { transaction_hash: '0x123' };
    const result = await wallet.request({
      type: 'wallet_addInvokeTransaction',
      params: {
        calls: [
          {
            contract_address: '0x49d',
            entry_point: 'transfer',
            // Dapps pass what starknet.js lets them: the type says strings only.
            calldata: ['0x0A', '11', 12, 13n] as unknown as string[],
          },
        ],
      },
    });
    expect(result).toStrictEqual({ transaction_hash: '0x123' });
    const felt = (value: number): string =>
      `0x${value.toString(16).padStart(64, '0')}`;
    expect(snap.params.snapnet_executeTxn).toStrictEqual([
      {
        address: snap.state.accounts[SEPOLIA],
        chainId: SEPOLIA,
        calls: [
          {
            contractAddress: '0x49d',
            entrypoint: 'transfer',
            calldata: [felt(10), felt(11), felt(12), felt(13)],
          },
        ],
      },
    ]);
  });

  it.each([
    ['a negative number', -1],
    ['text', 'ten'],
    ['a value above the field prime', `0x${'f'.repeat(64)}`],
  ])(
    'refuses calldata with %s as INVALID_REQUEST_PAYLOAD',
    async (_label, item) => {
      const { wallet, snap } = setup(true);
      const error = await rejection(
        wallet.request({
          type: 'wallet_addInvokeTransaction',
          params: {
            calls: [
              {
                contract_address: '0x1',
                entry_point: 'f',
                calldata: [item] as unknown as string[],
              },
            ],
          },
        }),
      );
      expect(error).toMatchObject({
        code: 114,
        message: 'An error occurred (INVALID_REQUEST_PAYLOAD)',
      });
      expect(snap.params.snapnet_executeTxn).toBeUndefined();
    },
  );

  it('maps snap refusals and codes onto the wallet API', async () => {
    const { wallet, snap } = setup(true);
    snap.answers.snapnet_executeTxn = new ProviderRpcError({
      code: 4001,
      message: 'User rejected the request.',
    });
    const refused = await rejection(
      wallet.request({
        type: 'wallet_addInvokeTransaction',
        params: { calls: [{ contract_address: '0x1', entry_point: 'f' }] },
      }),
    );
    expect(refused).toBeInstanceOf(StarknetWalletApiError);
    expect(refused).toMatchObject({
      code: 113,
      message: 'An error occurred (USER_REFUSED_OP)',
    });
    snap.answers.snapnet_addErc20Token = new ProviderRpcError({
      code: -32602,
      message: 'not an ERC-20',
      data: {
        walletRpcError: { code: 111, message: 'An error occurred (NOT_ERC20)' },
      },
    });
    const notErc20 = await rejection(
      wallet.request({
        type: 'wallet_watchAsset',
        params: { type: 'ERC20', options: { address: '0x1234' } },
      }),
    );
    expect(notErc20).toMatchObject({
      code: 111,
      message: 'An error occurred (NOT_ERC20)',
    });
  });

  it('refuses other asset types, unknown methods and api versions', async () => {
    const { wallet } = setup(true);
    await expect(
      wallet.request({
        type: 'wallet_watchAsset',
        params: { type: 'ERC721', options: { address: '0x1' } } as never,
      }),
    ).rejects.toMatchObject({ code: 114 });
    await expect(
      wallet.request({ type: 'wallet_doSomething' } as never),
    ).rejects.toMatchObject({
      code: 163,
      message: 'An error occurred (UNKNOWN_ERROR)',
    });
    await expect(
      wallet.request({
        type: 'wallet_getPermissions',
        params: { api_version: '0.5' },
      }),
    ).rejects.toMatchObject({
      code: 162,
      message: 'An error occurred (API_VERSION_NOT_SUPPORTED)',
    });
    expect(
      await wallet.request({
        type: 'wallet_getPermissions',
        params: { api_version: '0.8.1' },
      }),
    ).toStrictEqual(['accounts']);
  });

  it('splits the signature into [r, s] hex felts', async () => {
    const { wallet, snap } = setup(true);
    const sigR = `0x${'1'.repeat(63)}2`;
    const sigS = `0x0${'3'.repeat(63)}`;
    snap.answers.snapnet_signMessage = `${sigR}${sigS.slice(2)}`;
    const typedData = {
      types: { StarknetDomain: [] },
      primaryType: 'StarknetDomain',
      domain: {},
      message: {},
    };
    expect(
      await wallet.request({ type: 'wallet_signTypedData', params: typedData }),
    ).toStrictEqual([sigR, sigS]);
    expect(snap.params.snapnet_signMessage?.[0]).toMatchObject({
      typedDataMessage: typedData,
    });
  });

  it('switches chains: true when current, 113 when refused, 112 when unknown; adds only listed chains', async () => {
    const { wallet, snap } = setup(true);
    expect(
      await wallet.request({
        type: 'wallet_switchStarknetChain',
        params: { chainId: SEPOLIA },
      }),
    ).toBe(true);
    expect(snap.params.snapnet_switchNetwork).toBeUndefined();
    snap.answers.snapnet_switchNetwork = false;
    await expect(
      wallet.request({
        type: 'wallet_switchStarknetChain',
        params: { chainId: MAINNET },
      }),
    ).rejects.toMatchObject({ code: 113 });
    await expect(
      wallet.request({
        type: 'wallet_switchStarknetChain',
        params: { chainId: '0x1' },
      }),
    ).rejects.toMatchObject({ code: 112 });
    expect(
      await wallet.request({
        type: 'wallet_addStarknetChain',
        params: { id: 'mainnet', chain_id: MAINNET, chain_name: 'Starknet' },
      }),
    ).toBe(true);
    await expect(
      wallet.request({
        type: 'wallet_addStarknetChain',
        params: { id: 'x', chain_id: '0x1', chain_name: 'Other' },
      }),
    ).rejects.toMatchObject({
      code: 163,
      data: 'snapnet serves SN_MAIN and SN_SEPOLIA and cannot add networks',
    });
    await expect(
      wallet.request({
        type: 'wallet_addStarknetChain',
        params: { id: 'x', chain_id: 'SN_OTHER', chain_name: 'Other' },
      }),
    ).rejects.toMatchObject({ code: 114, data: { field: 'chain_id' } });
    await expect(
      wallet.request({
        type: 'wallet_addStarknetChain',
        params: { id: 'x', chain_id: MAINNET } as never,
      }),
    ).rejects.toMatchObject({ code: 114, data: { field: 'chain_name' } });
  });

  it('passes declare class hashes to the snap, which compares them as numbers', async () => {
    const { wallet, snap } = setup(true);
    snap.answers.snapnet_declareContract = {
      transaction_hash: '0x5',
      class_hash: `0x${'0'.repeat(60)}abcd`,
    };
    const contractClass = {
      sierra_program: ['0x1'],
      contract_class_version: '0.1.0',
      entry_points_by_type: { EXTERNAL: [], L1_HANDLER: [], CONSTRUCTOR: [] },
      abi: '[]',
    };
    expect(
      await wallet.request({
        type: 'wallet_addDeclareTransaction',
        params: {
          compiled_class_hash: '0x7',
          class_hash: '0xABCD',
          contract_class: contractClass,
        },
      }),
    ).toStrictEqual({
      transaction_hash: '0x5',
      class_hash: `0x${'0'.repeat(60)}abcd`,
    });
    expect(snap.params.snapnet_declareContract?.[0]).toMatchObject({
      contractPayload: {
        contract: contractClass,
        // As given: the snap reads both as numbers (test/e2e/walletAccount.test.ts).
        compiledClassHash: '0x7',
        classHash: '0xABCD',
      },
    });
  });
});
