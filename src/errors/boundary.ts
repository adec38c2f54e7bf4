import { toSnapError } from './toSnapError';

/**
 * Drops the stack of an error about to leave the snap: a page learns nothing of the
 * snap's code or of the wallet's files from it (paths would identify the user). The
 * error class reads its
 * stack through a getter, shadowed here by an own, empty one.
 *
 * @param error - The mapped error.
 * @returns The same error, without a stack.
 */
function withoutStack(error: Error): Error {
  // null, not undefined: the serialized snap error must hold a string or null.
  Object.defineProperty(error, 'stack', { value: null });
  return error;
}

/**
 * Gives an entry point the snap's one error boundary: whatever it throws reaches
 * MetaMask as a snap error mapped by {@link toSnapError} (code, wallet code, message
 * kept), never as an unhandled crash. Every handler exported from src/index.ts takes
 * it, so a handler added later gets the same boundary with one wrap.
 *
 * @param handler - The entry point.
 * @returns The same entry point, its errors mapped.
 */
export function withErrorBoundary<Args extends unknown[], Result>(
  handler: (...args: Args) => Promise<Result>,
): (...args: Args) => Promise<Result> {
  return async (...args) => {
    try {
      return await handler(...args);
    } catch (error) {
      throw withoutStack(toSnapError(error));
    }
  };
}
