import { byteArray, shortString } from 'starknet';

import {
  decodeDecimals,
  decodeTokenString,
  tokenMismatches,
} from '../../src/starknet/tokens/tokenMetadata';

/**
 * A Cairo ByteArray as a view returns it, encoded by starknet.js (independently of
 * the snap's decoder).
 *
 * @param text - The string.
 * @returns Its felts.
 */
function byteArrayFelts(text: string): string[] {
  const value = byteArray.byteArrayFromString(text);
  return [
    `0x${value.data.length.toString(16)}`,
    ...value.data.map((word) => `0x${BigInt(word).toString(16)}`),
    `0x${BigInt(value.pending_word).toString(16)}`,
    `0x${BigInt(value.pending_word_len).toString(16)}`,
  ];
}

describe('decodeTokenString', () => {
  it('reads a felt short string (older tokens)', () => {
    expect(decodeTokenString([shortString.encodeShortString('STRK')])).toBe(
      'STRK',
    );
    // UTF-8 bytes c3 a9: "é".
    expect(decodeTokenString(['0x45c3a9'])).toBe('Eé');
  });

  it('reads a ByteArray (newer tokens), short and longer than one word', () => {
    expect(decodeTokenString(byteArrayFelts('USDC'))).toBe('USDC');
    const long = 'A token name that is longer than thirty-one bytes';
    expect(decodeTokenString(byteArrayFelts(long))).toBe(long);
  });

  it('gives up on malformed answers and control characters', () => {
    expect(decodeTokenString([])).toBeUndefined();
    expect(decodeTokenString(['0x0'])).toBeUndefined();
    expect(decodeTokenString(['0x2', '0x1'])).toBeUndefined();
    expect(decodeTokenString(['not a felt'])).toBeUndefined();
    expect(decodeTokenString(['0x410a42'])).toBeUndefined();
  });
});

describe('decodeDecimals', () => {
  it('accepts one felt up to 255', () => {
    expect(decodeDecimals(['0x12'])).toBe(18);
    expect(decodeDecimals(['0xff'])).toBe(255);
    expect(decodeDecimals(['0x100'])).toBeUndefined();
    expect(decodeDecimals(['0x6', '0x0'])).toBeUndefined();
  });
});

describe('tokenMismatches', () => {
  it('is empty when the contract answers like an ERC-20', () => {
    expect(tokenMismatches({ symbol: 'USDC', decimals: 6 })).toEqual([]);
  });

  it('flags a contract that does not answer as an ERC-20', () => {
    expect(tokenMismatches({ symbol: undefined, decimals: undefined })).toEqual(
      [{ kind: 'notErc20' }],
    );
    expect(tokenMismatches({ symbol: 'USDT', decimals: undefined })).toEqual([
      { kind: 'notErc20' },
    ]);
  });
});
