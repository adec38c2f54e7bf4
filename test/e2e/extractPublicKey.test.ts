import { beforeEach, describe, expect, it } from '@jest/globals';

import { fakeNode } from '../../src/fakeNode/admin';
import { expectedAccount } from '../fixtures/wallet';
import {
  errorOf,
  expectInvalidField,
  installGranted,
  resultOf,
} from './helpers';

const node = fakeNode('sepolia');
const account = expectedAccount(0);
/** What the user gave the page (all it may ask about): account 0 and a stranger. */
const GIVEN = [account.address, `0x${'1234'.padStart(64, '0')}`];

describe('snapnet_extractPublicKey', () => {
  beforeEach(async () => {
    await node.reset();
  });

  it('returns the derived key for an account not deployed yet', async () => {
    const { request } = await installGranted(GIVEN);
    const response = await request({
      method: 'snapnet_extractPublicKey',
      params: { userAddress: account.address },
    });
    expect(resultOf(response)).toBe(account.publicKey);
  });

  it('returns the key the deployed account holds, even after a rotation', async () => {
    await node.deployAccount({ publicKey: account.publicKey });
    const { request } = await installGranted(GIVEN);
    expect(
      resultOf(
        await request({
          method: 'snapnet_extractPublicKey',
          params: { userAddress: account.address },
        }),
      ),
    ).toBe(account.publicKey);

    await node.reset();
    const rotated = '0x1234abcd';
    await node.deployAccount({ publicKey: rotated, address: account.address });
    expect(
      resultOf(
        await request({
          method: 'snapnet_extractPublicKey',
          params: { userAddress: account.address },
        }),
      ),
    ).toBe(`0x${'1234abcd'.padStart(64, '0')}`);
  });

  it('accepts an address written without padding or in upper case', async () => {
    const { request } = await installGranted(GIVEN);
    const short = `0x${BigInt(account.address).toString(16).toUpperCase()}`;
    expect(
      resultOf(
        await request({
          method: 'snapnet_extractPublicKey',
          params: { userAddress: short },
        }),
      ),
    ).toBe(account.publicKey);
  });

  it('refuses an address that is not this wallet, and malformed params', async () => {
    const { request } = await installGranted(GIVEN);
    expectInvalidField(
      await request({
        method: 'snapnet_extractPublicKey',
        params: { userAddress: '0x1234' },
      }),
      'userAddress',
    );
    expectInvalidField(
      await request({
        method: 'snapnet_extractPublicKey',
        params: { userAddress: `0x${'f'.repeat(64)}` },
      }),
      'userAddress',
    );
    expectInvalidField(
      await request({ method: 'snapnet_extractPublicKey', params: {} }),
      'userAddress',
    );
  });

  it('reports a node failure with the node status, not a generic error', async () => {
    await node.fault({ kind: 'http500' });
    const { request } = await installGranted(GIVEN);
    const error = errorOf(
      await request({
        method: 'snapnet_extractPublicKey',
        params: { userAddress: account.address },
      }),
    );
    expect(error.code).toBe(-32603);
    expect(error.message).toMatch(
      /^snapnet_extractPublicKey failed: .*HTTP 500/u,
    );
    expect(error.data).toMatchObject({
      walletRpcError: { code: 163 },
      node: { httpStatus: 500, method: 'starknet_call' },
    });
  });
});
