import type { Hex } from '@metamask/utils';
import {
  ContractFunctionRevertedError,
  decodeErrorResult,
  RpcRequestError,
  ExecutionRevertedError as ViemExecutionRevertedError,
} from 'viem';

import { ExecutionRevertedError } from '../../src/client/gateway';
import { revertReason } from '../../src/client/gateway/revert';
import { encodeErrorString, encodePanic } from './helpers/evm';

/**
 * What viem's decoder makes of revert data: `Error(string)`'s message, or for a panic
 * its code and the name viem's ContractFunctionRevertedError gives it; undefined when
 * viem cannot decode it without the contract's ABI.
 *
 * @param data - The revert data.
 * @returns viem's reason.
 */
function viemReason(data: Hex): string | undefined {
  let decoded;
  try {
    decoded = decodeErrorResult({ abi: [], data });
  } catch {
    return undefined;
  }
  const [first] = decoded.args ?? [];
  if (decoded.errorName === 'Error') {
    return String(first);
  }
  const panic = `Panic(0x${BigInt(String(first)).toString(16)})`;
  const name = new ContractFunctionRevertedError({
    abi: [],
    data,
    functionName: 'f',
  }).reason;
  return name ? `${panic}: ${name.replace(/\.$/u, '')}` : panic;
}

const MESSAGES = [
  'nope',
  '',
  'a',
  'x'.repeat(32),
  'y'.repeat(33),
  'ERC20: transfer amount exceeds balance',
  'é ✓ 🚀 — unicode, several bytes each',
  'z'.repeat(300),
];
const PANIC_CODES = [
  0x00, 0x01, 0x11, 0x12, 0x21, 0x22, 0x31, 0x32, 0x41, 0x51, 0x99,
];

describe('revertReason', () => {
  it.each(MESSAGES)('decodes Error(%j) as viem does', (message) => {
    const data = encodeErrorString(message);
    expect(viemReason(data)).toBe(message);
    expect(revertReason(data)).toBe(message);
  });

  it.each(PANIC_CODES)(
    'decodes Panic(%i) into code and name as viem does',
    (code) => {
      const data = encodePanic(code);
      const expected = viemReason(data);
      expect(expected).toMatch(/^Panic\(0x[0-9a-f]+\)/u);
      expect(revertReason(data)).toBe(expected);
    },
  );

  it('names the panics the issue lists', () => {
    expect(revertReason(encodePanic(0x11))).toMatch(
      /^Panic\(0x11\): .*overflow/u,
    );
    expect(revertReason(encodePanic(0x12))).toMatch(
      /^Panic\(0x12\): Division/u,
    );
    expect(revertReason(encodePanic(0x01))).toMatch(/^Panic\(0x1\): .*assert/u);
    expect(revertReason(`0x4e487b71${'f'.repeat(64)}`)).toBe(
      `Panic(0x${'f'.repeat(64)})`,
    );
  });

  it.each([
    ['no data', '0x'],
    ['a selector alone', '0x08c379a0'],
    ['a custom error', `0xdeadbeef${'00'.repeat(31)}07`],
    ['a truncated message', encodeErrorString('cut short').slice(0, -64)],
    ['an offset past the end', `0x08c379a0${'00'.repeat(31)}ff`],
    [
      'a length past the end',
      `0x08c379a0${'00'.repeat(31)}20${'ff'.repeat(32)}`,
    ],
    ['a truncated panic', '0x4e487b7100'],
  ] as const)(
    'gives no reason for %s, where viem decodes none either',
    (_name, data) => {
      expect(viemReason(data as Hex)).toBeUndefined();
      expect(revertReason(data as Hex)).toBeUndefined();
    },
  );
});

describe('ExecutionRevertedError', () => {
  const answer = (data?: unknown): RpcRequestError =>
    new RpcRequestError({
      body: { method: 'eth_call' },
      error: { code: 3, message: 'execution reverted', data },
      url: 'http://127.0.0.1/v3/***',
    });

  it("is viem's class, with code 3, the data and the reason from the data", () => {
    const data = encodeErrorString('from the data');
    const error = new ExecutionRevertedError(data, answer(data));
    expect(error).toBeInstanceOf(ViemExecutionRevertedError);
    expect(error.name).toBe('ExecutionRevertedError');
    expect({
      code: error.code,
      data: error.data,
      reason: error.reason,
    }).toStrictEqual({
      code: 3,
      data,
      reason: 'from the data',
    });
    expect(error.details).toBe('execution reverted');
  });

  it('keeps no data and no reason when the node sent none, or not hex', () => {
    for (const data of [undefined, 'Reverted 0x08c379a0', 42]) {
      const error = new ExecutionRevertedError(data, answer(data));
      expect(error.code).toBe(3);
      expect(error.data).toBeUndefined();
      expect(error.reason).toBeUndefined();
      expect(error.shortMessage).toBe(
        'Execution reverted for an unknown reason.',
      );
    }
  });
});
