import { isObject } from '@metamask/utils';

/** What pruning needs of a superstruct struct (any struct has it). */
type PrunableStruct = {
  type: string;
  schema: unknown;
  is(value: unknown): boolean;
  entries(
    value: unknown,
    context: { branch: unknown[]; path: unknown[] },
  ): Iterable<[string | number, unknown, PrunableStruct]>;
};

/**
 * Drops the damaged entries of a stored value, and only those: an array loses the
 * items its element struct refuses, a record (`record(key, value)`) the values its
 * value struct refuses after they were pruned in turn. So one unreadable transaction
 * record or token costs only itself, not its list. Anything else is returned as is
 * (its caller falls back to a default when it is still refused).
 *
 * @param value - The stored value.
 * @param struct - What it should be.
 * @returns The value with its damaged entries dropped.
 */
export function pruneDamaged(value: unknown, struct: PrunableStruct): unknown {
  if (struct.is(value)) {
    return value;
  }
  if (struct.type === 'array' && Array.isArray(value)) {
    const element: unknown = struct.schema;
    return isStruct(element) ? value.filter((item) => element.is(item)) : value;
  }
  if (struct.type === 'record' && isObject(value)) {
    // A record struct yields each key twice: with the key's struct, then with the
    // value's. The last one seen per key is the value's.
    const entries = new Map<string, [unknown, PrunableStruct]>();
    for (const [key, child, childStruct] of struct.entries(value, {
      branch: [value],
      path: [],
    })) {
      entries.set(String(key), [child, childStruct]);
    }
    const kept: Record<string, unknown> = {};
    for (const [key, [child, childStruct]] of entries) {
      const pruned = pruneDamaged(child, childStruct);
      if (childStruct.is(pruned)) {
        kept[key] = pruned;
      }
    }
    return kept;
  }
  return value;
}

/**
 * Whether a schema is a struct (an array struct's schema is its element struct).
 *
 * @param value - The schema.
 * @returns True for a struct.
 */
function isStruct(value: unknown): value is PrunableStruct {
  return isObject(value) && typeof Reflect.get(value, 'is') === 'function';
}
