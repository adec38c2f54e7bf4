import { array, is, string } from '@metamask/superstruct';
import type { Json } from '@metamask/utils';
import { hash } from 'starknet';

import { NodeRequestFailed } from '../errors';
import type { NodeCall } from './node';

/** Block tags the snap reads at: confirmed state, and what the sequencer has accepted. */
export type BlockTag = 'latest' | 'pre_confirmed';

/**
 * A `starknet_call` of a view function.
 *
 * @param contractAddress - The contract.
 * @param entrypoint - Function name; its selector is computed here.
 * @param calldata - Arguments as felts.
 * @param block - Block to read at.
 * @returns The node call.
 */
export function viewCall(
  contractAddress: string,
  entrypoint: string,
  calldata: string[] = [],
  block: BlockTag = 'latest',
): NodeCall {
  return {
    method: 'starknet_call',
    params: {
      request: {
        contract_address: contractAddress,
        entry_point_selector: hash.getSelectorFromName(entrypoint),
        calldata,
      },

      block_id: block,
    },
  };
}

/**
 * A `starknet_getClassHashAt`: the cheapest way to learn whether an address is deployed.
 *
 * @param contractAddress - The address.
 * @param block - Block to read at.
 * @returns The node call.
 */
export function classHashAtCall(
  contractAddress: string,
  block: BlockTag = 'latest',
): NodeCall {
  return {
    method: 'starknet_getClassHashAt',
    params: { contract_address: contractAddress, block_id: block },
  };
}

/**
 * Checks that a node answer is a list of felts, as `starknet_call` returns.
 *
 * @param method - The method, for the error.
 * @param result - The answer.
 * @returns The felts.
 */
export function feltsOf(method: string, result: Json): string[] {
  if (!is(result, array(string()))) {
    throw new NodeRequestFailed({
      method,
      message: `unexpected answer ${JSON.stringify(result).slice(0, 200)}`,
    });
  }
  return result;
}

/**
 * Reads an ERC-20 u256 answered as `[low, high]`.
 *
 * @param felts - The call result.
 * @returns low + high * 2^128.
 */
export function u256Of(felts: string[]): bigint {
  const [low = '0x0', high = '0x0'] = felts;
  return BigInt(low) + BigInt(high) * 2n ** 128n;
}

/** JSON-RPC error code nodes use for an address with no contract. */
export const CONTRACT_NOT_FOUND = 20;
/** JSON-RPC error code for a failing call (e.g. missing entry point). */
export const CONTRACT_ERROR = 40;
/** JSON-RPC error code for an unknown transaction hash. */
export const TXN_HASH_NOT_FOUND = 29;
