/**
 * Calls are named by the ABI of the called contract's class on chain (Cairo 1 or
 * legacy); the dapp's ABI names only a contract with none, and is marked unverified.
 */
import { describe, expect, it } from '@jest/globals';

import { compactAbi } from '../../src/starknet/review/contractAbi';
import { describeCalls } from '../../src/ui/describeCalls';

const STRK =
  '0x4718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d';
const OTHER = '0x777';

describe('on-chain ABIs', () => {
  const transferInputs = [
    {
      name: 'recipient',
      type: 'core::starknet::contract_address::ContractAddress',
    },
    { name: 'amount', type: 'core::integer::u256' },
  ];
  const cairo1 = JSON.stringify([
    {
      type: 'interface',
      name: 'IERC20',
      items: [{ type: 'function', name: 'transfer', inputs: transferInputs }],
    },
    { type: 'event', name: 'Transfer', kind: 'struct', members: [] },
  ]);

  it('reads Cairo 1 (a JSON string) and legacy (entries) ABIs', () => {
    expect(compactAbi({ abi: cairo1 })).toStrictEqual([
      { type: 'function', name: 'transfer', inputs: transferInputs },
    ]);
    expect(
      compactAbi({
        abi: [
          {
            type: 'function',
            name: 'transfer',
            inputs: [{ name: 'to', type: 'felt' }],
            outputs: [],
          },
        ],
      }),
    ).toStrictEqual([
      {
        type: 'function',
        name: 'transfer',
        inputs: [{ name: 'to', type: 'felt' }],
      },
    ]);
    expect(compactAbi({ abi: 'not json' })).toBeUndefined();
    expect(compactAbi({})).toBeUndefined();
  });

  it('never names arguments with the dapp ABI when the chain has one', () => {
    const call = {
      contractAddress: STRK,
      entrypoint: 'transfer',
      calldata: [OTHER, '5', '0'],
    };
    const dappAbi = [
      {
        type: 'function',
        name: 'transfer',
        inputs: [
          { name: 'claim_reward', type: 'felt' },
          { name: 'bonus', type: 'core::integer::u256' },
        ],
      },
    ];
    const onChain = new Map([
      [`0x0${STRK.slice(2)}`, compactAbi({ abi: cairo1 }) ?? []],
    ]);
    const [verified] = describeCalls([call], [], dappAbi, onChain);
    expect(verified?.args?.map((arg) => arg.name)).toStrictEqual([
      'recipient',
      'amount',
    ]);
    expect(verified?.unverified).toBeUndefined();
    const [unverified] = describeCalls([call], [], dappAbi, new Map());
    expect(unverified?.args?.map((arg) => arg.name)).toStrictEqual([
      'claim_reward',
      'bonus',
    ]);
    expect(unverified?.unverified).toBe(true);
  });
});
