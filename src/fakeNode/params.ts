/**
 * Reading JSON-RPC params into typed values. Anything malformed is an "Invalid params"
 * error (-32602) naming the field path, the way a real node rejects it before looking at
 * chain state.
 */
import { invalidParams } from './errors';
import { isRecord } from './json';

/** The Stark field prime: every felt is below it. */
export const FIELD_PRIME = 2n ** 251n + 17n * 2n ** 192n + 1n;

/** A block reference after parsing: a tag, a number or a hash. */
export type BlockId =
  { tag: 'latest' | 'pending' } | { number: number } | { hash: bigint };

/**
 * Reads a member of a params object.
 *
 * @param params - The object.
 * @param key - Member name.
 * @param path - Path of the object, for messages.
 * @returns The member (possibly undefined).
 */
export function member(params: unknown, key: string, path: string): unknown {
  if (!isRecord(params)) {
    throw invalidParams(`${path} must be an object`);
  }
  return params[key];
}

/**
 * Parses a felt written as hex (`0x…`) or decimal string, or a safe integer.
 *
 * @param value - The raw value.
 * @param path - Field path for the error message.
 * @returns The felt.
 */
export function felt(value: unknown, path: string): bigint {
  let parsed: bigint | undefined;
  if (typeof value === 'string' && /^(0x[0-9a-fA-F]+|[0-9]+)$/u.test(value)) {
    parsed = BigInt(value);
  } else if (typeof value === 'number' && Number.isSafeInteger(value)) {
    parsed = BigInt(value);
  }
  if (parsed === undefined || parsed < 0n || parsed >= FIELD_PRIME) {
    throw invalidParams(`${path} must be a felt`);
  }
  return parsed;
}

/**
 * Parses a list of felts.
 *
 * @param value - The raw value.
 * @param path - Field path.
 * @returns The felts.
 */
export function feltArray(value: unknown, path: string): bigint[] {
  if (!Array.isArray(value)) {
    throw invalidParams(`${path} must be an array of felts`);
  }
  return value.map((item: unknown, index) => felt(item, `${path}[${index}]`));
}

/**
 * Reads a required felt member.
 *
 * @param params - Object holding it.
 * @param key - Member name.
 * @param path - Object path.
 * @returns The felt.
 */
export function feltAt(params: unknown, key: string, path: string): bigint {
  return felt(member(params, key, path), `${path}.${key}`);
}

/**
 * Reads a felt-list member; `optional` lets it be absent (empty).
 *
 * @param params - Object holding it.
 * @param key - Member name.
 * @param path - Object path.
 * @param optional - Whether absence means an empty list.
 * @returns The felts.
 */
export function feltsAt(
  params: unknown,
  key: string,
  path: string,
  optional = false,
): bigint[] {
  const value = member(params, key, path);
  if (value === undefined && optional) {
    return [];
  }
  return feltArray(value, `${path}.${key}`);
}

/**
 * Reads a string member.
 *
 * @param params - Object holding it.
 * @param key - Member name.
 * @param path - Object path.
 * @returns The string.
 */
export function stringAt(params: unknown, key: string, path: string): string {
  const value = member(params, key, path);
  if (typeof value !== 'string') {
    throw invalidParams(`${path}.${key} must be a string`);
  }
  return value;
}

/**
 * Parses a `block_id`; an absent one means `latest`.
 *
 * @param value - Raw block id.
 * @param path - Field path.
 * @returns The block reference.
 */
export function blockId(value: unknown, path = 'block_id'): BlockId {
  if (value === undefined || value === 'latest' || value === 'l1_accepted') {
    return { tag: 'latest' };
  }
  if (value === 'pre_confirmed' || value === 'pending') {
    return { tag: 'pending' };
  }
  if (isRecord(value)) {
    if ('block_number' in value) {
      const number = value.block_number;
      if (typeof number === 'number' && Number.isSafeInteger(number)) {
        return { number };
      }
    } else if ('block_hash' in value) {
      return { hash: felt(value.block_hash, `${path}.block_hash`) };
    }
  }
  throw invalidParams(`${path} must be a block tag, number or hash`);
}

/**
 * Reads the simulation flags list.
 *
 * @param value - Raw flags.
 * @param path - Field path.
 * @returns The flags.
 */
export function simulationFlags(value: unknown, path: string): string[] {
  if (value === undefined) {
    return [];
  }
  if (!Array.isArray(value) || !value.every((it) => typeof it === 'string')) {
    throw invalidParams(`${path} must be an array of strings`);
  }
  return value;
}
