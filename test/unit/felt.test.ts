import { assert, is } from '@metamask/superstruct';
import { addAddressPadding, constants, num as starknetNum } from 'starknet';

import { isStarknetChainId, SN_MAIN, SN_SEPOLIA } from '../../src/api/chains';
import {
  ADDRESS_BOUND,
  AddressStruct,
  FeltStruct,
  FIELD_PRIME,
  HexFeltStruct,
  joinSignature,
  parseFelt,
  splitSignature,
  toFelt64,
  toWireFelt,
  WIRE_FELT_PATTERN,
} from '../../src/api/felt';
import { formatUnits } from '../../src/api/units';

// starknet.js is the independent reference: its constants and padding are what nodes
// and other wallets use.
describe('felt module', () => {
  it('uses the protocol bounds', () => {
    expect(FIELD_PRIME).toBe(constants.PRIME);
    expect(ADDRESS_BOUND).toBe(constants.ADDR_BOUND);
  });

  it('accepts addresses below 2^251 − 256 and rejects the 256 values above', () => {
    const last = `0x${(constants.ADDR_BOUND - 1n).toString(16)}`;
    const first = `0x${constants.ADDR_BOUND.toString(16)}`;
    const below2to251 = `0x${(2n ** 251n - 1n).toString(16)}`;
    expect(is(last, AddressStruct)).toBe(true);
    expect(is(first, AddressStruct)).toBe(false);
    expect(is(below2to251, AddressStruct)).toBe(false);
    // A hash may be any felt, so the same value is a valid HexFelt.
    expect(is(below2to251, HexFeltStruct)).toBe(true);
  });

  it('rejects felts at or above the prime, negatives and malformed strings', () => {
    expect(parseFelt(constants.PRIME)).toBeUndefined();
    expect(parseFelt(constants.PRIME - 1n)).toBe(constants.PRIME - 1n);
    expect(parseFelt(-1n)).toBeUndefined();
    expect(parseFelt(1.5)).toBeUndefined();
    expect(parseFelt(`0x${'1'.repeat(65)}`)).toBeUndefined();
    expect(parseFelt('0x')).toBeUndefined();
    expect(parseFelt('12ab')).toBeUndefined();
    expect(parseFelt('42')).toBe(42n);
    expect(is('42', FeltStruct)).toBe(true);
    expect(is(constants.PRIME.toString(), FeltStruct)).toBe(false);
  });

  it('writes the documented form as starknet.js pads addresses', () => {
    for (const value of [
      '0x1',
      '0x0',
      '0x49D36570D4E46F48E99674BD3FCC84644DDD6B96F7C741B1562B82F9E004DC7',
    ]) {
      expect(toFelt64(value)).toBe(addAddressPadding(value).toLowerCase());
      expect(toFelt64(value)).toMatch(/^0x[0-9a-f]{64}$/u);
    }
    const [coerced] = [AddressStruct.create('0xABC')];
    expect(coerced).toBe(addAddressPadding('0xabc'));
  });

  it('writes the wire form the spec pattern accepts, as starknet.js starknetNum.toHex does', () => {
    const values = [
      0n,
      1n,
      0xabcn,
      constants.ADDR_BOUND - 1n,
      constants.PRIME - 1n,
    ];
    for (const value of values) {
      const padded = toFelt64(value);
      expect(toWireFelt(padded)).toBe(starknetNum.toHex(value));
      expect(toWireFelt(padded)).toMatch(WIRE_FELT_PATTERN);
      // The padded form is what the spec forbids (except for the one 63-digit case).
      expect(WIRE_FELT_PATTERN.test(padded)).toBe(false);
    }
  });

  it('joins and splits signatures losslessly', () => {
    const rValue = 0x1234n;
    const sValue = constants.PRIME - 2n;
    const joined = joinSignature([starknetNum.toHex(rValue), sValue]);
    expect(joined).toBe(`${toFelt64(rValue)}${toFelt64(sValue).slice(2)}`);
    expect(splitSignature(joined)).toStrictEqual([rValue, sValue]);
    expect(
      splitSignature(joined.toUpperCase().replace('0X', '0x')),
    ).toStrictEqual([rValue, sValue]);
    expect(splitSignature(joined.slice(0, -1))).toBeUndefined();
  });

  it('names the served chains from one place', () => {
    expect(SN_MAIN).toBe(constants.StarknetChainId.SN_MAIN);
    expect(SN_SEPOLIA).toBe(constants.StarknetChainId.SN_SEPOLIA);
    expect(isStarknetChainId(SN_SEPOLIA)).toBe(true);
    expect(isStarknetChainId('0x1')).toBe(false);
  });

  it('formats token amounts exactly', () => {
    expect(formatUnits(1500000000000000000n, 18)).toBe('1.5');
    expect(formatUnits(-1n, 6)).toBe('-0.000001');
    expect(formatUnits(123456789n, 6, 2)).toBe('123.45');
    expect(formatUnits(10n ** 30n, 0)).toBe(`1${'0'.repeat(30)}`);
    assert('0x1', FeltStruct);
  });
});
