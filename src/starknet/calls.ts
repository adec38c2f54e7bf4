import { array, pattern, string } from '@metamask/superstruct';
import { hash, num as felt, uint256 } from 'starknet';

import type { NodeCall } from './node';
import { nodeCall } from './node';

/** A felt as the node answers it (the spec's FELT, any hex accepted on the way in). */
export const NodeFeltStruct = pattern(string(), /^0x[0-9a-fA-F]{1,64}$/u);

/** What `starknet_call` answers: the function's return felts. */
export const NodeFeltsStruct = array(NodeFeltStruct);

/**
 * A felt in the spec's wire form: `0x` + minimal hex, no zero padding (the FELT
 * pattern `^0x(0|[a-fA-F1-9][a-fA-F0-9]{0,62})$` forbids leading zeros). The snap
 * keeps `0x` + 64 digits everywhere else; only what goes to the node takes this form.
 *
 * @param value - A felt as hex or decimal string, or bigint.
 * @returns The wire form.
 */
export function wireFelt(value: string | bigint): string {
  return felt.toHex(value);
}

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
        contract_address: wireFelt(contractAddress),
        entry_point_selector: hash.getSelectorFromName(entrypoint),
        calldata: calldata.map(wireFelt),
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
    { contract_address: wireFelt(contractAddress), block_id: block },
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
    { block_id: 'pre_confirmed', contract_address: wireFelt(contractAddress) },
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
