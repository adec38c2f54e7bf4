/**
 * Fuzzing of SNIP-9 typed data: whatever value a page puts anywhere in an outside
 * execution, the snap reads it (and renders its fields) or refuses it with an
 * InvalidField naming typedDataMessage — never another error (-32603).
 */
import { describe, expect, it } from '@jest/globals';
import type { Json } from '@metamask/utils';
import { isObject } from '@metamask/utils';
import * as fc from 'fast-check';
import { constants, outsideExecution } from 'starknet';

import { InvalidField } from '../../src/errors';
import { requireNetwork } from '../../src/rpc/context';
import { SEPOLIA_CHAIN_ID } from '../../src/starknet/node/networks';
import {
  isOutsideExecution,
  readOutsideExecution,
} from '../../src/starknet/outsideExecution';
import { readTypedData } from '../../src/starknet/review/typedData';
import { describeTypedData } from '../../src/ui/describeTypedData';
import { pathsOf, withValueAt } from '../fixtures/jsonEdit';
import { junk } from '../fixtures/malformedParams';

const network = requireNetwork(SEPOLIA_CHAIN_ID);
const SIGNER = `0x0${'1'.repeat(63)}`;

/**
 * starknet.js-built typed data of a version, as JSON.
 *
 * @param version - SNIP-9 version.
 * @returns The typed data.
 */
function built(version: '1' | '2'): Json {
  return JSON.parse(
    JSON.stringify(
      outsideExecution.getTypedData(
        network.chainId,
        {
          caller: constants.OutsideExecutionCallerAny,
          execute_after: 1,
          execute_before: 2_000_000_000,
        },
        '0x1',
        [
          {
            contractAddress:
              '0x4718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d',
            entrypoint: 'transfer',
            calldata: ['0x7', '40', '0'],
          },
        ],
        version,
      ),
    ),
  );
}

/**
 * Describes a failure for an assertion message.
 *
 * @param error - What was thrown.
 * @returns Its name and message.
 */
function describeError(error: unknown): string {
  return error instanceof Error
    ? `${error.name}: ${error.message}`
    : JSON.stringify(error);
}

describe('fuzzed outside executions', () => {
  it('are read or refused naming typedDataMessage', () => {
    const bases = [built('1'), built('2')];
    const outcomes = new Set<string>();
    const inputs = fc
      .constantFrom(...bases)
      .chain((base) =>
        fc
          .tuple(fc.constantFrom(...pathsOf(base)), junk)
          .map(([path, value]) => withValueAt(base, path, value)),
      );
    fc.assert(
      fc.property(inputs, (input) => {
        if (!isObject(input)) {
          return; // the params struct admits objects and strings only
        }
        let error: unknown;
        try {
          const { data } = readTypedData(input, SIGNER);
          if (isOutsideExecution(data)) {
            readOutsideExecution(data, network);
          }
          describeTypedData(data);
        } catch (caught) {
          error = caught;
        }
        outcomes.add(error === undefined ? 'accepted' : 'refused');
        expect(
          error === undefined || error instanceof InvalidField
            ? 'ok'
            : describeError(error),
        ).toBe('ok');
        expect(
          error instanceof InvalidField
            ? error.path.split('.')[0]
            : 'typedDataMessage',
        ).toBe('typedDataMessage');
      }),
      { numRuns: 300 },
    );
    expect([...outcomes].sort()).toStrictEqual(['accepted', 'refused']);
  });
});
