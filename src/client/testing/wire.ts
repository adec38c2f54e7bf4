/**
 * What crosses between a dapp and the simulated wallet: JSON-RPC errors as MetaMask
 * rejects with them, and the `{ result } | { error }` answers the page bridge carries
 * (a thrown Error does not survive the trip into a page).
 */
import { number, optional, string, type } from '@metamask/superstruct';
import type { Json } from '@metamask/utils';

/** A JSON-RPC error as a wallet rejects with it (code, message, data). */
export type WireError = { code: number; message: string; data?: Json };

/** What the page bridge returns: the result or the error, never a thrown Error. */
export type WireAnswer = { result: unknown } | { error: WireError };

/** The shape of a snap's serialized error. */
export const WireErrorStruct = type({
  code: number(),
  message: string(),
  data: optional(type({})),
});

/** An Error carrying a JSON-RPC code and data, as MetaMask's provider rejects with. */
export class ProviderRpcError extends Error {
  readonly code: number;

  readonly data: Json | undefined;

  constructor(error: WireError) {
    super(error.message);
    this.name = 'ProviderRpcError';
    this.code = error.code;
    this.data = error.data;
  }
}
