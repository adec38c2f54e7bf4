/**
 * Reading a node's reason (src/errors/nodeReason.ts): blockifier's failure text puts the
 * innermost failure last, after every frame (`execution/stack_trace.rs`), and a Cairo
 * panic as its felt and text (`format_panic_data`); the snap shows that failure first,
 * decoded, then the contracts it failed in. 52's text says which nonce the node expected.
 * The texts below are shaped as blockifier and the gateway write them
 * (starkware-libs/sequencer 60161ba: `stack_trace_test.rs`,
 * `stateful_transaction_validator.rs` `validate_nonce`).
 */
import { describe, expect, it } from '@jest/globals';

import { NodeRequestFailed } from '../../src/errors';
import {
  expectedNonce,
  FRAMES_MAX,
  nodeReasonOf,
  readableReason,
  readReason,
  REASON_MAX,
  shortStringOf,
} from '../../src/errors/nodeReason';

const ACCOUNT = `0x${'a1'.repeat(32)}`;
const POOL = `0x${'b2'.repeat(32)}`;
const TOKEN = `0x${'c3'.repeat(32)}`;
const CLASS = `0x${'d4'.repeat(32)}`;
const SELECTOR = `0x${'e5'.repeat(32)}`;

/** A nested revert as blockifier 0.14 writes it: account, pool, token; the token panics. */
const NESTED = [
  'Transaction execution has failed:',
  `0: Error in the called contract (contract address: ${ACCOUNT}, class hash: ${CLASS}, selector: ${SELECTOR}):`,
  'Execution failed. Failure reason:',
  `Error in contract (contract address: ${ACCOUNT}, class hash: ${CLASS}, selector: ${SELECTOR}):`,
  `Error in contract (contract address: ${POOL}, class hash: ${CLASS}, selector: ${SELECTOR}):`,
  `Error in contract (contract address: ${TOKEN}, class hash: ${CLASS}, selector: ${SELECTOR}):`,
  "0x4e6f7420656e6f7567682072657761726473 ('Not enough rewards').",
  '',
].join('\n');

describe('shortStringOf', () => {
  it('decodes a Cairo short string and refuses other felts', () => {
    expect(shortStringOf('0x4e6f7420656e6f7567682072657761726473')).toBe(
      'Not enough rewards',
    );
    expect(shortStringOf('0x0')).toBeUndefined();
    expect(shortStringOf('0x0107')).toBeUndefined();
    expect(shortStringOf(`0x${'41'.repeat(32)}`)).toBeUndefined();
  });
});

describe('readReason', () => {
  it('reads the innermost failure of a nested revert, then its frames innermost first', () => {
    expect(readReason(NESTED)).toStrictEqual({
      reason: 'Not enough rewards',
      frames: [TOKEN, POOL, ACCOUNT],
    });
    expect(readableReason(NESTED)).toBe(
      `Not enough rewards (in contract ${TOKEN}, called from ${POOL}, ${ACCOUNT})`,
    );
  });

  it('decodes a felt blockifier gave without its text, and drops ENTRYPOINT_FAILED', () => {
    const text = `Execution failed. Failure reason:\n(0x4e6f7420656e6f7567682072657761726473, 0x454e545259504f494e545f4641494c4544 ('ENTRYPOINT_FAILED')).\n`;
    expect(readableReason(text)).toBe('Not enough rewards');
  });

  it('keeps several panic felts and a ByteArray text', () => {
    expect(
      readableReason(
        "Execution failed. Failure reason:\n(0x1, 0x6661696c ('fail')).\n",
      ),
    ).toBe('0x1, fail');
    expect(
      readableReason(
        'Execution failed. Failure reason:\n"Pool: amount exceeds the deposit".\n',
      ),
    ).toBe('Pool: amount exceeds the deposit');
  });

  it('reads a validation failure and a Cairo 0 VM error', () => {
    expect(
      readableReason(
        `The \`validate\` entry point panicked with:\nError in contract (contract address: ${ACCOUNT}, class hash: ${CLASS}, selector: ${SELECTOR}):\n0x617267656e742f696e76616c69642d7369676e6174757265 ('argent/invalid-signature').\n`,
      ),
    ).toBe(`argent/invalid-signature (in contract ${ACCOUNT})`);
    expect(
      readableReason(
        `Transaction validation has failed:\n0: Error in the called contract (contract address: ${ACCOUNT}, class hash: ${CLASS}, selector: ${SELECTOR}):\nError at pc=0:12:\nCairo traceback (most recent call last):\nUnknown location (pc=0:3)\n\nAn ASSERT_EQ instruction failed: 1 != 0.\n`,
      ),
    ).toBe(`An ASSERT_EQ instruction failed: 1 != 0. (in contract ${ACCOUNT})`);
  });

  it('reads the one-line form and plain text', () => {
    expect(
      readableReason(
        `Transaction execution has failed:\n0: Error in the called contract (contract address: ${TOKEN}, selector: ${SELECTOR}):\nExecution failed. Failure reason: 'ERC20: insufficient balance'.\n`,
      ),
    ).toBe(`ERC20: insufficient balance (in contract ${TOKEN})`);
    expect(readableReason('The field paymaster_data should be empty.')).toBe(
      'The field paymaster_data should be empty.',
    );
  });

  it('keeps the reason whole however many frames come first, and bounds the frames', () => {
    const frames = Array.from(
      { length: 40 },
      (_, at) =>
        `Error in contract (contract address: 0x${at.toString(16).padStart(64, '0')}, class hash: ${CLASS}, selector: ${SELECTOR}):`,
    );
    const text = [
      'Execution failed. Failure reason:',
      ...frames,
      "0x4e6f7420656e6f7567682072657761726473 ('Not enough rewards').",
    ].join('\n');
    expect(text.length).toBeGreaterThan(600);
    const line = readableReason(text);
    expect(line.startsWith('Not enough rewards (in contract 0x')).toBe(true);
    expect(line.length).toBeLessThanOrEqual(
      'Not enough rewards'.length + FRAMES_MAX + 3,
    );
    expect(line.endsWith('…)')).toBe(true);
  });

  it('bounds a huge reason and removes control characters', () => {
    const line = readableReason(`'${'x'.repeat(5000)}\u202E'.`);
    expect([...line]).toHaveLength(REASON_MAX);
    expect(line.includes('\u202E')).toBe(false);
  });
});

describe('expectedNonce', () => {
  it("reads the gateway's and blockifier's texts, in decimal", () => {
    expect(
      expectedNonce('Invalid transaction nonce. Expected: nonce = 5, got: 7.'),
    ).toStrictEqual({ expected: '5', got: '7' });
    expect(
      expectedNonce(
        'Invalid transaction nonce. Expected: 3 <= nonce <= 203, got: 2.',
      ),
    ).toStrictEqual({ expected: '3 to 203', got: '2' });
    expect(
      expectedNonce(
        'Invalid transaction nonce of contract at address 0x02e2. Account nonce: 0x0000000000000000000000000000000000000000000000000000000000000183; got: 0x0000000000000000000000000000000000000000000000000000000000000005.',
      ),
    ).toStrictEqual({ expected: '387', got: '5' });
    expect(expectedNonce('something else')).toBeUndefined();
  });
});

describe('NodeRequestFailed with a reason', () => {
  const refused = (code: number, message: string, data: unknown) =>
    new NodeRequestFailed({
      method: 'starknet_addInvokeTransaction',
      message,
      code,
      data: data as string,
      action: 'snapnet_executeTxn',
    }).message;

  it('says the reason of 55, 63, 41 and the nonce of 52', () => {
    expect(refused(55, 'Account validation failed', NESTED)).toBe(
      `snapnet_executeTxn failed: the Starknet node refused it: Account validation failed (code 55): Not enough rewards (in contract ${TOKEN}, called from ${POOL}, ${ACCOUNT}).`,
    );
    expect(
      refused(
        63,
        'An unexpected error occurred',
        'Invalid nonce data availability mode.',
      ),
    ).toBe(
      'snapnet_executeTxn failed: the Starknet node refused it: An unexpected error occurred (code 63): Invalid nonce data availability mode.',
    );
    expect(
      refused(
        52,
        'Invalid transaction nonce',
        'Invalid transaction nonce. Expected: nonce = 5, got: 7.',
      ),
    ).toBe(
      'snapnet_executeTxn failed: the Starknet node refused it: Invalid transaction nonce (code 52): the node expected nonce 5, got 7.',
    );
    expect(
      nodeReasonOf(41, {
        transaction_index: 0,
        execution_error: NESTED,
      }),
    ).toBe(
      `Not enough rewards (in contract ${TOKEN}, called from ${POOL}, ${ACCOUNT})`,
    );
  });

  it('still says "try again" for a 63 without a reason', () => {
    expect(refused(63, 'An unexpected error occurred', undefined)).toContain(
      'Try again',
    );
  });
});
