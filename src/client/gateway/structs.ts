import type { Struct } from '@metamask/superstruct';
import { validate } from '@metamask/superstruct';
import type { Hex } from '@metamask/utils';

import { InvalidParamsError, InvalidResponseError } from './errors';

// Shared parameter and result checks. Inputs are checked strictly (canonical
// quantities): the node would refuse them anyway, and each refusal costs credits.
// Results are checked leniently enough to accept every conforming node.

/** Checks an answer: returns it narrowed or throws InvalidResponseError. */
export type ResultCheck<Result> = (value: unknown, method: string) => Result;

/** What a typed action needs from the client. */
export type GatewayContext = {
  /** Sends a call (charged, retried) and checks its answer. */
  send<Result>(
    method: string,
    params: readonly unknown[],
    result: ResultCheck<Result>,
  ): Promise<Result>;
  /** Throws ConfigurationError for a method this client may not send. */
  guard(method: string): void;
  /** Reports something the caller should change but that does not stop the call. */
  warn(message: string): void;
  /** The block gas limit, given or fetched once, for eth_call's gas cap. */
  blockGasLimit(): Promise<bigint>;
};

/** A quantity as callers like to write it: canonical hex, a number or a bigint. */
export type QuantityInput = Hex | number | bigint;
/** A block tag. */
export type BlockTag = 'latest' | 'earliest' | 'pending' | 'safe' | 'finalized';
/** A block parameter: a tag or a block number. */
export type BlockParameter = BlockTag | QuantityInput;

/** The hex forms of the EVM methods (`quantity`: canonical, as inputs must be). */
export const HEX = {
  hash: /^0x[0-9a-fA-F]{64}$/u,
  address: /^0x[0-9a-fA-F]{40}$/u,
  quantity: /^0x(?:0|[1-9a-fA-F][0-9a-fA-F]{0,63})$/u,
  anyQuantity: /^0x[0-9a-fA-F]{1,64}$/u, // results: some nodes pad
  data: /^0x(?:[0-9a-fA-F]{2})*$/u,
  bytes8: /^0x[0-9a-fA-F]{16}$/u,
  bytes256: /^0x[0-9a-fA-F]{512}$/u,
} as const;

/**
 * Checks a parameter before anything is sent (a refusal by the node costs credits and a
 * round trip) or, without a name, an answer; the message names the path at fault.
 *
 * @param struct - The struct.
 * @param value - The value given or received.
 * @param method - The method, for the message.
 * @param name - The parameter's name; omitted for a result.
 * @returns The value, narrowed.
 * @throws {InvalidParamsError | InvalidResponseError} When it does not match.
 */
export function check<Type>(
  struct: Struct<Type, unknown>,
  value: unknown,
  method: string,
  name?: string,
): Type {
  const Failure =
    name === undefined ? InvalidResponseError : InvalidParamsError;
  let result;
  try {
    result = validate(value, struct);
  } catch (cause) {
    // superstruct prints a refused value with `${value}`, which throws for some objects.
    const message = `${method}: invalid ${name ?? 'result'}`;
    throw new Failure(message, { method, cause });
  }
  const [error, checked] = result;
  if (error) {
    const path = [name ?? 'result', ...error.path.map(String)].join('.');
    const message = `${method}: invalid ${path}: ${error.message}`;
    throw new Failure(message, { method, cause: error });
  }
  return checked;
}

/**
 * Checks a hex parameter or, without a name, an answer, with one regular expression
 * (the hot path: no superstruct).
 *
 * @param kind - The hex form expected.
 * @param value - The value given or received.
 * @param method - The method, for the message.
 * @param name - The parameter's name; omitted for a result.
 * @returns The value.
 * @throws {InvalidParamsError | InvalidResponseError} When it is not that form.
 */
export function checkHex(
  kind: keyof typeof HEX,
  value: unknown,
  method: string,
  name?: string,
): Hex {
  if (typeof value === 'string' && HEX[kind].test(value)) {
    return value as Hex;
  }
  const Failure =
    name === undefined ? InvalidResponseError : InvalidParamsError;
  const shown =
    typeof value === 'string' ? JSON.stringify(value) : typeof value;
  const message = `${method}: invalid ${name ?? 'result'}: expected hex ${kind}, got ${shown}`;
  throw new Failure(message, { method });
}
