import type { Infer } from '@metamask/superstruct';
import {
  array,
  is,
  literal,
  optional,
  string,
  type,
  union,
  unknown,
} from '@metamask/superstruct';
import { isObject } from '@metamask/utils';

import { toWireFelt } from '../../api/felt';
import type { NodeCall } from '../node/node';
import { nodeCall } from '../node/node';

/** One function of an ABI, kept with what naming its arguments needs. */
const AbiFunctionStruct = type({
  type: literal('function'),
  name: string(),
  inputs: array(type({ name: string(), type: string() })),
});

/**
 * A class's ABI reduced to its functions and their inputs: what the confirmation reads,
 * small enough to cache in the snap's state by class hash (a class never changes).
 */
export const CompactAbiStruct = array(AbiFunctionStruct);
export type CompactAbi = Infer<typeof CompactAbiStruct>;

/** The part of a class (`starknet_getClass`) the snap reads: its ABI, Cairo 1 or legacy. */
export const ClassAbiStruct = type({
  abi: optional(union([string(), array(unknown())])),
});

/**
 * A `starknet_getClass` of a called contract's class, for its ABI.
 *
 * @param classHash - The class.
 * @returns The node call.
 */
export function classCall(
  classHash: string,
): NodeCall<Infer<typeof ClassAbiStruct>> {
  return nodeCall(
    'starknet_getClass',
    { block_id: 'pre_confirmed', class_hash: toWireFelt(classHash) },
    ClassAbiStruct,
  );
}

/**
 * The functions of ABI entries, looking inside Cairo 1 `interface` items.
 *
 * @param entries - ABI entries.
 * @returns The functions whose inputs are all named and typed.
 */
function functionsOf(entries: unknown[]): CompactAbi {
  return entries.flatMap((entry): CompactAbi => {
    if (!isObject(entry)) {
      return [];
    }
    if (entry.type === 'interface' && Array.isArray(entry.items)) {
      return functionsOf(entry.items);
    }
    if (entry.type !== 'function' || !Array.isArray(entry.inputs)) {
      return [];
    }
    const fn = {
      type: 'function' as const,
      name: entry.name,
      inputs: entry.inputs.map((input) =>
        isObject(input) ? { name: input.name, type: input.type } : input,
      ),
    };
    return is(fn, AbiFunctionStruct) ? [fn] : [];
  });
}

/**
 * The ABI a class carries on chain, reduced to its functions: a Cairo 1 class holds it
 * as a JSON string, a legacy class as entries.
 *
 * @param body - What `starknet_getClass` answered.
 * @returns Its functions; undefined when the class has no usable ABI.
 */
export function compactAbi(
  body: Infer<typeof ClassAbiStruct>,
): CompactAbi | undefined {
  let entries: unknown = body.abi;
  if (typeof entries === 'string') {
    try {
      entries = JSON.parse(entries);
    } catch {
      return undefined;
    }
  }
  if (!Array.isArray(entries)) {
    return undefined;
  }
  const functions = functionsOf(entries);
  return functions.length > 0 ? functions : undefined;
}
