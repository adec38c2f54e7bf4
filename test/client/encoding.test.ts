import { describe, expect, it } from '@jest/globals';
import { assert, bigInt, integer, property } from 'fast-check';
import { uint256 } from 'starknet';

import {
  bigIntToFelt,
  bigIntToU256,
  erc20TransferCall,
  feltToBigInt,
  formatTokenAmount,
  InvalidParamsError,
  parseAccountId,
  parseTokenAmount,
  signatureFromArray,
  signatureToArray,
  STARKNET_CHAIN_IDS,
  toAccountId,
  toCaipChainId,
  u256ToBigInt,
} from '../../src/client/snap';

const FIELD_PRIME = 2n ** 251n + 17n * 2n ** 192n + 1n;
const felt = bigInt({ min: 0n, max: FIELD_PRIME - 1n });
const u256 = bigInt({ min: 0n, max: 2n ** 256n - 1n });

describe('felts', () => {
  it('round-trips every felt through the padded hex form', () => {
    assert(
      property(felt, (value) => {
        const padded = bigIntToFelt(value);
        expect(padded).toMatch(/^0x[0-9a-f]{64}$/u);
        expect(feltToBigInt(padded)).toBe(value);
        expect(feltToBigInt(value.toString())).toBe(value);
      }),
    );
  });

  it('refuses what is not a felt, naming it', () => {
    for (const bad of [FIELD_PRIME, -1n, 'abc', '0x', 1.5, '1e3']) {
      expect(() => feltToBigInt(bad)).toThrow(InvalidParamsError);
    }
  });
});

describe('signatures', () => {
  it('splits and joins the signMessage string form', () => {
    assert(
      property(felt, felt, (rValue, sValue) => {
        const joined = signatureFromArray([rValue, sValue]);
        expect(joined).toMatch(/^0x[0-9a-f]{128}$/u);
        const [rHex, sHex] = signatureToArray(joined);
        expect([BigInt(rHex), BigInt(sHex)]).toEqual([rValue, sValue]);
      }),
    );
    expect(signatureToArray(`0x${'A'.repeat(64)}${'0'.repeat(63)}1`)).toEqual([
      `0x${'a'.repeat(64)}`,
      `0x${'0'.repeat(63)}1`,
    ]);
  });

  it('refuses other lengths', () => {
    expect(() => signatureToArray('0x1234')).toThrow('signature');
    expect(() => signatureFromArray(['0x1'])).toThrow('[r, s]');
  });
});

describe('u256', () => {
  it('splits like starknet.js and joins back', () => {
    assert(
      property(u256, (value) => {
        const split = bigIntToU256(value);
        const reference = uint256.bnToUint256(value);
        expect(BigInt(split.low)).toBe(BigInt(reference.low));
        expect(BigInt(split.high)).toBe(BigInt(reference.high));
        expect(u256ToBigInt(split)).toBe(value);
        expect(u256ToBigInt([split.low, split.high])).toBe(value);
        expect(u256ToBigInt(`0x${value.toString(16)}`)).toBe(value);
      }),
    );
  });

  it('refuses halves of 2^128 or more and values of 2^256 or more', () => {
    expect(() =>
      u256ToBigInt({ low: `0x1${'0'.repeat(32)}`, high: '0' }),
    ).toThrow(InvalidParamsError);
    expect(() => bigIntToU256(2n ** 256n)).toThrow(InvalidParamsError);
    expect(() => u256ToBigInt(`0x1${'0'.repeat(64)}`)).toThrow(
      InvalidParamsError,
    );
  });
});

describe('token amounts', () => {
  it('formats and parses exactly, for any decimals', () => {
    assert(
      property(u256, integer({ min: 0, max: 36 }), (raw, decimals) => {
        const text = formatTokenAmount(raw, decimals);
        expect(parseTokenAmount(text, decimals)).toBe(raw);
      }),
    );
    expect(formatTokenAmount(1_500_000_000_000_000_000n, 18)).toBe('1.5');
    expect(formatTokenAmount('0x16345785d8a0000', 18)).toBe('0.1');
    expect(formatTokenAmount(1_234_567n, 6, { maxFractionDigits: 2 })).toBe(
      '1.23',
    );
    expect(formatTokenAmount(0n, 6)).toBe('0');
    expect(parseTokenAmount('.5', 6)).toBe(500_000n);
    expect(parseTokenAmount('2.', 6)).toBe(2_000_000n);
  });

  it('refuses malformed text and too many decimals', () => {
    for (const bad of ['', '.', '-1', '1,5', '1e18', 'abc']) {
      expect(() => parseTokenAmount(bad, 18)).toThrow(InvalidParamsError);
    }
    expect(() => parseTokenAmount('0.1234567', 6)).toThrow('at most 6');
    expect(() => formatTokenAmount(1n, 256)).toThrow('decimals');
  });

  it('builds the ERC-20 transfer call with the u256 amount', () => {
    expect(erc20TransferCall('0x1', '0x2', 2n ** 128n + 5n)).toEqual({
      contractAddress: bigIntToFelt(1n),
      entrypoint: 'transfer',
      calldata: [bigIntToFelt(2n), '0x5', '0x1'],
    });
    expect(() => erc20TransferCall('0x1', 'bob', 1n)).toThrow(
      expect.objectContaining({ field: 'recipient' }),
    );
  });
});

describe('CAIP account ids', () => {
  it('round-trips a Starknet account id', () => {
    const id = toAccountId(STARKNET_CHAIN_IDS.mainnet, '0xABC');
    expect(id).toBe(`starknet:SN_MAIN:0x${'0'.repeat(61)}abc`);
    expect(parseAccountId(id)).toEqual({
      caipChainId: 'starknet:SN_MAIN',
      chainId: '0x534e5f4d41494e',
      address: `0x${'0'.repeat(61)}abc`,
    });
    expect(toCaipChainId('0x534e5f5345504f4c4941')).toBe('starknet:SN_SEPOLIA');
  });

  it("throws the snap client's InvalidParamsError, keeping the cause", () => {
    const error = (() => {
      try {
        return parseAccountId('eip155:1:0xabc');
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(InvalidParamsError);
    expect(error).toMatchObject({
      code: -32602,
      field: 'accountId',
      cause: expect.objectContaining({ code: -32602 }),
    });
  });
});
