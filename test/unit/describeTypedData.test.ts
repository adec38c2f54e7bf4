import { describe, expect, it } from '@jest/globals';
import type { TypedData } from 'starknet';
import { hash, shortString, typedData } from 'starknet';

import type { TypedDataNode } from '../../src/ui/describeTypedData';
import { describeTypedData } from '../../src/ui/describeTypedData';
import { MAIL_REV0, MAIL_REV1 } from '../fixtures/typedData';

/**
 * A copy of the revision-0 Mail with another `amount` (a felt).
 *
 * @param amount - The value.
 * @returns Typed data.
 */
function mailWithAmount(amount: unknown): TypedData {
  return { ...MAIL_REV0, message: { ...MAIL_REV0.message, amount } };
}

/**
 * The row of a node list by label.
 *
 * @param nodes - Nodes.
 * @param label - Label.
 * @returns The node.
 */
function row(nodes: TypedDataNode[], label: string): TypedDataNode | undefined {
  return nodes.find((node) => node.label === label);
}

describe('describeTypedData', () => {
  it('shows a revision-1 message as hashed: text quoted and marked, addresses in hex', () => {
    const { domain, message } = describeTypedData(MAIL_REV1);
    expect(row(domain, 'chainId')).toStrictEqual({
      label: 'chainId',
      shown: '"SN_SEPOLIA"',
      text: true,
    });
    expect(row(domain, 'revision')).toStrictEqual({
      label: 'revision',
      shown: '1',
    });
    expect(row(message, 'from')).toStrictEqual({
      label: 'from',
      children: [
        { label: 'name', shown: '"Alice"', text: true },
        { label: 'wallet', shown: MAIL_REV1.message.from.wallet },
      ],
    });
    expect(row(message, 'to')).toMatchObject({
      children: [
        { label: 'name' },
        { label: 'wallet', shown: `0x${'42'.padStart(64, '0')}` },
      ],
    });
  });

  it('shows a felt given in hex as its number and hex', () => {
    const { message } = describeTypedData(MAIL_REV0);
    expect(row(message, 'to')).toStrictEqual({
      label: 'to',
      shown: '66 (0x42)',
    });
    expect(row(message, 'amount')).toStrictEqual({
      label: 'amount',
      shown: '1000',
    });
  });

  it('shows text in a felt as what starknet.js hashes: the same hash as its encoding', () => {
    const { message } = describeTypedData(mailWithAmount('gm'));
    expect(row(message, 'amount')).toStrictEqual({
      label: 'amount',
      shown: '"gm"',
      text: true,
    });
    expect(typedData.getMessageHash(mailWithAmount('gm'), '0x1')).toBe(
      typedData.getMessageHash(
        mailWithAmount(shortString.encodeShortString('gm')),
        '0x1',
      ),
    );
  });

  it.each([
    '0.000001',
    '1,000',
    '1_000',
    ' 12',
    '12 ',
    '1e18',
    '0b101',
    '',
    'a\u0007b',
    '-5',
  ])('refuses %j in a felt field, naming the field', (amount) => {
    expect(() => describeTypedData(mailWithAmount(amount))).toThrow(
      'typedDataMessage.message.amount',
    );
  });

  it('refuses a fractional or unsafe JS number', () => {
    expect(() => describeTypedData(mailWithAmount(1.5))).toThrow(
      'message.amount',
    );
    expect(() => describeTypedData(mailWithAmount(2 ** 60))).toThrow(
      'message.amount',
    );
  });

  it('refuses a message key that its type does not hash, naming it', () => {
    const data = {
      ...MAIL_REV1,
      message: { ...MAIL_REV1.message, note: 'unsigned' },
    };
    expect(() => describeTypedData(data)).toThrow(
      'typedDataMessage.message.note',
    );
    const nested = {
      ...MAIL_REV1,
      message: {
        ...MAIL_REV1.message,
        to: { ...MAIL_REV1.message.to, extra: '1' },
      },
    };
    expect(() => describeTypedData(nested)).toThrow(
      'typedDataMessage.message.to.extra',
    );
  });

  it('refuses a domain key that the domain type does not hash', () => {
    const data = { ...MAIL_REV1, domain: { ...MAIL_REV1.domain, salt: '0x1' } };
    expect(() => describeTypedData(data)).toThrow(
      'typedDataMessage.domain.salt',
    );
  });

  it('refuses values nested deeper than the dialog shows', () => {
    const deep: TypedData = {
      ...MAIL_REV0,
      types: {
        StarkNetDomain: MAIL_REV0.types.StarkNetDomain,
        Mail: [{ name: 'a', type: 'A' }],
        A: [{ name: 'b', type: 'B' }],
        B: [{ name: 'c', type: 'C' }],
        C: [{ name: 'd', type: 'D*' }],
        D: [{ name: 'e', type: 'felt' }],
      },
      message: { a: { b: { c: { d: [{ e: '1' }] } } } },
    };
    expect(() => describeTypedData(deep)).toThrow(
      'typedDataMessage.message.a.b.c.d',
    );
  });

  it('shows a revision-1 u256 preset and an enum variant', () => {
    const data: TypedData = {
      ...MAIL_REV1,
      types: {
        StarknetDomain: MAIL_REV1.types.StarknetDomain,
        Order: [
          { name: 'amount', type: 'u256' },
          { name: 'side', type: 'enum', contains: 'Side' },
        ],
        Side: [
          { name: 'Buy', type: '(u128)' },
          { name: 'Sell', type: '()' },
        ],
      },
      primaryType: 'Order',
      message: { amount: { low: '40', high: '0' }, side: { Buy: ['7'] } },
    };
    expect(typedData.getMessageHash(data, '0x1')).toMatch(/^0x/u);
    expect(describeTypedData(data).message).toStrictEqual([
      // One number, not its halves: the user reads the amount signed.
      { label: 'amount', shown: '40' },
      {
        label: 'side',
        children: [{ label: 'Buy', children: [{ label: '0', shown: '7' }] }],
      },
    ]);
  });

  it('shows merkle tree leaves and a selector given by name with its hash', () => {
    const data: TypedData = {
      ...MAIL_REV1,
      types: {
        StarknetDomain: MAIL_REV1.types.StarknetDomain,
        Claim: [
          { name: 'leaves', type: 'merkletree', contains: 'Leaf' },
          { name: 'entry', type: 'selector' },
        ],
        Leaf: [{ name: 'to', type: 'ContractAddress' }],
      },
      primaryType: 'Claim',
      message: { leaves: [{ to: '0x1' }, { to: '0x2' }], entry: 'transfer' },
    };
    expect(typedData.getMessageHash(data, '0x1')).toMatch(/^0x/u);
    const [leaves, entry] = describeTypedData(data).message;
    expect(leaves).toMatchObject({
      label: 'leaves',
      children: [
        {
          label: '[0]',
          children: [{ label: 'to', shown: `0x${'1'.padStart(64, '0')}` }],
        },
        {
          label: '[1]',
          children: [{ label: 'to', shown: `0x${'2'.padStart(64, '0')}` }],
        },
      ],
    });
    expect(entry).toStrictEqual({
      label: 'entry',
      shown: `transfer (${`0x${BigInt(hash.getSelectorFromName('transfer')).toString(16).padStart(64, '0')}`})`,
    });
  });
});
