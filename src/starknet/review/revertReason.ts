import { NodeRequestFailed } from '../../errors';
import { executionErrorReason, readableReason } from '../../errors/nodeReason';

// Why a simulated or estimated send fails, readable: blockifier writes the innermost
// failure (a Cairo short string, as its felt and text) last, after every frame, so the
// snap puts it first (errors/nodeReason.ts) before a dialog bounds the text.

/**
 * The reason of a node's error 41 (`TRANSACTION_EXECUTION_ERROR`): its
 * `execution_error`, a string or nested frames (spec `CONTRACT_EXECUTION_ERROR`), the
 * innermost failure first, then the contracts it failed in.
 *
 * @param error - The node's failure.
 * @returns The reason, or undefined for any other error.
 */
export function executionErrorText(error: unknown): string | undefined {
  if (!(error instanceof NodeRequestFailed) || error.code !== 41) {
    return undefined;
  }
  const { data } = error;
  return data !== null && typeof data === 'object' && 'execution_error' in data
    ? executionErrorReason(data.execution_error)
    : undefined;
}

/**
 * The revert reason of a simulated invoke's trace (`execute_invocation.revert_reason`),
 * innermost failure first.
 *
 * @param invocation - The invoke's `execute_invocation`, if any.
 * @returns The reason, or undefined when it did not revert.
 */
export function traceRevertReason(
  invocation: object | undefined,
): string | undefined {
  return invocation !== undefined &&
    'revert_reason' in invocation &&
    typeof invocation.revert_reason === 'string'
    ? readableReason(invocation.revert_reason)
    : undefined;
}
