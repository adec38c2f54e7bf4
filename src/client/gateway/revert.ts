import type { Hex } from '@metamask/utils';
import {
  bytesToBigInt,
  bytesToHex,
  bytesToString,
  hexToBytes,
  isHexString,
} from '@metamask/utils';

/** Selector of `Error(string)`, the revert of `require(cond, "reason")`. */
export const ERROR_SELECTOR = '0x08c379a0';

/** Selector of `Panic(uint256)`, raised by the compiler on assert, overflow, etc. */
export const PANIC_SELECTOR = '0x4e487b71';

/**
 * Names of the Solidity panic codes, as the Solidity documentation lists them, so that
 * a caller sees "arithmetic underflow or overflow" rather than 0x11.
 */
export const PANIC_NAMES: Readonly<Record<number, string>> = {
  0x00: 'generic compiler panic',
  0x01: 'assertion failed',
  0x11: 'arithmetic underflow or overflow',
  0x12: 'division or modulo by zero',
  0x21: 'invalid enum value',
  0x22: 'invalid storage byte array encoding',
  0x31: 'pop on an empty array',
  0x32: 'array index out of bounds',
  0x41: 'out of memory',
  0x51: 'call to a zero-initialized function',
};

/** What revert data says, decoded as far as it can be without the contract's ABI. */
export type RevertReason =
  | {
      /** `Error(string)`: the message given to `require` or `revert`. */
      kind: 'error';
      /** The message. */
      message: string;
    }
  | {
      /** `Panic(uint256)`, raised by the compiler. */
      kind: 'panic';
      /** The panic code (0x01 assert, 0x11 overflow, 0x12 division by zero, …). */
      code: bigint;
      /** The panic's documented name. */
      name: string;
    }
  | {
      /** Any other 4-byte selector: a custom error. */
      kind: 'custom';
      /** The error's selector. */
      selector: Hex;
      /** Its ABI-encoded arguments. */
      args: Hex;
    }
  | {
      /** No data (`revert()`), or fewer than 4 bytes. */
      kind: 'empty' | 'unrecognized';
    };

const WORD = 32;

/**
 * Decodes eth_call revert data. Written here because neither @metamask/utils nor any
 * installed dependency of the client decodes ABI, and only two fixed layouts are needed.
 * Malformed `Error(string)` or `Panic` payloads are reported as custom errors with
 * their selector, so no data is lost.
 *
 * @param data - The raw revert data (`error.data` of a code 3 answer).
 * @returns The decoded reason.
 */
export function decodeRevertData(data: Hex): RevertReason {
  if (!isHexString(data) || data.length % 2 !== 0) {
    return { kind: data === '0x' ? 'empty' : 'unrecognized' };
  }
  const bytes = hexToBytes(data);
  if (bytes.length === 0) {
    return { kind: 'empty' };
  }
  if (bytes.length < 4) {
    return { kind: 'unrecognized' };
  }
  const selector = bytesToHex(bytes.subarray(0, 4));
  const body = bytes.subarray(4);
  if (selector === ERROR_SELECTOR) {
    const message = decodeAbiString(body);
    if (message !== undefined) {
      return { kind: 'error', message };
    }
  } else if (selector === PANIC_SELECTOR && body.length === WORD) {
    const code = bytesToBigInt(body);
    return { kind: 'panic', code, name: panicName(code) };
  }
  return { kind: 'custom', selector, args: bytesToHex(body) };
}

/**
 * A one-line reading of a revert reason for messages and logs.
 *
 * @param reason - The decoded reason.
 * @returns The Error(string) message, "panic: <name> (0x..)", "custom error 0x…", or
 * undefined when there is nothing to say.
 */
export function describeRevert(reason: RevertReason): string | undefined {
  switch (reason.kind) {
    case 'error':
      return reason.message;
    case 'panic':
      return `panic: ${reason.name} (0x${reason.code.toString(16).padStart(2, '0')})`;
    case 'custom':
      return `custom error ${reason.selector}`;
    default:
      return undefined;
  }
}

/**
 * The name of a Solidity panic code.
 *
 * @param code - The panic code.
 * @returns Its documented name, or "unknown panic".
 */
function panicName(code: bigint): string {
  const name = code <= 0xffn ? PANIC_NAMES[Number(code)] : undefined;
  return name ?? 'unknown panic';
}

/**
 * Decodes the single ABI `string` argument of `Error(string)`: a head word holding the
 * offset, then at that offset a length word and the UTF-8 bytes.
 *
 * @param body - The bytes after the selector.
 * @returns The string, or undefined when offsets or lengths point outside the data.
 */
function decodeAbiString(body: Uint8Array): string | undefined {
  if (body.length < WORD) {
    return undefined;
  }
  const offset = bytesToBigInt(body.subarray(0, WORD));
  if (offset + BigInt(WORD) > BigInt(body.length)) {
    return undefined;
  }
  const start = Number(offset) + WORD;
  const length = bytesToBigInt(body.subarray(Number(offset), start));
  if (BigInt(start) + length > BigInt(body.length)) {
    return undefined;
  }
  return bytesToString(body.subarray(start, start + Number(length)));
}
