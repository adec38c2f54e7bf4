import type { Struct } from '@metamask/superstruct';
import {
  define,
  enums,
  integer,
  is,
  min,
  pattern,
  string,
  type,
  validate,
} from '@metamask/superstruct';
import type { Hex, Json } from '@metamask/utils';

import { InvalidParamsError, InvalidResponseError } from './errors';

/**
 * Shared building blocks of the gateway's parameter and result checks. Inputs are
 * checked strictly (canonical quantities) because the node would refuse them anyway and
 * each refusal costs credits; results leniently enough to accept every conforming node.
 */

/** What a typed action needs from the client. */
export type GatewayContext = {
  /**
   * Sends a call (routed, charged, retried) and checks its result.
   *
   * @throws {GatewayError} As the transport, the ledger or the result check say.
   */
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

/** A block parameter: a tag or a block number. */
export type BlockParameter = BlockTag | QuantityInput;

/**
 * A hex string struct for one pattern, with a message that shows the value refused.
 *
 * @param regex - The pattern.
 * @returns The struct.
 */
const hexPattern = (regex: RegExp): Struct<Hex, null> =>
  define<Hex>(`Hex(${regex.source})`, (value) =>
    typeof value === 'string' && regex.test(value)
      ? true
      : `Expected a hex string matching ${regex.source}, got ${preview(value)}`,
  );

/**
 * A short, safe rendering of a refused value for messages (no bigint crash, no
 * megabyte of calldata).
 *
 * @param value - The value.
 * @returns A string of at most ~70 characters.
 */
export function preview(value: unknown): string {
  if (typeof value === 'string') {
    return JSON.stringify(value.length > 66 ? `${value.slice(0, 66)}…` : value);
  }
  return typeof value === 'bigint' ? `${value}n` : String(value);
}

/** A 32-byte hash: 0x and 64 hex digits. */
export const Hash32Struct = hexPattern(/^0x[0-9a-fA-F]{64}$/u);

/** A 20-byte address: 0x and 40 hex digits, any case. */
export const AddressStruct = hexPattern(/^0x[0-9a-fA-F]{40}$/u);

/** An input quantity: canonical hex, no leading zeros (`0x0`, `0x1a`). */
export const QuantityStruct = hexPattern(
  /^0x(?:0|[1-9a-fA-F][0-9a-fA-F]{0,63})$/u,
);

/** A result quantity: any non-empty hex up to 256 bits (some nodes pad). */
export const ResultQuantityStruct = hexPattern(/^0x[0-9a-fA-F]{1,64}$/u);

/** Hex data: 0x and whole bytes (possibly none). */
export const HexDataStruct = hexPattern(/^0x(?:[0-9a-fA-F]{2})*$/u);

/** An 8-byte value (proof-of-work nonce). */
export const Bytes8Struct = hexPattern(/^0x[0-9a-fA-F]{16}$/u);

/** A 256-byte logs bloom. */
export const Bytes256Struct = hexPattern(/^0x[0-9a-fA-F]{512}$/u);

/** The named block tags accepted where a block parameter is. */
export const BlockTagStruct = enums([
  'latest',
  'earliest',
  'pending',
  'safe',
  'finalized',
]);

/** A block tag. */
export type BlockTag = 'latest' | 'earliest' | 'pending' | 'safe' | 'finalized';

/** A base58 public key (32 bytes encode to 32–44 characters). */
export const Base58PubkeyStruct = pattern(
  string(),
  /^[1-9A-HJ-NP-Za-km-z]{32,44}$/u,
);

/** A slot number: a non-negative integer. */
export const SlotStruct = min(integer(), 0);

/** Commitment levels of Solana queries. */
export const CommitmentStruct = enums(['finalized', 'confirmed', 'processed']);

/** `context` of Solana results. */
export const SolanaContextStruct = type({
  slot: SlotStruct,
  apiVersion: string(),
});

/**
 * A present value that came from `JSON.parse` and so is JSON by construction; only the
 * type is narrowed, nothing is walked.
 */
export const ParsedJsonStruct = define<Json>(
  'ParsedJson',
  (value) => value !== undefined,
);

/**
 * Checks a parameter against its struct before anything is sent, because a refusal by
 * the node costs credits and a round trip.
 *
 * @param struct - The parameter's struct.
 * @param value - The value given.
 * @param method - The method, for the message.
 * @param name - The parameter's name, for the message.
 * @returns The value, narrowed.
 * @throws {InvalidParamsError} Naming the parameter and the path inside it.
 */
export function assertParam<Type>(
  struct: Struct<Type, unknown>,
  value: unknown,
  method: string,
  name: string,
): Type {
  let result;
  try {
    result = validate(value, struct);
  } catch (cause) {
    // superstruct describes a refused value with `${value}`, which throws for an
    // object that cannot become a string (own `toString` data, no prototype).
    throw new InvalidParamsError(
      `${method}: invalid ${name}: not a value of the expected shape`,
      { method, cause },
    );
  }
  const [error, checked] = result;
  if (error) {
    const path = [name, ...error.path.map(String)].join('.');
    throw new InvalidParamsError(
      `${method}: invalid ${path}: ${error.message}`,
      {
        method,
        cause: error,
      },
    );
  }
  return checked;
}

/**
 * Checks an answer against the documented shape of the method's result.
 *
 * @param struct - The result struct.
 * @param value - The `result` member of the answer.
 * @param method - The method, for the message.
 * @returns The value, narrowed.
 * @throws {InvalidResponseError} When the answer does not match.
 */
export function assertResult<Type>(
  struct: Struct<Type, unknown>,
  value: unknown,
  method: string,
): Type {
  const [error, checked] = validate(value, struct);
  if (error) {
    const path = error.path.length > 0 ? ` at ${error.path.join('.')}` : '';
    throw new InvalidResponseError(
      `${method}: unexpected result${path}: ${error.message}`,
      { method, cause: error },
    );
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
  if (typeof value === 'bigint' && value >= 0n) {
    return `0x${value.toString(16)}`;
  }
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) {
    return `0x${value.toString(16)}`;
  }
  if (typeof value === 'number' || typeof value === 'bigint') {
    throw new InvalidParamsError(
      `${method}: invalid ${name}: expected a non-negative safe integer, got ${String(value)}`,
      { method },
    );
  }
  return assertParam(QuantityStruct, value, method, name);
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
      `${method}: invalid ${name}: expected a hex block number or one of latest, earliest, pending, safe, finalized, got ${JSON.stringify(value)}`,
      { method },
    );
  }
  return toQuantity(value, method, name);
}
