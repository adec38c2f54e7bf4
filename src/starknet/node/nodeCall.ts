import type { Struct, StructError } from '@metamask/superstruct';
import { validate } from '@metamask/superstruct';
import type { Json } from '@metamask/utils';

import type { NodeRequestFailed } from '../../errors';

/**
 * One JSON-RPC call to a Starknet node (spec 0.10 methods take by-name params), with
 * the struct its answer must match. The answer is checked once, where it arrives, so
 * a malformed answer is a `NodeRequestFailed` naming the method, never a TypeError
 * deep in a handler.
 */
export type NodeCall<Result = Json> = {
  method: string;
  /** By name; positional only where a dapp's request is forwarded as given. */
  params: Record<string, Json> | Json[];
  /** Checks an answer against the call's result struct (see {@link nodeCall}). */
  check: (answer: Json) => [StructError, undefined] | [undefined, Result];
};

/**
 * Builds a node call: method, by-name params and the struct of its result.
 *
 * @param method - The spec method.
 * @param params - Its params, already in wire form.
 * @param result - What a correct answer looks like.
 * @returns The call.
 */
export function nodeCall<Result>(
  method: string,
  params: Record<string, Json> | Json[],
  result: Struct<Result, unknown>,
): NodeCall<Result> {
  return {
    method,
    params,
    check: (answer) => validate(answer, result, { coerce: true }),
  };
}

/** Outcome of one call in a batch: batches keep per-call node errors apart. */
export type NodeOutcome<Result = Json> =
  { ok: true; result: Result } | { ok: false; error: NodeRequestFailed };

/** The outcomes of a batch, typed call by call. */
export type NodeOutcomes<Calls extends readonly NodeCall<unknown>[]> = {
  [Index in keyof Calls]: NodeOutcome<
    Calls[Index] extends NodeCall<infer Result> ? Result : never
  >;
};
