import { beforeEach, describe, expect, it } from '@jest/globals';
import { hash } from 'starknet';

import { fakeNode } from '../../src/fakeNode/admin';
import { STRK } from '../../src/fakeNode/constants';
import {
  boundsAsBigInt,
  V3_BOUNDS,
  verifiesWithKey,
} from '../fixtures/transactions';
import { expectedAccount, SEPOLIA } from '../fixtures/wallet';
import {
  confirmationOf,
  errorOf,
  expectInvalidField,
  installSnapnet,
  resultOf,
  textOf,
} from './helpers';

const node = fakeNode('sepolia');
const sender = expectedAccount(0);
const CLASS_HASH = `0x${'12'.repeat(32).slice(1)}`;
const COMPILED_CLASS_HASH = `0x${'34'.repeat(32).slice(1)}`;
const BOUNDS = V3_BOUNDS;
const PADDED_CLASS_HASH = `0x${BigInt(CLASS_HASH).toString(16).padStart(64, '0')}`;

/**
 * The declare hash, recomputed in the test.
 *
 * @param nonce - The nonce signed.
 * @returns The hash.
 */
function expectedHash(nonce: number): string {
  return hash.calculateDeclareTransactionHash({
    senderAddress: sender.address,
    classHash: PADDED_CLASS_HASH,
    compiledClassHash: `0x${BigInt(COMPILED_CLASS_HASH).toString(16).padStart(64, '0')}`,
    version: '0x3',
    chainId: SEPOLIA,
    nonce,
    accountDeploymentData: [],
    nonceDataAvailabilityMode: 0,
    feeDataAvailabilityMode: 0,
    resourceBounds: boundsAsBigInt(BOUNDS),
    tip: 0,
    paymasterData: [],
  });
}

describe('snapnet_signDeclareTransaction', () => {
  beforeEach(async () => {
    await node.reset();
  });

  it('names the class hash and signs the declare hash', async () => {
    const { request } = await installSnapnet();
    const pending = request({
      method: 'snapnet_signDeclareTransaction',
      params: {
        address: sender.address,
        details: {
          classHash: CLASS_HASH,
          compiledClassHash: COMPILED_CLASS_HASH,
          nonce: '0x2',
          resourceBounds: BOUNDS,
        },
      },
    });
    const ui = await confirmationOf(pending);
    const text = textOf(ui);
    expect(text).toContain(PADDED_CLASS_HASH);
    expect(text).toContain('metamask.io');
    await ui.ok();
    const result = resultOf(await pending);
    const expected = expectedHash(2);
    expect(result).toMatchObject({
      signature: [expect.any(String), expect.any(String)],
    });
    const { signature } = result as { signature: string[] };
    expect(verifiesWithKey(signature, expected, sender.privateKey)).toBe(true);
  });

  it('takes a missing nonce past a send the node received but does not count yet', async () => {
    await node.deployAccount({ publicKey: sender.publicKey, nonce: 2 });
    await node.setBalance(STRK, sender.address, 10n ** 19n);
    const { request } = await installSnapnet();
    const sent = request({
      method: 'snapnet_executeTxn',
      params: {
        address: sender.address,
        calls: [
          {
            contractAddress: STRK,
            entrypoint: 'transfer',
            calldata: ['0x5', '1', '0'],
          },
        ],
      },
    });
    await (await confirmationOf(sent)).ok();
    resultOf(await sent);
    expect(await node.nonceOf(sender.address)).toBe(2n);
    const pending = request({
      method: 'snapnet_signDeclareTransaction',
      params: {
        address: sender.address,
        details: {
          classHash: CLASS_HASH,
          compiledClassHash: COMPILED_CLASS_HASH,
          resourceBounds: BOUNDS,
        },
      },
    });
    await (await confirmationOf(pending)).ok();
    const { signature } = resultOf(await pending) as { signature: string[] };
    expect(verifiesWithKey(signature, expectedHash(3), sender.privateKey)).toBe(
      true,
    );
  });

  it('answers 4001 when the user rejects', async () => {
    const { request } = await installSnapnet();
    const pending = request({
      method: 'snapnet_signDeclareTransaction',
      params: {
        senderAddress: sender.address,
        details: {
          classHash: CLASS_HASH,
          compiledClassHash: COMPILED_CLASS_HASH,
          nonce: 0,
          resourceBounds: BOUNDS,
        },
      },
    });
    await (await confirmationOf(pending)).cancel();
    expect(errorOf(await pending).code).toBe(4001);
  });

  it('names the bad field', async () => {
    const { request } = await installSnapnet();
    expectInvalidField(
      await request({
        method: 'snapnet_signDeclareTransaction',
        params: {
          address: sender.address,
          details: { classHash: CLASS_HASH, nonce: 0, resourceBounds: BOUNDS },
        },
      }),
      'details.compiledClassHash',
    );
    expectInvalidField(
      await request({
        method: 'snapnet_signDeclareTransaction',
        params: {
          address: sender.address,
          details: { compiledClassHash: COMPILED_CLASS_HASH },
        },
      }),
      'details.classHash',
    );
  });
});
