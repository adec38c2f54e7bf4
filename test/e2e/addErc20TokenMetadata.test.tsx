import { beforeEach, describe, expect, it } from '@jest/globals';
import { hash, shortString } from 'starknet';

import { fakeNode } from '../../src/fakeNode/admin';
import { SEPOLIA, hex64 } from '../fixtures/wallet';
import {
  confirmationOf,
  errorOf,
  installSnapnet,
  resultOf,
  textOf,
} from './helpers';

const sepolia = fakeNode('sepolia');

describe('snapnet_addErc20Token without name or symbol', () => {
  beforeEach(async () => {
    await sepolia.reset();
  });

  it('reads name and symbol from the contract when omitted: nothing guessed', async () => {
    await sepolia.addToken({
      address: '0x999',
      name: 'Six Dollars',
      symbol: 'SIX',
      decimals: 6,
    });
    const { request } = await installSnapnet();
    await sepolia.clearRequests();
    const pending = request({
      method: 'snapnet_addErc20Token',
      params: { chainId: SEPOLIA, tokenAddress: '0x999' },
    });
    const ui = await confirmationOf(pending);
    const text = textOf(ui);
    expect(text).toContain('Six Dollars');
    expect(text).toContain('SIX');
    expect(text).not.toContain('Check this token');
    // name, symbol and decimals in one batched request.
    const traffic = await sepolia.requests();
    expect(traffic.httpRequests).toBe(1);
    expect(
      traffic.rpcCalls.map((call) => JSON.stringify(call.params)).join(),
    ).toContain(hash.getSelectorFromName('name'));
    await ui.ok();
    expect(resultOf(await pending)).toEqual({
      address: hex64('0x999'),
      symbol: 'SIX',
      decimals: 6,
      logo: '',
    });
  });

  it('answers 111 naming the param when an omitted name or symbol cannot be read', async () => {
    // Answers symbol() and decimals() but not name().
    await sepolia.addContract({
      address: '0x5555',
      functions: {
        symbol: [shortString.encodeShortString('HALF')],
        decimals: ['0x12'],
      },
    });
    const { request } = await installSnapnet();
    const noName = errorOf(
      await request({
        method: 'snapnet_addErc20Token',
        params: { chainId: SEPOLIA, tokenAddress: '0x5555' },
      }),
    );
    expect(noName.code).toBe(-32602);
    expect(noName.message).toContain('name()');
    expect(noName.message).toContain('tokenName');
    expect(noName.data).toMatchObject({
      field: 'tokenAddress',
      walletRpcError: { code: 111 },
    });

    // With the name given, the symbol is read; nothing is asked of the dapp beyond it.
    const named = request({
      method: 'snapnet_addErc20Token',
      params: { chainId: SEPOLIA, tokenAddress: '0x5555', tokenName: 'Half' },
    });
    const ui = await confirmationOf(named);
    await ui.ok();
    expect(resultOf(await named)).toEqual({
      address: hex64('0x5555'),
      symbol: 'HALF',
      decimals: 18,
      logo: '',
    });

    // Answers name() and decimals() but not symbol().
    await sepolia.addContract({
      address: '0x6666',
      functions: {
        name: [shortString.encodeShortString('Nameless')],
        decimals: ['0x2'],
      },
    });
    const noSymbol = errorOf(
      await request({
        method: 'snapnet_addErc20Token',
        params: { chainId: SEPOLIA, tokenAddress: '0x6666' },
      }),
    );
    expect(noSymbol.message).toContain('symbol()');
    expect(noSymbol.message).toContain('tokenSymbol');
    expect(noSymbol.data).toMatchObject({ walletRpcError: { code: 111 } });
  });
});
