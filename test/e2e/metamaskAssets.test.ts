import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';

import { fakeNode } from '../../src/fakeNode/admin';
import { ETH, STRK } from '../../src/fakeNode/constants';
import { PRAGMA_ORACLE_ADDRESSES } from '../../src/fakeNode/oracle';
import { expectedAccount } from '../fixtures/wallet';
import type { MetaMaskDouble } from './metamaskDouble';
import { startMetaMaskDouble } from './metamaskDouble';

const sepolia = fakeNode('sepolia');
const mainnet = fakeNode('mainnet');

const USD = 'swift:0/iso4217:USD';
const SEPOLIA_STRK = `starknet:SN_SEPOLIA/erc20:${STRK}`;
const SEPOLIA_ETH = `starknet:SN_SEPOLIA/erc20:${ETH}`;
const MAINNET_STRK = `starknet:SN_MAIN/erc20:${STRK}`;
const MAINNET_USDC =
  'starknet:SN_MAIN/erc20:0x053c91253bc9682c04929ca02ed00b3e423f6710d2ee7e0d5ebb06f3ecf368a8';
const TOKEN = '0x5eed';
const TOKEN_ASSET = `starknet:SN_SEPOLIA/erc20:0x${'5eed'.padStart(64, '0')}`;

const ONE = 10n ** 18n;
const account = expectedAccount(0).address;

let double: MetaMaskDouble;

beforeEach(async () => {
  await sepolia.reset();
  await mainnet.reset();
  double = await startMetaMaskDouble();
});

afterEach(async () => {
  await double.wallet.close();
});

/**
 * Shows account 0 in MetaMask and returns its keyring id.
 *
 * @returns The id.
 */
async function showAccount(): Promise<string> {
  const created = await double.createAccount(0);
  expect(created.address).toBe(account);
  expect(double.newEvents().map((event) => event.method)).toEqual([
    'notify:accountCreated',
  ]);
  return created.id;
}

describe('MetaMask screens: assets and exact balances', () => {
  it('lists every token as a CAIP-19 asset on both networks, under both method names', async () => {
    const id = await showAccount();
    const assets = await double.listAccountAssets(id);
    expect(assets).toEqual([
      `starknet:SN_MAIN/erc20:${ETH}`,
      MAINNET_STRK,
      MAINNET_USDC,
      'starknet:SN_MAIN/erc20:0x068f5c6a61780768455de69077e07e89787839bf8166decfbf92b645209c0fb8',
      SEPOLIA_ETH,
      SEPOLIA_STRK,
    ]);
    expect(await double.getAccountAssets(id)).toEqual(assets);
  });

  it('answers balances in whole units as exact decimal text, the symbol as unit', async () => {
    const id = await showAccount();
    await sepolia.setBalance(STRK, account, 12n * ONE + ONE / 2n);
    await sepolia.setBalance(ETH, account, ONE + 1n);
    await mainnet.setBalance(STRK, account, 1n);
    await sepolia.clearRequests();
    await mainnet.clearRequests();
    expect(
      await double.getAccountBalances(id, [
        SEPOLIA_STRK,
        SEPOLIA_ETH,
        MAINNET_STRK,
      ]),
    ).toStrictEqual({
      [SEPOLIA_STRK]: { amount: '12.5', unit: 'STRK' },
      [SEPOLIA_ETH]: { amount: '1.000000000000000001', unit: 'ETH' },
      [MAINNET_STRK]: { amount: '0.000000000000000001', unit: 'STRK' },
    });
    // One batch per network.
    expect((await sepolia.requests()).httpRequests).toBe(1);
    expect((await mainnet.requests()).httpRequests).toBe(1);
  });

  it('describes listed tokens from its own list, with an icon', async () => {
    const { assets } = await double.lookup([SEPOLIA_STRK, MAINNET_USDC]);
    expect(assets).toMatchObject({
      [SEPOLIA_STRK]: {
        fungible: true,
        symbol: 'STRK',
        name: 'Starknet Token',
        iconUrl: expect.stringMatching(/^data:image\/svg\+xml;base64,/u),
        units: [{ symbol: 'STRK', decimals: 18, name: 'Starknet Token' }],
      },
      [MAINNET_USDC]: { symbol: 'USDC', units: [{ decimals: 6 }] },
    });
  });

  it('describes an unlisted token from the chain, as unverified, and nothing for no token', async () => {
    await sepolia.addToken({
      address: TOKEN,
      name: 'Seed',
      symbol: 'SEED',
      decimals: 3,
    });
    const missing = 'starknet:SN_SEPOLIA/erc20:0x777';
    const { assets } = await double.lookup([TOKEN_ASSET, missing]);
    expect(assets).toMatchObject({
      [TOKEN_ASSET]: {
        symbol: 'SEED',
        name: expect.stringContaining('unverified token'),
        units: [{ symbol: 'SEED', decimals: 3 }],
      },
      [missing]: null,
    });
  });
});

describe('MetaMask screens: dollar values from the Pragma oracle', () => {
  it('follows the oracle, scaled by the decimals it answers, through the user node in one batch', async () => {
    await sepolia.setOraclePrice('STRK/USD', 50_000_000n, 8, {
      sources: 7,
      timestamp: 1_800_000_000,
    });
    await mainnet.setOraclePrice('USDC/USD', 999_870n, 6);
    await sepolia.clearRequests();
    const first = await double.convert([
      { from: SEPOLIA_STRK, to: USD },
      { from: MAINNET_USDC, to: USD },
    ]);
    expect(first).toStrictEqual({
      conversionRates: {
        [SEPOLIA_STRK]: {
          [USD]: { rate: '0.5', conversionTime: 1_800_000_000_000 },
        },
        [MAINNET_USDC]: {
          [USD]: { rate: '0.99987', conversionTime: 1_700_000_000_000 },
        },
      },
    });
    const traffic = await sepolia.requests();
    expect(traffic.httpRequests).toBe(1);
    expect(
      traffic.rpcCalls.filter((call) => call.method === 'starknet_call'),
    ).toHaveLength(1);

    await sepolia.setOraclePrice('STRK/USD', 61_234_567n, 8);
    const second = await double.convert([{ from: SEPOLIA_STRK, to: USD }]);
    expect(second.conversionRates).toMatchObject({
      [SEPOLIA_STRK]: { [USD]: { rate: '0.61234567' } },
    });
  });

  it('gives no rate for a pair with no data, a token without a pair or another target', async () => {
    await sepolia.setOraclePrice('STRK/USD', 0n, 0, { sources: 0 });
    const { conversionRates } = await double.convert([
      { from: SEPOLIA_STRK, to: USD },
      // ETH/USD never set on this network: the oracle's no-data answer.
      { from: SEPOLIA_ETH, to: USD },
      { from: TOKEN_ASSET, to: USD },
      { from: SEPOLIA_STRK, to: SEPOLIA_ETH },
    ]);
    expect(conversionRates).toStrictEqual({
      [SEPOLIA_STRK]: { [USD]: null, [SEPOLIA_ETH]: null },
      [SEPOLIA_ETH]: { [USD]: null },
      [TOKEN_ASSET]: { [USD]: null },
    });
  });

  it('reads the oracle where Pragma deployed it, and makes up no history or market data', async () => {
    expect(PRAGMA_ORACLE_ADDRESSES.mainnet).toBe(
      0x2a85bd616f912537c50a49a4076db02c00b29b2cdc8a197ce92ed1837fa875bn,
    );
    expect(await double.historicalPrice(SEPOLIA_STRK, USD)).toStrictEqual({
      historicalPrice: null,
    });
    expect(
      await double.marketData([{ asset: SEPOLIA_STRK, unit: USD }]),
    ).toStrictEqual({ marketData: { [SEPOLIA_STRK]: { [USD]: null } } });
  });
});

describe('MetaMask screens: the background refresh', () => {
  it('makes no node request on a tick with no account selected', async () => {
    await showAccount();
    await sepolia.clearRequests();
    await mainnet.clearRequests();
    await double.runCronjob('refreshBalances');
    expect((await sepolia.requests()).httpRequests).toBe(0);
    expect((await mainnet.requests()).httpRequests).toBe(0);
    expect(double.newEvents()).toEqual([]);
  });

  it("tells MetaMask a selected account's balance change, once, one batch per network per tick", async () => {
    const id = await showAccount();
    await sepolia.setBalance(STRK, account, 2n * ONE);
    expect(await double.setSelectedAccounts([id])).toBeNull();
    await double.runCronjob('refreshBalances');
    // The first reading tells every balance, both networks in one event.
    const first = double.newEvents();
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({
      method: 'notify:accountBalancesUpdated',
      params: {
        balances: {
          [id]: {
            [SEPOLIA_STRK]: { amount: '2', unit: 'STRK' },
            [MAINNET_STRK]: { amount: '0', unit: 'STRK' },
          },
        },
      },
    });

    await sepolia.clearRequests();
    await mainnet.clearRequests();
    await double.runCronjob('refreshBalances');
    expect(double.newEvents()).toEqual([]);
    expect((await sepolia.requests()).httpRequests).toBe(1);
    expect((await mainnet.requests()).httpRequests).toBe(1);

    await sepolia.setBalance(STRK, account, 2n * ONE + 1n);
    await double.runCronjob('refreshBalances');
    expect(double.newEvents()).toEqual([
      {
        method: 'notify:accountBalancesUpdated',
        params: {
          balances: {
            [id]: {
              [SEPOLIA_STRK]: { amount: '2.000000000000000001', unit: 'STRK' },
            },
          },
        },
      },
    ]);
  });

  it('tells MetaMask a token the user listed is an asset, then its balance', async () => {
    const id = await showAccount();
    await double.setSelectedAccounts([id]);
    await double.runCronjob('refreshBalances');
    double.newEvents();
    await sepolia.addToken({
      address: TOKEN,
      name: 'Seed',
      symbol: 'SEED',
      decimals: 3,
    });
    await sepolia.setBalance(TOKEN, account, 1500n);
    const { wallet } = double;
    await wallet.provider.request({
      method: 'wallet_requestSnaps',
      params: { [wallet.snapId]: {} },
    });
    const adding = wallet.provider.request({
      method: 'wallet_invokeSnap',
      params: {
        snapId: wallet.snapId,
        request: {
          method: 'snapnet_addErc20Token',
          params: {
            tokenAddress: TOKEN,
            tokenName: 'Seed',
            tokenSymbol: 'SEED',
            chainId: '0x534e5f5345504f4c4941',
          },
        },
      },
    });
    await (await wallet.nextDialog('snapnet_addErc20Token')).ok();
    await adding;
    expect(double.newEvents()).toEqual([
      {
        method: 'notify:accountAssetListUpdated',
        params: { assets: { [id]: { added: [TOKEN_ASSET], removed: [] } } },
      },
    ]);
    expect(await double.listAccountAssets(id)).toContain(TOKEN_ASSET);
    await double.runCronjob('refreshBalances');
    expect(double.newEvents()).toEqual([
      {
        method: 'notify:accountBalancesUpdated',
        params: {
          balances: {
            [id]: { [TOKEN_ASSET]: { amount: '1.5', unit: 'SEED' } },
          },
        },
      },
    ]);
  });
});
