import { describe, expect, it } from '@jest/globals';

import {
  confirmationOf,
  errorOf,
  expectInvalidField,
  installSnapnet,
  resultOf,
  textOf,
} from './helpers';

const SEPOLIA = { name: 'Starknet Sepolia', chainId: '0x534e5f5345504f4c4941' };
const MAINNET = { name: 'Starknet Mainnet', chainId: '0x534e5f4d41494e' };

describe('snapnet_getCurrentNetwork', () => {
  it('starts on the test network', async () => {
    const { request } = await installSnapnet();
    expect(
      resultOf(await request({ method: 'snapnet_getCurrentNetwork' })),
    ).toEqual(SEPOLIA);
  });

  it('accepts an empty params object and refuses unknown fields', async () => {
    const { request } = await installSnapnet();
    expect(
      resultOf(
        await request({ method: 'snapnet_getCurrentNetwork', params: {} }),
      ),
    ).toEqual(SEPOLIA);
    expectInvalidField(
      await request({
        method: 'snapnet_getCurrentNetwork',
        params: { chain: 1 },
      }),
      'chain',
    );
  });
});

describe('snapnet_switchNetwork', () => {
  it('switches after the user approves a dialog naming both networks', async () => {
    const { request } = await installSnapnet();
    const pending = request({
      method: 'snapnet_switchNetwork',
      params: { chainId: MAINNET.chainId },
    });
    const ui = await confirmationOf(pending);
    const text = textOf(ui);
    expect(text).toContain('Starknet Sepolia');
    expect(text).toContain('Starknet Mainnet');
    expect(text).toContain('metamask.io');
    await ui.ok();
    expect(resultOf(await pending)).toBe(true);
    expect(
      resultOf(await request({ method: 'snapnet_getCurrentNetwork' })),
    ).toEqual(MAINNET);
  });

  it('answers false and keeps the network when the user rejects', async () => {
    const { request } = await installSnapnet();
    const pending = request({
      method: 'snapnet_switchNetwork',
      params: { chainId: MAINNET.chainId },
    });
    const ui = await confirmationOf(pending);
    await ui.cancel();
    expect(resultOf(await pending)).toBe(false);
    expect(
      resultOf(await request({ method: 'snapnet_getCurrentNetwork' })),
    ).toEqual(SEPOLIA);
  });

  it('answers true without a dialog when the network is already current', async () => {
    const { request } = await installSnapnet();
    const response = await request({
      method: 'snapnet_switchNetwork',
      params: { chainId: SEPOLIA.chainId.toUpperCase().replace('0X', '0x') },
    });
    expect(resultOf(response)).toBe(true);
  });

  it('refuses an unsupported chain id, listing the supported ones', async () => {
    const { request } = await installSnapnet();
    const response = await request({
      method: 'snapnet_switchNetwork',
      params: { chainId: '0x1' },
    });
    const error = errorOf(response);
    expect(error.code).toBe(-32602);
    expect(error.message).toContain(SEPOLIA.chainId);
    expect(error.message).toContain(MAINNET.chainId);
    expect(error.data).toMatchObject({
      walletRpcError: { code: 112 },
      supportedChainIds: [MAINNET.chainId, SEPOLIA.chainId],
    });
    expect(
      resultOf(await request({ method: 'snapnet_getCurrentNetwork' })),
    ).toEqual(SEPOLIA);
  });

  it('names the bad field for malformed params', async () => {
    const { request } = await installSnapnet();
    expectInvalidField(
      await request({
        method: 'snapnet_switchNetwork',
        params: { chainId: 42 },
      }),
      'chainId',
    );
    expectInvalidField(
      await request({ method: 'snapnet_switchNetwork', params: {} }),
      'chainId',
    );
  });
});

describe('dispatch', () => {
  it('answers -32601 for an unknown method', async () => {
    const { request } = await installSnapnet();
    const error = errorOf(await request({ method: 'snapnet_doesNotExist' }));
    expect(error.code).toBe(-32601);
    expect(error.message).toContain('snapnet_doesNotExist');
  });
});
