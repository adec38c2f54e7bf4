/**
 * Argument checks shared by the node's built-in contracts (tokenContract.ts,
 * accountContract.ts): kept apart so that neither contract kind imports the other.
 */
import { ExecutionRevert } from './errors';

/**
 * Checks the argument count and returns the arguments, failing as a Cairo 1 contract's
 * deserialisation does (so that a wrong call reverts with the node's own text).
 *
 * @param calldata - Call data.
 * @param count - Expected number of felts.
 * @returns The same felts.
 */
export function exactArgs(calldata: bigint[], count: number): bigint[] {
  if (calldata.length < count) {
    throw new ExecutionRevert(
      `Failed to deserialize param #${calldata.length + 1}`,
    );
  }
  if (calldata.length > count) {
    throw new ExecutionRevert('Input too long for arguments');
  }
  return calldata;
}
