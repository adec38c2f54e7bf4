import {
  decodeRevertData,
  describeRevert,
  ExecutionRevertedError,
} from '../../src/client/gateway';
import { encodeErrorString, encodePanic } from './helpers/evm';

describe('decodeRevertData', () => {
  it.each([
    'nope',
    '',
    'a reason longer than one 32-byte word, to span two',
    'ünïcødé ✓',
  ])('decodes Error(%j)', (message) => {
    expect(decodeRevertData(encodeErrorString(message))).toStrictEqual({
      kind: 'error',
      message,
    });
  });

  it.each([
    [0x00, 'generic compiler panic'],
    [0x01, 'assertion failed'],
    [0x11, 'arithmetic underflow or overflow'],
    [0x12, 'division or modulo by zero'],
    [0x21, 'invalid enum value'],
    [0x22, 'invalid storage byte array encoding'],
    [0x31, 'pop on an empty array'],
    [0x32, 'array index out of bounds'],
    [0x41, 'out of memory'],
    [0x51, 'call to a zero-initialized function'],
    [0x99, 'unknown panic'],
  ])('names Panic(0x%s)', (code, name) => {
    expect(decodeRevertData(encodePanic(code))).toStrictEqual({
      kind: 'panic',
      code: BigInt(code),
      name,
    });
  });

  it('keeps a custom error selector and its arguments', () => {
    expect(decodeRevertData('0xcafebabe0102')).toStrictEqual({
      kind: 'custom',
      selector: '0xcafebabe',
      args: '0x0102',
    });
  });

  it('keeps malformed Error(string) and Panic data as custom errors', () => {
    const truncated = encodeErrorString('nope').slice(0, 2 + 8 + 64 + 32);
    expect(decodeRevertData(truncated as `0x${string}`)).toMatchObject({
      kind: 'custom',
      selector: '0x08c379a0',
    });
    const hugeOffset = `0x08c379a0${'f'.repeat(64)}${'0'.repeat(64)}` as const;
    expect(decodeRevertData(hugeOffset)).toMatchObject({ kind: 'custom' });
    expect(decodeRevertData('0x4e487b7101')).toMatchObject({ kind: 'custom' });
  });

  it('tells empty data from data too short for a selector', () => {
    expect(decodeRevertData('0x')).toStrictEqual({ kind: 'empty' });
    expect(decodeRevertData('0x0102')).toStrictEqual({ kind: 'unrecognized' });
    expect(decodeRevertData('0x123')).toStrictEqual({ kind: 'unrecognized' });
  });
});

describe('describeRevert and ExecutionRevertedError', () => {
  it('reads each kind in one line', () => {
    expect(describeRevert({ kind: 'error', message: 'nope' })).toBe('nope');
    expect(
      describeRevert({
        kind: 'panic',
        code: 0x11n,
        name: 'arithmetic underflow or overflow',
      }),
    ).toBe('panic: arithmetic underflow or overflow (0x11)');
    expect(
      describeRevert({ kind: 'custom', selector: '0xcafebabe', args: '0x' }),
    ).toBe('custom error 0xcafebabe');
    expect(describeRevert({ kind: 'empty' })).toBeUndefined();
  });

  it('decodes error.data of a code 3 answer and keeps it', () => {
    const data = encodeErrorString('insufficient balance');
    const error = new ExecutionRevertedError(
      'execution reverted: insufficient balance',
      { data, method: 'eth_call' },
    );
    expect(error).toMatchObject({
      code: 3,
      data,
      reason: 'insufficient balance',
      name: 'ExecutionRevertedError',
    });
  });
});
