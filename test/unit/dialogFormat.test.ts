/**
 * How dialogs write values, as signed and readable: only long hex values are shortened,
 * never a
 * decimal number; ABI address types read in hex; amounts follow the locale.
 */
import { describe, expect, it } from '@jest/globals';

import { abiArguments } from '../../src/ui/abiArguments';
import { formatTokenAmount, shorten } from '../../src/ui/format';
import { translator } from '../../src/ui/i18n';

const ABI = [
  {
    type: 'interface',
    name: 'IUpgrade',
    items: [
      {
        type: 'function',
        name: 'upgrade',
        inputs: [
          { name: 'class', type: 'core::starknet::class_hash::ClassHash' },
          { name: 'to', type: 'core::starknet::eth_address::EthAddress' },
          {
            name: 'admin',
            type: 'core::starknet::contract_address::ContractAddress',
          },
          { name: 'amount', type: 'core::integer::u256' },
        ],
      },
    ],
  },
];

describe('dialog values', () => {
  it('shortens long hex values only, never a decimal number', () => {
    const decimal = (10n ** 40n).toString();
    expect(shorten(decimal)).toBe(decimal);
    expect(shorten(`0x${'ab'.repeat(32)}`)).toBe('0xabababab…abababab');
    expect(shorten('0x1234')).toBe('0x1234');
    const text = 'a long sentence of more than twenty-four characters';
    expect(shorten(text)).toBe(text);
  });

  it('writes address-typed arguments in hex and numbers with all their digits', () => {
    expect(
      abiArguments(ABI, 'upgrade', ['255', '4096', '17', '0', '1']),
    ).toStrictEqual([
      { name: 'class', value: `0x${'ff'.padStart(64, '0')}` },
      { name: 'to', value: `0x${'1000'.padStart(40, '0')}` },
      { name: 'admin', value: `0x${'11'.padStart(64, '0')}` },
      { name: 'amount', value: (2n ** 128n).toString() },
    ]);
  });

  it('writes a token amount in the language of the dialog', () => {
    const strk = { decimals: 18, symbol: 'STRK' };
    const amount = 15n * 10n ** 17n;
    expect(formatTokenAmount(amount, strk, translator('en'))).toBe('1.5 STRK');
    expect(formatTokenAmount(amount, strk, translator('fr'))).toBe('1,5 STRK');
  });
});
