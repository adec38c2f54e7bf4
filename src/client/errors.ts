import type { Json } from '@metamask/utils';
import { getErrorMessage, isObject } from '@metamask/utils';

/** What every dapp-side client error carries besides its message. */
export type SnapnetErrorOptions = {
  /** The JSON-RPC code (wallet, snap, gateway or local equivalent). */
  code: number;
  /** `error.data` as received: `walletRpcError`, `field`, `node`, revert data, … */
  data?: Json | undefined;
  /** The method (snap, gateway or multichain) that failed. */
  method?: string | undefined;
  /** A longer explanation than the message; defaults to the cause's message. */
  details?: string | undefined;
  /** What was caught, kept so nothing is swallowed. */
  cause?: unknown;
};

/**
 * Base of every error the dapp-side clients (`snapnet/client`, `/gateway`, `/multichain`,
 * `/wallet`) throw, shaped like viem's `BaseError`: one `instanceof` separates wallet, snap
 * and node failures from programming errors, `code` is the JSON-RPC code to switch on, and
 * `walk()` finds the root cause through any number of wrapping layers.
 */
export class SnapnetError extends Error {
  readonly code: number;

  readonly data: Json | undefined;

  readonly method: string | undefined;

  readonly details: string;

  /**
   * @param message - What went wrong, in words a dapp developer can act on.
   * @param options - Code, data, method, details and cause.
   */
  constructor(message: string, options: SnapnetErrorOptions) {
    super(message, { cause: options.cause });
    this.name = 'SnapnetError';
    this.code = options.code;
    this.data = options.data;
    this.method = options.method;
    this.details =
      options.details ??
      (options.cause === undefined ? message : getErrorMessage(options.cause));
  }

  /**
   * Follows `cause` links (viem's `walk`): with a predicate, the first error in the chain
   * it accepts (or null); without one, the deepest cause.
   *
   * @param predicate - Optional test for the error wanted.
   * @returns The matching or deepest error of the chain.
   */
  walk(predicate?: (error: unknown) => boolean): unknown {
    const seen = new Set<unknown>();
    // The chain starts at this error itself.
    // eslint-disable-next-line @typescript-eslint/no-this-alias, consistent-this
    let current: unknown = this;
    while (!seen.has(current)) {
      seen.add(current);
      if (predicate?.(current)) {
        return current;
      }
      const next: unknown =
        current instanceof Error ? current.cause : undefined;
      if (next === undefined) {
        break;
      }
      current = next;
    }
    return predicate ? null : current;
  }

  /**
   * @returns The Starknet wallet-API code of `data.walletRpcError.code`, when the snap
   * sent one (111 not ERC-20, 112 unlisted network, 113 refused, 114 bad payload, …).
   */
  get walletCode(): number | undefined {
    const { data } = this;
    const wallet =
      isObject(data) && !Array.isArray(data) ? data.walletRpcError : undefined;
    const code =
      isObject(wallet) && !Array.isArray(wallet) ? wallet.code : undefined;
    return typeof code === 'number' ? code : undefined;
  }
}
