import { beforeEach, describe, expect, it } from '@jest/globals';

import { fakeNode } from '../../src/fakeNode/admin';
import {
  ARGENT_CLASS_HASH,
  PROXY_CLASS_HASH,
  SEPOLIA,
  expectedAccount,
  expectedRecord,
  hex64,
} from '../fixtures/wallet';
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

/** Argent 0.4.0 (legacy-accounts spec §4). */
const CLASS_040 =
  '0x36078334509b514626504edc9fb252328d1a240e4e948bef8d0c08dff45927f';
/** Account 0's legacy address, as the wallet stores it (derived by the proxy formula). */
const LEGACY_RECORD = {
  ...expectedRecord(0),
  address: account.proxyAddress,
  cairoVersion: '0',
};

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

  // Each class keeps the key under its own getter (the fake node answers only the
  // getter the real class has), and a rotated key shows the answer is the chain's.
  it.each([
    ['the Cairo 0 proxy (Argent 0.2.3.1, getSigner)', PROXY_CLASS_HASH, true],
    ['a legacy address upgraded in place to 0.3.1', ARGENT_CLASS_HASH, true],
    ['a legacy address upgraded in place to 0.4.0', CLASS_040, true],
    ['Argent 0.3.1 (get_owner)', ARGENT_CLASS_HASH, false],
    ['Argent 0.4.0 (get_owner of its Starknet signer)', CLASS_040, false],
  ])(
    'reads the owner as the class on chain answers it: %s',
    async (_label, classHash, legacy) => {
      const address = legacy ? account.proxyAddress : account.address;
      const rotated = '0xabc123';
      await node.deployAccount({ publicKey: rotated, classHash, address });
      const { request } = await installGranted([address], {
        accounts: { [SEPOLIA]: [legacy ? LEGACY_RECORD : expectedRecord(0)] },
      });
      expect(
        resultOf(
          await request({
            method: 'snapnet_extractPublicKey',
            params: { userAddress: address },
          }),
        ),
      ).toBe(hex64(rotated));
    },
  );

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
      node: { httpStatus: 500, method: 'starknet_getClassHashAt' },
    });
  });
});
