import { array, pattern, string } from '@metamask/superstruct';
import { hash, uint256 } from 'starknet';

import { HEX_FELT_PATTERN, toWireFelt } from '../../api/felt';
import type { NodeCall } from './node';
import { nodeCall } from './node';

/** A felt as the node answers it (the spec's FELT, any hex accepted on the way in). */
export const NodeFeltStruct = pattern(string(), HEX_FELT_PATTERN);

/** What `starknet_call` answers: the function's return felts. */
export const NodeFeltsStruct = array(NodeFeltStruct);

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
): NodeCall<string[]> {
  return nodeCall(
    'starknet_call',
    {
      request: {
        contract_address: toWireFelt(contractAddress),
        entry_point_selector: hash.getSelectorFromName(entrypoint),
        calldata: calldata.map(toWireFelt),
      },
      block_id: block,
    },
    NodeFeltsStruct,
  );
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
): NodeCall<string> {
  return nodeCall(
    'starknet_getClassHashAt',
    { contract_address: toWireFelt(contractAddress), block_id: block },
    NodeFeltStruct,
  );
}

/**
 * A `starknet_getNonce` at the pre-confirmed block, so transactions the sequencer has
 * accepted but not yet put in a block count.
 *
 * @param contractAddress - The account.
 * @returns The node call.
 */
export function nonceCall(contractAddress: string): NodeCall<string> {
  return nodeCall(
    'starknet_getNonce',
    {
      block_id: 'pre_confirmed',
      contract_address: toWireFelt(contractAddress),
    },
    NodeFeltStruct,
  );
}

/**
 * Reads an ERC-20 u256 answered as `[low, high]`.
 *
 * @param felts - The call result.
 * @returns low + high * 2^128.
 */
export function u256Of(felts: string[]): bigint {
  const [low = '0x0', high = '0x0'] = felts;
  return uint256.uint256ToBN({ low, high });
}

/** JSON-RPC error code nodes use for an address with no contract. */
export const CONTRACT_NOT_FOUND = 20;
/** JSON-RPC error code for a failing call (e.g. missing entry point). */
export const CONTRACT_ERROR = 40;
/** JSON-RPC error code for an unknown transaction hash. */
export const TXN_HASH_NOT_FOUND = 29;

/**
 * An ERC-20 `balanceOf` at the pre-confirmed block whose result is the u256 as one hex
 * string, so it can ride in a batch of reads that all answer strings (a review's).
 *
 * @param token - The token contract.
 * @param holder - The account.
 * @returns The node call; its result is the balance as `0x…`.
 */
export function balanceCall(token: string, holder: string): NodeCall<string> {
  const call = viewCall(token, 'balanceOf', [holder], 'pre_confirmed');
  return {
    ...call,
    check: (answer): ReturnType<NodeCall<string>['check']> => {
      const [error, felts] = call.check(answer);
      return error
        ? [error, undefined]
        : [undefined, `0x${u256Of(felts).toString(16)}`];
    },
  };
}
