import { beforeEach, describe, expect, it } from '@jest/globals';
import { installSnap } from '@metamask/snaps-jest';

import { fakeNode } from '../../src/fakeNode/admin';
import { STRK } from '../../src/fakeNode/constants';
import { MAINNET, SEPOLIA, expectedAccount, hex64 } from '../fixtures/wallet';
import {
  confirmationOf,
  errorOf,
  expectInvalidField,
  installSnapnet,
  resultOf,
  textOf,
} from './helpers';

const sepolia = fakeNode('sepolia');
const mainnet = fakeNode('mainnet');
const ETH =
  '0x049d36570d4e46f48e99674bd3fcc84644ddd6b96f7c741b1562b82f9e004dc7';
const TOKEN = '0x777';
const account = expectedAccount(0).address;

/** The preloaded Sepolia list as getStoredErc20Tokens returns it. */
const PRELOADED = [
  { address: ETH, symbol: 'ETH', decimals: 18, logo: '' },
  { address: STRK, symbol: 'STRK', decimals: 18, logo: '' },
];

const claims = {
  chainId: SEPOLIA,
  tokenAddress: TOKEN,
  tokenName: 'Seven Token',
  tokenSymbol: 'SVN',
  tokenDecimals: 2,
};

describe('snapnet_addErc20Token', () => {
  beforeEach(async () => {
    await sepolia.reset();
    await mainnet.reset();
    await sepolia.addToken({
      address: TOKEN,
      name: 'Seven Token',
      symbol: 'SVN',
      decimals: 2,
    });
  });

  it('checks the contract in one batch, asks the user, then lists the token', async () => {
    const { request } = await installSnapnet();
    await sepolia.clearRequests();
    const pending = request({
      method: 'snapnet_addErc20Token',
      params: { ...claims, address: account },
    });
    const ui = await confirmationOf(pending);
    const text = textOf(ui);
    expect(text).toContain('Add token');
    expect(text).toContain('metamask.io asks to add this token');
    expect(text).toContain('Seven Token');
    expect(text).toContain('SVN');
    expect(text).toContain(hex64(TOKEN));
    expect(text).toContain(account);
    expect(text).toContain('Starknet Sepolia');
    expect(text).not.toContain('Check this token');
    const traffic = await sepolia.requests();
    expect(traffic.httpRequests).toBe(1);
    // The first request of the run to the node also reads its RPC version.
    expect(traffic.rpcCalls.map((call) => call.method)).toEqual([
      'starknet_specVersion',
      'starknet_call',
      'starknet_call',
      'starknet_call',
    ]);

    await ui.ok();
    const added = {
      address: hex64(TOKEN),
      symbol: 'SVN',
      decimals: 2,
      logo: '',
    };
    expect(resultOf(await pending)).toEqual(added);
    expect(
      resultOf(await request({ method: 'snapnet_getStoredErc20Tokens' })),
    ).toEqual([...PRELOADED, added]);
  });

  it('reads decimals from the contract when omitted, and accepts them as a string', async () => {
    await sepolia.addToken({
      address: '0x999',
      name: 'Six',
      symbol: 'SIX',
      decimals: 6,
    });
    const { request } = await installSnapnet();
    const { tokenDecimals, ...withoutDecimals } = claims;
    expect(tokenDecimals).toBe(2);
    const omitted = request({
      method: 'snapnet_addErc20Token',
      params: withoutDecimals,
    });
    await (await confirmationOf(omitted)).ok();
    expect(resultOf(await omitted)).toMatchObject({ decimals: 2 });

    const asString = request({
      method: 'snapnet_addErc20Token',
      params: {
        ...claims,
        tokenAddress: '0x999',
        tokenName: 'Six',
        tokenSymbol: 'SIX',
        tokenDecimals: '6',
      },
    });
    const ui = await confirmationOf(asString);
    expect(textOf(ui)).not.toContain('Check this token');
    await ui.ok();
    expect(resultOf(await asString)).toEqual({
      address: hex64('0x999'),
      symbol: 'SIX',
      decimals: 6,
      logo: '',
    });
  });

  it('refuses a claim the contract contradicts, naming the field: the chain wins', async () => {
    const { request } = await installSnapnet();
    for (const [claim, field, said] of [
      [{ tokenDecimals: '18' }, 'tokenDecimals', '2'],
      [{ tokenSymbol: 'SEVEN' }, 'tokenSymbol', '"SVN"'],
      [{ tokenName: 'Eight Token' }, 'tokenName', '"Seven Token"'],
    ] as const) {
      const refused = await request({
        method: 'snapnet_addErc20Token',
        params: { ...claims, ...claim },
      });
      expectInvalidField(refused, field);
      expect(errorOf(refused).message).toContain(`answers ${said}`);
    }
    expect(
      resultOf(await request({ method: 'snapnet_getStoredErc20Tokens' })),
    ).toEqual(PRELOADED);
  });

  it('warns when the contract is not an ERC-20, and needs decimals then', async () => {
    await sepolia.addContract({
      address: '0x5555',
      functions: { get_owner: ['0x1'] },
    });
    const { request } = await installSnapnet();
    const pending = request({
      method: 'snapnet_addErc20Token',
      params: { ...claims, tokenAddress: '0x5555' },
    });
    const ui = await confirmationOf(pending);
    expect(textOf(ui)).toContain(
      'The contract does not answer symbol() and decimals() like an ERC-20 token.',
    );
    await ui.ok();
    expect(resultOf(await pending)).toMatchObject({
      address: hex64('0x5555'),
      decimals: 2,
    });

    const { tokenDecimals: _omit, ...withoutDecimals } = claims;
    const error = errorOf(
      await request({
        method: 'snapnet_addErc20Token',
        params: { ...withoutDecimals, tokenAddress: '0x6666' },
      }),
    );
    expect(error.data).toMatchObject({ walletRpcError: { code: 111 } });
    await sepolia.addContract({ address: '0x6666', functions: {} });
    const noDecimals = errorOf(
      await request({
        method: 'snapnet_addErc20Token',
        params: { ...withoutDecimals, tokenAddress: '0x6666' },
      }),
    );
    expect(noDecimals.code).toBe(-32602);
    expect(noDecimals.message).toContain('tokenDecimals');
    expect(noDecimals.data).toMatchObject({
      field: 'tokenAddress',
      walletRpcError: { code: 111 },
    });
  });

  it('answers wallet code 111 when no contract exists at the address', async () => {
    const { request } = await installSnapnet();
    const error = errorOf(
      await request({
        method: 'snapnet_addErc20Token',
        params: { ...claims, tokenAddress: '0x4242' },
      }),
    );
    expect(error.code).toBe(-32602);
    expect(error.message).toContain('has no contract on Starknet Sepolia');
    expect(error.data).toMatchObject({
      field: 'tokenAddress',
      walletRpcError: { code: 111 },
      node: { code: 20 },
    });
    expect(
      resultOf(await request({ method: 'snapnet_getStoredErc20Tokens' })),
    ).toEqual(PRELOADED);
  });

  it('answers 4001 and lists nothing when the user rejects', async () => {
    const { request } = await installSnapnet();
    const pending = request({
      method: 'snapnet_addErc20Token',
      params: claims,
    });
    await (await confirmationOf(pending)).cancel();
    const error = errorOf(await pending);
    expect(error.code).toBe(4001);
    expect(error.data).toMatchObject({ walletRpcError: { code: 113 } });
    expect(
      resultOf(await request({ method: 'snapnet_getStoredErc20Tokens' })),
    ).toEqual(PRELOADED);
  });

  it('returns a listed token as stored: no dialog, no duplicate, preloaded ones never replaced', async () => {
    const { request } = await installSnapnet();
    const first = request({ method: 'snapnet_addErc20Token', params: claims });
    await (await confirmationOf(first)).ok();
    const stored = resultOf(await first);

    await sepolia.clearRequests();
    const again = await request({
      method: 'snapnet_addErc20Token',
      params: { ...claims, tokenAddress: hex64(TOKEN), tokenSymbol: 'OTHER' },
    });
    expect(resultOf(again)).toEqual(stored);
    const preloaded = await request({
      method: 'snapnet_addErc20Token',
      params: {
        ...claims,
        tokenAddress: STRK.toUpperCase().replace('0X', '0x'),
        tokenSymbol: 'FAKE',
        tokenDecimals: 6,
      },
    });
    expect(resultOf(preloaded)).toEqual(PRELOADED[1]);
    expect((await sepolia.requests()).httpRequests).toBe(0);
    expect(
      resultOf(await request({ method: 'snapnet_getStoredErc20Tokens' })),
    ).toEqual([...PRELOADED, stored]);
  });

  it('leaves getErc20TokenBalance working for listed and unlisted tokens', async () => {
    await sepolia.setBalance(TOKEN, account, 1234n);
    const { request } = await installSnapnet();
    const balance = async () =>
      resultOf(
        await request({
          method: 'snapnet_getErc20TokenBalance',
          params: { tokenAddress: TOKEN, userAddress: account },
        }),
      );
    const expected = { balanceLatest: '0x4d2', balancePending: '0x4d2' };
    expect(await balance()).toEqual(expected);
    const adding = request({ method: 'snapnet_addErc20Token', params: claims });
    await (await confirmationOf(adding)).ok();
    await adding;
    expect(await balance()).toEqual(expected);
  });

  it('keeps watch lists per network', async () => {
    await mainnet.addToken({
      address: TOKEN,
      name: 'Seven Token',
      symbol: 'SVN',
      decimals: 2,
    });
    const { request } = await installSnapnet();
    const pending = request({
      method: 'snapnet_addErc20Token',
      params: { ...claims, chainId: MAINNET },
    });
    const ui = await confirmationOf(pending);
    expect(textOf(ui)).toContain('Starknet Mainnet');
    await ui.ok();
    await pending;
    const onMainnet = resultOf(
      await request({
        method: 'snapnet_getStoredErc20Tokens',
        params: { chainId: MAINNET },
      }),
    );
    expect(onMainnet).toHaveLength(5);
    expect(
      resultOf(await request({ method: 'snapnet_getStoredErc20Tokens' })),
    ).toEqual(PRELOADED);
  });

  it('names the bad field', async () => {
    const { request } = await installSnapnet();
    const cases: [Record<string, unknown>, string][] = [
      [{ tokenAddress: '0x0' }, 'tokenAddress'],
      [{ tokenAddress: 'SVN' }, 'tokenAddress'],
      [{ tokenName: '' }, 'tokenName'],
      [{ tokenName: 'x'.repeat(65) }, 'tokenName'],
      [{ tokenName: 'Seven\u202eToken' }, 'tokenName'],
      [{ tokenSymbol: 'S'.repeat(17) }, 'tokenSymbol'],
      [{ tokenSymbol: ' SVN' }, 'tokenSymbol'],
      [{ tokenDecimals: 256 }, 'tokenDecimals'],
      [{ tokenDecimals: '1.5' }, 'tokenDecimals'],
      [{ address: 'me' }, 'address'],
      [{ chainId: undefined }, 'chainId'],
    ];
    for (const [change, field] of cases) {
      expectInvalidField(
        await request({
          method: 'snapnet_addErc20Token',
          params: JSON.parse(JSON.stringify({ ...claims, ...change })),
        }),
        field,
      );
    }
    expectInvalidField(
      await request({
        method: 'snapnet_addErc20Token',
        params: { ...claims, chainId: '0x1' },
      }),
      'chainId',
      112,
    );
  });

  it('speaks French when MetaMask does', async () => {
    const { request } = await installSnap({ options: { locale: 'fr' } });
    const pending = request({
      method: 'snapnet_addErc20Token',
      params: claims,
    });
    const ui = await confirmationOf(pending);
    const text = textOf(ui);
    expect(text).toContain('Ajouter un jeton');
    expect(text).toContain(
      'metamask.io demande d’ajouter ce jeton à votre liste de suivi Starknet.',
    );
    expect(text).toContain(
      'Non vérifié : https://metamask.io ajoute ce jeton.',
    );
    expect(text).toContain('Décimales');
    expect(text).not.toContain('Add token');
    await ui.cancel();
    expect(errorOf(await pending).code).toBe(4001);
  });
});
