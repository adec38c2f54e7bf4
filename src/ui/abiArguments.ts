import { isObject } from '@metamask/utils';

import { toFelt64 } from '../api/felt';

const CONTRACT_ADDRESS = 'core::starknet::contract_address::ContractAddress';
const CLASS_HASH = 'core::starknet::class_hash::ClassHash';
const ETH_ADDRESS = 'core::starknet::eth_address::EthAddress';

/** How many felts one argument of a simple ABI type takes; undefined when not simple. */
const FELT_SIZES: Record<string, number> = {
  felt: 1,
  felt252: 1,
  'core::felt252': 1,
  [CONTRACT_ADDRESS]: 1,
  [CLASS_HASH]: 1,
  [ETH_ADDRESS]: 1,
  'core::bool': 1,
  'core::integer::u8': 1,
  'core::integer::u16': 1,
  'core::integer::u32': 1,
  'core::integer::u64': 1,
  'core::integer::u128': 1,
  'core::integer::u256': 2,
  Uint256: 2,
};

type AbiInput = { name: string; type: string };

/**
 * Finds a function's inputs in a Cairo 0 or Cairo 1 ABI (functions may sit inside
 * `interface` items).
 *
 * @param abi - The ABI.
 * @param name - Function name.
 * @returns Its inputs, or undefined when the ABI does not have it.
 */
function findInputs(abi: unknown[], name: string): AbiInput[] | undefined {
  for (const item of abi) {
    if (!isObject(item)) {
      continue;
    }
    if (item.type === 'interface' && Array.isArray(item.items)) {
      const inner = findInputs(item.items, name);
      if (inner) {
        return inner;
      }
    }
    if (
      item.type === 'function' &&
      item.name === name &&
      Array.isArray(item.inputs)
    ) {
      const inputs = item.inputs.filter(
        (input): input is AbiInput =>
          isObject(input) &&
          typeof input.name === 'string' &&
          typeof input.type === 'string',
      );
      return inputs.length === item.inputs.length ? inputs : undefined;
    }
  }
  return undefined;
}

/**
 * One decoded argument as the dialog shows it: addresses and class hashes in hex, as
 * the user knows them (an address in decimal cannot be compared with the one the user
 * expects), numbers in decimal with all their digits.
 *
 * @param type - The ABI type.
 * @param felts - Its felts (two for a u256).
 * @returns The text.
 */
function argumentText(type: string, felts: string[]): string {
  const [low = '0', high = '0'] = felts;
  if (type === CONTRACT_ADDRESS || type === CLASS_HASH) {
    return toFelt64(low);
  }
  if (type === ETH_ADDRESS) {
    return `0x${BigInt(low).toString(16).padStart(40, '0')}`;
  }
  return felts.length === 2
    ? (BigInt(low) + BigInt(high) * 2n ** 128n).toString()
    : BigInt(low).toString();
}

/**
 * Names a call's calldata with its ABI, so the user reads `recipient` and `amount`
 * rather than positional felts. Only ABIs of simple argument types (felts, addresses,
 * integers, u256) are decoded; anything else is shown raw.
 *
 * @param abi - The contract's ABI.
 * @param entrypoint - The function called.
 * @param calldata - Its calldata.
 * @returns Named values, or undefined when the calldata cannot be decoded exactly.
 */
export function abiArguments(
  abi: unknown[],
  entrypoint: string,
  calldata: string[],
): { name: string; value: string }[] | undefined {
  const inputs = findInputs(abi, entrypoint);
  if (!inputs) {
    return undefined;
  }
  const named: { name: string; value: string }[] = [];
  let at = 0;
  for (const input of inputs) {
    const size = FELT_SIZES[input.type];
    const felts = calldata.slice(at, at + (size ?? 0));
    if (size === undefined || felts.length !== size) {
      return undefined;
    }
    named.push({ name: input.name, value: argumentText(input.type, felts) });
    at += size;
  }
  return at === calldata.length ? named : undefined;
}
