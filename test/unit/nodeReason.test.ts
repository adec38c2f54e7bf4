/**
 * What the dialog says when a node refuses a simulation: the text of its error 41 in both
 * shapes of the spec's `execution_error` (a string, or nested contract frames, spec
 * v0.10.0 `CONTRACT_EXECUTION_ERROR`), and that text made safe to show (no line breaks,
 * control or bidi characters, bounded length).
 */
import { describe, expect, it } from '@jest/globals';
import type { Json } from '@metamask/utils';

import { NodeRequestFailed } from '../../src/errors';
import { executionErrorText } from '../../src/starknet/review/revertReason';
import { NODE_REASON_MAX, nodeText } from '../../src/ui/describePreview';

const failure = (code: number, data: Json | undefined): NodeRequestFailed =>
  new NodeRequestFailed({
    method: 'starknet_simulateTransactions',
    message: 'Transaction execution error',
    code,
    data,
  });

describe('executionErrorText', () => {
  it('reads the string form', () => {
    expect(
      executionErrorText(
        failure(41, {
          transaction_index: 0,
          execution_error:
            'Resource bounds were not satisfied: Max L1Gas price (0) is lower than the actual gas price: 1.',
        }),
      ),
    ).toBe(
      'Resource bounds were not satisfied: Max L1Gas price (0) is lower than the actual gas price: 1.',
    );
  });

  it('puts the innermost error of nested contract frames first', () => {
    expect(
      executionErrorText(
        failure(41, {
          transaction_index: 1,
          execution_error: {
            contract_address: '0x1',
            class_hash: '0x2',
            selector: '0x3',
            error: {
              contract_address: '0x4',
              class_hash: '0x5',
              selector: '0x6',
              error: 'ERC20: insufficient balance',
            },
          },
        }),
      ),
    ).toBe('ERC20: insufficient balance (in contract 0x4, called from 0x1)');
  });

  it('reads nothing from other errors', () => {
    expect(executionErrorText(failure(-32601, undefined))).toBeUndefined();
    expect(executionErrorText(failure(41, { nope: 1 }))).toBeUndefined();
    expect(executionErrorText(new Error('x'))).toBeUndefined();
  });
});

describe('nodeText', () => {
  it('removes line breaks, control and bidi characters, and bounds the length', () => {
    expect(nodeText('a\n0: b\u0007\u202Ec\t d')).toBe('a 0: bc d');
    const long = nodeText('x'.repeat(5000));
    expect([...long]).toHaveLength(NODE_REASON_MAX);
    expect(long.endsWith('…')).toBe(true);
  });
});
