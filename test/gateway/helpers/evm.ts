import type { Hex } from '@metamask/utils';
import { isStrictHexString } from '@metamask/utils';

import type { Anvil } from './anvil';
import { anvilResult, waitForReceipt } from './anvil';

/**
 * Hand-assembled EVM code and hand-made ABI encodings, written independently of the
 * client's decoder so that the tests compare two separate implementations.
 */

/**
 * Left-pads a hex number to one 32-byte word.
 *
 * @param value - The number.
 * @returns 64 hex digits.
 */
function word(value: number | bigint): string {
  return value.toString(16).padStart(64, '0');
}

/**
 * ABI-encodes `Error(string)` revert data: selector, offset 0x20, length, padded bytes.
 *
 * @param message - The reason.
 * @returns The revert data.
 */
export function encodeErrorString(message: string): Hex {
  const bytes = Buffer.from(message, 'utf8');
  const padded = Buffer.concat([
    bytes,
    Buffer.alloc((32 - (bytes.length % 32)) % 32),
  ]);
  return `0x08c379a0${word(32)}${word(bytes.length)}${padded.toString('hex')}`;
}

/**
 * ABI-encodes `Panic(uint256)` revert data.
 *
 * @param code - The panic code.
 * @returns The revert data.
 */
export function encodePanic(code: number): Hex {
  return `0x4e487b71${word(code)}`;
}

/**
 * A two-byte big-endian immediate for PUSH2.
 *
 * @param value - The value (< 65536).
 * @returns Four hex digits.
 */
function push2(value: number): string {
  return `61${value.toString(16).padStart(4, '0')}`;
}

/**
 * Code that copies the bytes after it into memory and ends with RETURN (0xf3) or REVERT
 * (0xfd) of them: PUSH2 len, PUSH2 offset, PUSH1 0, CODECOPY, PUSH2 len, PUSH1 0, op.
 *
 * @param payload - The bytes to return or revert with.
 * @param op - 'f3' or 'fd'.
 * @returns The code.
 */
function emit(payload: Hex, op: 'f3' | 'fd'): Hex {
  const body = payload.slice(2);
  const length = body.length / 2;
  const prefixLength = 15;
  return `0x${push2(length)}${push2(prefixLength)}600039${push2(length)}6000${op}${body}`;
}

/**
 * Runtime code that always reverts with the given data.
 *
 * @param data - The revert data.
 * @returns The runtime code.
 */
export function revertingRuntime(data: Hex): Hex {
  return emit(data, 'fd');
}

/**
 * Runtime code that always returns the given data.
 *
 * @param data - The return data.
 * @returns The runtime code.
 */
export function returningRuntime(data: Hex): Hex {
  return emit(data, 'f3');
}

/**
 * Creation code that deploys the given runtime code (it returns it).
 *
 * @param runtime - The runtime code.
 * @returns The creation code.
 */
export function creationCode(runtime: Hex): Hex {
  return emit(runtime, 'f3');
}

/**
 * Deploys runtime code with eth_sendTransaction from an anvil dev account.
 *
 * @param anvil - The node.
 * @param from - A dev account.
 * @param runtime - The runtime code.
 * @returns The contract address.
 */
export async function deploy(
  anvil: Anvil,
  from: Hex,
  runtime: Hex,
): Promise<Hex> {
  const hash = await anvilResult(anvil, 'eth_sendTransaction', [
    { from, data: creationCode(runtime) },
  ]);
  const receipt = await waitForReceipt(anvil, hash);
  const address = receipt.contractAddress;
  if (typeof address !== 'string' || !isStrictHexString(address)) {
    throw new Error(`deployment ${String(hash)} has no contract address`);
  }
  const code = await anvilResult(anvil, 'eth_getCode', [address, 'latest']);
  if (code !== runtime) {
    throw new Error(`deployed code ${String(code)} differs from ${runtime}`);
  }
  return address;
}
