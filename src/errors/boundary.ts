import { toSnapError } from './toSnapError';

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
      throw toSnapError(error);
    }
  };
}
