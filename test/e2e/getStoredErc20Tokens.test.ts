import { describe, expect, it } from '@jest/globals';

import { MAINNET, SEPOLIA, expectedAccount } from '../fixtures/wallet';
import {
  confirmationOf,
  expectInvalidField,
  installSnapnet,
  resultOf,
} from './helpers';

const token = (address: string, symbol: string, decimals: number) => ({
  address,
  symbol,
  decimals,
  logo: '',
});

const ETH = token(
  '0x049d36570d4e46f48e99674bd3fcc84644ddd6b96f7c741b1562b82f9e004dc7',
  'ETH',
  18,
);
const STRK = token(
  '0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d',
  'STRK',
  18,
);
const USDC = token(
  '0x053c91253bc9682c04929ca02ed00b3e423f6710d2ee7e0d5ebb06f3ecf368a8',
  'USDC',
  6,
);
const USDT = token(
  '0x068f5c6a61780768455de69077e07e89787839bf8166decfbf92b645209c0fb8',
  'USDT',
  6,
);

describe('snapnet_getStoredErc20Tokens', () => {
  it('starts with the preloaded tokens of each network (starknet.md)', async () => {
    const { request } = await installSnapnet();
    expect(
      resultOf(await request({ method: 'snapnet_getStoredErc20Tokens' })),
    ).toEqual([ETH, STRK]);
    expect(
      resultOf(
        await request({
          method: 'snapnet_getStoredErc20Tokens',
          params: { chainId: MAINNET },
        }),
      ),
    ).toEqual([ETH, STRK, USDC, USDT]);
  });

  it('reads the current network when chainId is omitted', async () => {
    const { request } = await installSnapnet();
    const switching = request({
      method: 'snapnet_switchNetwork',
      params: { chainId: MAINNET },
    });
    await (await confirmationOf(switching)).ok();
    await switching;
    expect(
      resultOf(await request({ method: 'snapnet_getStoredErc20Tokens' })),
    ).toEqual([ETH, STRK, USDC, USDT]);
  });

  it('names the bad field', async () => {
    const { request } = await installSnapnet();
    expectInvalidField(
      await request({
        method: 'snapnet_getStoredErc20Tokens',
        params: { chainId: '0x1' },
      }),
      'chainId',
      112,
    );
    expectInvalidField(
      await request({
        method: 'snapnet_getStoredErc20Tokens',
        params: { chain: SEPOLIA },
      }),
      'chain',
    );
  });
});

describe('snapnet_listAccounts', () => {
  it('lists the known accounts of one network, in index order', async () => {
    const { request } = await installSnapnet();
    for (const addressIndex of [2, 0]) {
      await request({
        method: 'snapnet_createAccount',
        params: { addressIndex },
      });
    }
    await request({
      method: 'snapnet_createAccount',
      params: { addressIndex: 1, chainId: MAINNET },
    });
    const onSepolia = resultOf(
      await request({
        method: 'snapnet_listAccounts',
        params: { chainId: SEPOLIA },
      }),
    );
    expect(onSepolia).toMatchObject([
      {
        address: expectedAccount(0).address,
        addressIndex: 0,
        chainId: SEPOLIA,
      },
      {
        address: expectedAccount(2).address,
        addressIndex: 2,
        chainId: SEPOLIA,
      },
    ]);
    expect(
      resultOf(
        await request({
          method: 'snapnet_listAccounts',
          params: { chainId: MAINNET },
        }),
      ),
    ).toMatchObject([
      {
        address: expectedAccount(1).address,
        addressIndex: 1,
        chainId: MAINNET,
      },
    ]);
  });

  it('is empty for a network without accounts', async () => {
    const { request } = await installSnapnet();
    expect(
      resultOf(
        await request({
          method: 'snapnet_listAccounts',
          params: { chainId: MAINNET },
        }),
      ),
    ).toEqual([]);
  });
});
