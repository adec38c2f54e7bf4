/**
 * JSON values and the felt <-> hex conversions the node's answers use. Felts leave the
 * node as minimal `0x` hex (the spec's FELT pattern forbids leading zeros).
 */

/** Any JSON value. */
export type Json =
  null | boolean | number | string | Json[] | { [key: string]: Json };

/** A JSON object. */
export type JsonObject = { [key: string]: Json };

/**
 * Minimal hex of a felt, as nodes write felts.
 *
 * @param value - The felt.
 * @returns `0x`-prefixed lowercase hex without leading zeros.
 */
export function feltHex(value: bigint): string {
  return `0x${value.toString(16)}`;
}

/**
 * Hex of every felt in a list.
 *
 * @param values - Felts.
 * @returns Their minimal hex strings.
 */
export function feltHexes(values: readonly bigint[]): string[] {
  return values.map(feltHex);
}

/**
 * An address written as `0x` + 64 hex digits, the convention the snap shows.
 *
 * @param value - The address.
 * @returns The padded address.
 */
export function paddedAddress(value: bigint): string {
  return `0x${value.toString(16).padStart(64, '0')}`;
}

/**
 * Narrows an unknown value to a plain object.
 *
 * @param value - Anything.
 * @returns Whether it is a non-array object.
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
