import { describe, expect, it } from '@jest/globals';
import { hash, transaction } from 'starknet';

import { entrypointOf } from '../../src/starknet/outsideExecution/support';
import { executeCalldata } from '../../src/starknet/sends/transactions';
import { formatUnixTime } from '../../src/ui/OutsideExecutionParts';

const STRK =
  '0x4718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d';

describe('executeCalldata with selectors', () => {
  it('compiles a call carrying its selector as starknet.js compiles its name', () => {
    const named = [
      {
        contractAddress: STRK,
        entrypoint: 'transfer',
        calldata: ['0x7', '40', '0'],
      },
      { contractAddress: '0x5', entrypoint: 'approve', calldata: [] },
    ];
    const bySelector = named.map((call, index) => ({
      ...call,
      entrypoint: index === 0 ? 'ignored' : call.entrypoint,
      ...(index === 0
        ? { selector: hash.getSelectorFromName('transfer') }
        : {}),
    }));
    expect(executeCalldata(bySelector, '1')).toStrictEqual(
      transaction.getExecuteCalldata(named, '1').map(String),
    );
  });
});

describe('entrypointOf', () => {
  it('names a selector from the ABI, or nothing', () => {
    const abi = [{ name: 'approve' }, { name: 'transfer' }];
    expect(entrypointOf(hash.getSelectorFromName('transfer'), abi)).toBe(
      'transfer',
    );
    expect(entrypointOf('0x1234', abi)).toBeUndefined();
    expect(entrypointOf('0x1234', undefined)).toBeUndefined();
  });
});

describe('formatUnixTime', () => {
  it('shows a date and time in UTC, and seconds past what a date holds', () => {
    expect(formatUnixTime(1_900_000_000n)).toBe('2030-03-17 17:46:40 UTC');
    expect(formatUnixTime(2n ** 64n - 1n)).toBe(`${2n ** 64n - 1n} s`);
  });
});
