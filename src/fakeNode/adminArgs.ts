/**
 * Argument readers of the admin API (adminOps.ts): each names the bad argument, as a
 * test author calling `fakeNode()` wrongly needs to see which one.
 */
import { isRecord } from './json';
import { selectorOf } from './ledger';
import { felt } from './params';
import type { FunctionBehaviour } from './state';

/**
 * Reads a required string argument.
 *
 * @param args - Arguments.
 * @param key - Name.
 * @returns The value.
 */
export function text(args: Record<string, unknown>, key: string): string {
  const value = args[key];
  if (typeof value !== 'string') {
    throw new Error(`${key} must be a string`);
  }
  return value;
}

/**
 * Reads a felt argument (hex or decimal string).
 *
 * @param args - Arguments.
 * @param key - Name.
 * @returns The felt.
 */
export function feltArg(args: Record<string, unknown>, key: string): bigint {
  try {
    return felt(args[key], key);
  } catch {
    throw new Error(`${key} must be a felt (hex or decimal string)`);
  }
}

/**
 * Reads an optional felt argument.
 *
 * @param args - Arguments.
 * @param key - Name.
 * @returns The felt, if given.
 */
export function optionalFelt(
  args: Record<string, unknown>,
  key: string,
): bigint | undefined {
  return args[key] === undefined ? undefined : feltArg(args, key);
}

/**
 * Reads the `functions` of `addContract`: name -> result felts, `{ revert }`, or
 * `{ call }` (calls another contract's function without arguments, passing its result
 * or revert up: a nested call).
 *
 * @param value - Raw functions object.
 * @returns The behaviours.
 */
export function functionsArg(value: unknown): FunctionBehaviour[] {
  if (!isRecord(value)) {
    throw new Error('functions must be an object');
  }
  return Object.entries(value).map(([name, behaviour]): FunctionBehaviour => {
    if (Array.isArray(behaviour)) {
      return {
        name,
        result: behaviour.map((item: unknown, index) =>
          felt(item, `${name}[${index}]`),
        ),
      };
    }
    if (isRecord(behaviour) && typeof behaviour.revert === 'string') {
      return { name, revert: behaviour.revert };
    }
    const call = isRecord(behaviour) ? behaviour.call : undefined;
    if (isRecord(call) && typeof call.entrypoint === 'string') {
      const to = felt(call.contractAddress, `${name}.call.contractAddress`);
      return { name, call: { to, selector: selectorOf(call.entrypoint) } };
    }
    throw new Error(
      `functions.${name} must be a felt array, { revert: string } or { call: { contractAddress, entrypoint } }`,
    );
  });
}
