import type { Hex } from '@metamask/utils';
import { decodeErrorResult, isHex } from 'viem';

/** Selector of `Error(string)`, the revert of `require(cond, "reason")`. */
export const ERROR_SELECTOR = '0x08c379a0';

/** Selector of `Panic(uint256)`, raised by the compiler on assert, overflow, etc. */
export const PANIC_SELECTOR = '0x4e487b71';

/** Short names of the Solidity panic codes (viem's `panicReasons` has sentences). */
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
  | { kind: 'error'; message: string } // Error(string): require's message
  | { kind: 'panic'; code: bigint; name: string } // Panic(uint256)
  | { kind: 'custom'; selector: Hex; args: Hex } // any other selector
  | { kind: 'empty' | 'unrecognized' }; // no data (`revert()`), or under 4 bytes

/**
 * Decodes eth_call revert data with viem's `decodeErrorResult`; other selectors and
 * malformed payloads are kept as custom errors, so no data is lost.
 *
 * @param data - The raw revert data (`error.data` of a code 3 answer).
 * @returns The decoded reason.
 */
export function decodeRevertData(data: Hex): RevertReason {
  if (data === '0x') {
    return { kind: 'empty' };
  }
  if (!isHex(data, { strict: true }) || data.length % 2 || data.length < 10) {
    return { kind: 'unrecognized' };
  }
  try {
    const { errorName, args } = decodeErrorResult({ abi: [], data });
    const [value] = args ?? [];
    if (errorName === 'Error' && typeof value === 'string') {
      return { kind: 'error', message: value };
    }
    if (errorName === 'Panic' && typeof value === 'bigint') {
      const name = value <= 0xffn ? PANIC_NAMES[Number(value)] : undefined;
      return { kind: 'panic', code: value, name: name ?? 'unknown panic' };
    }
  } catch {
    // An unknown selector or a malformed payload: a custom error.
  }
  return {
    kind: 'custom',
    selector: `0x${data.slice(2, 10)}`,
    args: `0x${data.slice(10)}`,
  };
}

/**
 * One readable line for a revert reason, for messages and logs.
 *
 * @param reason - The decoded reason.
 * @returns The message, "panic: <name> (0x..)", "custom error 0x…", or undefined.
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
