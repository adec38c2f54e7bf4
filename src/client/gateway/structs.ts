import type { Struct } from '@metamask/superstruct';
import { define, enums, is, validate } from '@metamask/superstruct';
import type { Hex, Json } from '@metamask/utils';

import { InvalidParamsError, InvalidResponseError } from './errors';

// Shared parameter and result checks. Inputs are checked strictly (canonical
// quantities): the node would refuse them anyway, and each refusal costs credits.
// Results are checked leniently enough to accept every conforming node.

/** What a typed action needs from the client. */
export type GatewayContext = {
  /** Sends a call (routed, charged, retried) and checks its result. */
  send<Result>(
    method: string,
    params: readonly unknown[],
    result: Struct<Result, unknown>,
  ): Promise<Result>;
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

const hexStruct = (regex: RegExp): Struct<Hex, null> =>
  define<Hex>(
    `Hex(${regex.source})`,
    (value) => typeof value === 'string' && regex.test(value),
  );

/** A 32-byte hash: 0x and 64 hex digits. */
export const Hash32Struct = hexStruct(/^0x[0-9a-fA-F]{64}$/u);
/** A 20-byte address: 0x and 40 hex digits, any case. */
export const AddressStruct = hexStruct(/^0x[0-9a-fA-F]{40}$/u);
/** An input quantity: canonical hex, no leading zeros (`0x0`, `0x1a`). */
export const QuantityStruct = hexStruct(
  /^0x(?:0|[1-9a-fA-F][0-9a-fA-F]{0,63})$/u,
);
/** A result quantity: any non-empty hex up to 256 bits (some nodes pad). */
export const ResultQuantityStruct = hexStruct(/^0x[0-9a-fA-F]{1,64}$/u);
/** Hex data: 0x and whole bytes (possibly none). */
export const HexDataStruct = hexStruct(/^0x(?:[0-9a-fA-F]{2})*$/u);
/** An 8-byte value (proof-of-work nonce). */
export const Bytes8Struct = hexStruct(/^0x[0-9a-fA-F]{16}$/u);
/** A 256-byte logs bloom. */
export const Bytes256Struct = hexStruct(/^0x[0-9a-fA-F]{512}$/u);
/** The named block tags accepted where a block parameter is. */
export const BlockTagStruct = enums([
  'latest',
  'earliest',
  'pending',
  'safe',
  'finalized',
]);

/**
 * A present value that came from `JSON.parse` and so is JSON by construction: only the
 * type is narrowed, nothing is walked.
 */
export const ParsedJsonStruct = define<Json>(
  'ParsedJson',
  (value) => value !== undefined,
);

/**
 * Checks a parameter (before anything is sent: a refusal by the node costs credits and
 * a round trip) or, without a parameter name, an answer.
 *
 * @param struct - The struct.
 * @param value - The value given or received.
 * @param method - The method, for the message.
 * @param name - The parameter's name; omitted for a result.
 * @returns The value, narrowed.
 * @throws {InvalidParamsError} Naming the parameter and the path inside it.
 * @throws {InvalidResponseError} When an answer does not match.
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
    // superstruct prints a refused value with `${value}`, which throws for an object
    // that cannot become a string (own `toString` data, no prototype).
    throw new Failure(`${method}: invalid ${name ?? 'result'}`, {
      method,
      cause,
    });
  }
  const [error, checked] = result;
  if (error) {
    const path = [name ?? 'result', ...error.path.map(String)].join('.');
    throw new Failure(`${method}: invalid ${path}: ${error.message}`, {
      method,
      cause: error,
    });
  }
  return checked;
}

/**
 * Turns a quantity input into the canonical hex the node expects.
 *
 * @param value - Hex, number or bigint.
 * @param method - The method, for the message.
 * @param name - The parameter's name, for the message.
 * @returns Canonical hex (`0x0`, `0x1a`).
 * @throws {InvalidParamsError} For negative, fractional, unsafe or non-canonical values.
 */
export function toQuantity(value: unknown, method: string, name: string): Hex {
  const safe =
    typeof value === 'bigint' || Number.isSafeInteger(value)
      ? value
      : undefined;
  if ((typeof safe === 'bigint' || typeof safe === 'number') && safe >= 0) {
    return `0x${safe.toString(16)}`;
  }
  if (typeof value === 'number' || typeof value === 'bigint') {
    throw new InvalidParamsError(
      `${method}: invalid ${name}: expected a non-negative safe integer, got ${value}`,
      { method },
    );
  }
  return check(QuantityStruct, value, method, name);
}

/**
 * Turns a block parameter into its wire form: a tag as is, a number as canonical hex.
 *
 * @param value - The block parameter.
 * @param method - The method, for the message.
 * @param name - The parameter's name, for the message.
 * @returns The tag or hex block number.
 * @throws {InvalidParamsError} For anything else.
 */
export function toBlockParameter(
  value: unknown,
  method: string,
  name: string,
): BlockTag | Hex {
  // Only a string can be a tag (and `is` would throw describing some objects).
  if (typeof value === 'string' && is(value, BlockTagStruct)) {
    return value;
  }
  if (typeof value === 'string' && !value.startsWith('0x')) {
    throw new InvalidParamsError(
      `${method}: invalid ${name}: expected a hex block number or a block tag, got ${JSON.stringify(value)}`,
      { method },
    );
  }
  return toQuantity(value, method, name);
}
