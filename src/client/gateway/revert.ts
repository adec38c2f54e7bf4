import type { BaseError, Hex } from 'viem';
import { ExecutionRevertedError as ViemExecutionRevertedError } from 'viem';

// Solidity's panic codes, in viem's words (its `panicReasons`, which no public entry of
// viem exports; the tests compare with viem's ContractFunctionRevertedError).
const PANICS: Record<number, string> = {
  0x01: 'An `assert` condition failed',
  0x11: 'Arithmetic operation resulted in underflow or overflow',
  0x12: 'Division or modulo by zero (e.g. `5 / 0` or `23 % 0`)',
  0x21: 'Attempted to convert to an invalid type',
  0x22: 'Attempted to access a storage byte array that is incorrectly encoded',
  0x31: 'Performed `.pop()` on an empty array',
  0x32: 'Array index is out of bounds',
  0x41: 'Allocated too much memory or created an array which is too large',
  0x51: 'Attempted to call a zero-initialized variable of internal function type',
};
const ERROR_SELECTOR = '0x08c379a0'; // Error(string)
const PANIC_SELECTOR = '0x4e487b71'; // Panic(uint256)

const isHexData = (value: unknown): value is Hex =>
  typeof value === 'string' && /^0x(?:[0-9a-fA-F]{2})*$/u.test(value);

// The 32-byte word at a byte offset of the arguments (hex without 0x), if all there.
function wordAt(args: string, offset: number): bigint | undefined {
  const word = args.slice(offset * 2, offset * 2 + 64);
  return word.length === 64 ? BigInt(`0x${word}`) : undefined;
}

// Error(string)'s message: an offset to the length word, then the UTF-8 bytes.
function errorString(args: string): string | undefined {
  const offset = wordAt(args, 0);
  const length =
    offset === undefined ? undefined : wordAt(args, Number(offset));
  if (offset === undefined || length === undefined) {
    return undefined;
  }
  const start = (Number(offset) + 32) * 2;
  const bytes = args.slice(start, start + Number(length) * 2);
  if (bytes.length !== Number(length) * 2) {
    return undefined;
  }
  const octets = Uint8Array.from(bytes.match(/../gu) ?? [], (pair) =>
    parseInt(pair, 16),
  );
  return new TextDecoder().decode(octets);
}

/**
 * The reason in revert data of the two errors Solidity itself raises: `Error(string)`'s
 * message, or `Panic(uint256)` as its code and viem's name for it
 * (`Panic(0x11): Arithmetic operation resulted in underflow or overflow`). It decodes the
 * ABI of those two by their fixed selectors rather than with viem's `decodeErrorResult`,
 * which would bring keccak and the whole ABI decoder (7.6 kB gzip) into the entry, past
 * its size gate; the tests check it against `decodeErrorResult`. A custom error gives
 * undefined: decode `data` with the contract's ABI.
 *
 * @param data - The revert data.
 * @returns The reason, or undefined.
 */
export function revertReason(data: Hex): string | undefined {
  const selector = data.slice(0, 10);
  const args = data.slice(10);
  const code = selector === PANIC_SELECTOR ? wordAt(args, 0) : undefined;
  if (code !== undefined) {
    const name = code < 0x100n ? PANICS[Number(code)] : undefined;
    const panic = `Panic(0x${code.toString(16)})`;
    return name ? `${panic}: ${name}` : panic;
  }
  return selector === ERROR_SELECTOR ? errorString(args) : undefined;
}

/**
 * A call that reverted (JSON-RPC code 3, or a node's "execution reverted" message):
 * viem's `ExecutionRevertedError`, with the revert `data` and its `reason` decoded here
 * from the data, whatever the node's message says (some gateways send only "execution
 * reverted"). `cause` is viem's error of the answer, whose `details` is the node's message.
 */
export class ExecutionRevertedError extends ViemExecutionRevertedError {
  /** The JSON-RPC code of a revert. */
  readonly code = 3;

  /** The raw revert data (hex), when the node sent it. */
  readonly data: Hex | undefined;

  /** `Error(string)`'s message, or `Panic(0x…): <name>`; undefined for a custom error. */
  readonly reason: string | undefined;

  constructor(data: unknown, cause: BaseError) {
    const raw = isHexData(data) ? data : undefined;
    const reason = raw && revertReason(raw);
    super({ cause, message: reason });
    this.data = raw;
    this.reason = reason;
  }
}
