import { describe, expect, it } from '@jest/globals';
import { hash, shortString } from 'starknet';

import { callOracle } from '../../src/fakeNode/oracle';
import {
  assetTypeOf,
  parseAssetType,
} from '../../src/starknet/assets/assetIds';
import { oraclePriceOf } from '../../src/starknet/assets/oracle';

const SELECTOR = BigInt(hash.getSelectorFromName('get_data_median'));
const PAIR = BigInt(shortString.encodeShortString('USDC/USD'));

/**
 * The fake oracle's answer as the node sends it: hex felts in a successful outcome.
 *
 * @param felts - The answer.
 * @returns The outcome.
 */
const outcome = (felts: bigint[]) =>
  ({
    ok: true,
    result: felts.map((felt) => `0x${felt.toString(16)}`),
  }) as const;

describe('Pragma oracle', () => {
  it('reads a spot median scaled by the decimals the answer carries', () => {
    const prices = new Map([
      [
        PAIR,
        { price: 999_870n, decimals: 6n, sources: 5n, updated: 1_800_000_000n },
      ],
    ]);
    const answer = callOracle({ kind: 'oracle', prices }, SELECTOR, [0n, PAIR]);
    expect(answer).toStrictEqual([999_870n, 6n, 1_800_000_000n, 5n, 0n, 0n]);
    expect(oraclePriceOf(outcome(answer ?? []))).toStrictEqual({
      rate: '0.99987',
      updatedAt: 1_800_000_000,
    });
  });

  it('gives no price for the no-data answer, a failed call or a malformed answer', () => {
    const none = callOracle({ kind: 'oracle', prices: new Map() }, SELECTOR, [
      0n,
      PAIR,
    ]);
    expect(none).toStrictEqual([0n, 0n, 0n, 0n, 0n, 0n]);
    expect(oraclePriceOf(outcome(none ?? []))).toBeUndefined();
    expect(oraclePriceOf(outcome([5n, 8n, 1n, 0n, 0n, 0n]))).toBeUndefined();
    expect(oraclePriceOf(outcome([5n, 8n]))).toBeUndefined();
    expect(oraclePriceOf(undefined)).toBeUndefined();
  });

  it('keeps an expiration the oracle sets', () => {
    expect(oraclePriceOf(outcome([15n, 1n, 10n, 2n, 0n, 99n]))).toStrictEqual({
      rate: '1.5',
      updatedAt: 10,
      expiresAt: 99,
    });
  });
});

describe('asset types', () => {
  it('spells a token one way and reads any spelling back', () => {
    const asset = assetTypeOf('0x534e5f4d41494e', '0xABC');
    expect(asset).toBe(`starknet:SN_MAIN/erc20:0x${'abc'.padStart(64, '0')}`);
    expect(parseAssetType('starknet:SN_MAIN/erc20:0xAbC')).toStrictEqual({
      chainId: '0x534e5f4d41494e',
      address: `0x${'abc'.padStart(64, '0')}`,
    });
    expect(parseAssetType('eip155:1/erc20:0xabc')).toBeUndefined();
    expect(parseAssetType('starknet:SN_MAIN/slip44:9004')).toBeUndefined();
  });
});
