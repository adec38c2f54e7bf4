/**
 * The JSON-RPC methods that read a block's state: nonces, classes, storage and
 * `starknet_call` (rpc.ts merges them).
 */
import type { Chain } from './chain';
import type { Call } from './contracts';
import { callContract, EntryPointNotFound } from './contracts';
import * as errors from './errors';
import { ExecutionRevert } from './errors';
import type { Json } from './json';
import { feltHex, feltHexes } from './json';
import { blockId, feltAt, feltsAt } from './params';
import type { Method, Params } from './rpcMethod';
import type { ChainState, Contract } from './state';

/**
 * The deployed contract at `contract_address` in the state of `block_id`.
 *
 * @param chain - The chain.
 * @param params - Method params.
 * @returns The contract.
 */
function contractAt(
  chain: Chain,
  params: Params,
): { state: ChainState; contract: Contract } {
  const state = chain.stateAt(blockId(params.block_id));
  const address = feltAt(params, 'contract_address', 'params');
  const contract = state.contracts.get(address);
  if (!contract) {
    throw errors.contractNotFound();
  }
  return { state, contract };
}

/**
 * The class body of a class hash, or error 28.
 *
 * @param chain - The chain.
 * @param params - Method params (for block_id).
 * @param classHash - The class hash.
 * @returns The body.
 */
function classBody(chain: Chain, params: Params, classHash: bigint): Json {
  const body = chain.stateAt(blockId(params.block_id)).classes.get(classHash);
  if (!body) {
    throw errors.classHashNotFound();
  }
  return body;
}

/** The state-reading methods, merged into rpc.ts' `METHODS`. */
export const STATE_METHODS: Record<string, Method> = {
  starknet_getNonce: {
    params: ['block_id', 'contract_address'],
    run: (chain, params) => {
      const { state, contract } = contractAt(chain, params);
      return feltHex(state.nonceOf(contract.address));
    },
  },
  starknet_getClassHashAt: {
    params: ['block_id', 'contract_address'],
    run: (chain, params) =>
      feltHex(contractAt(chain, params).contract.classHash),
  },
  starknet_getClassAt: {
    params: ['block_id', 'contract_address'],
    run: (chain, params) =>
      classBody(chain, params, contractAt(chain, params).contract.classHash),
  },
  starknet_getClass: {
    params: ['block_id', 'class_hash'],
    run: (chain, params) =>
      classBody(chain, params, feltAt(params, 'class_hash', 'params')),
  },
  starknet_getStorageAt: {
    params: ['contract_address', 'key', 'block_id'],
    run: (chain, params) => {
      contractAt(chain, params);
      feltAt(params, 'key', 'params');
      return '0x0';
    },
  },
  starknet_call: {
    params: ['request', 'block_id'],
    run: (chain, params) => {
      const { request } = params;
      const call: Call = {
        to: feltAt(request, 'contract_address', 'request'),
        selector: feltAt(request, 'entry_point_selector', 'request'),
        calldata: feltsAt(request, 'calldata', 'request', true),
      };
      const state = chain.stateAt(blockId(params.block_id));
      if (!state.contracts.has(call.to)) {
        throw errors.contractNotFound();
      }
      try {
        return feltHexes(
          callContract({ state: state.clone(), events: [] }, 0n, call),
        );
      } catch (error) {
        if (
          error instanceof EntryPointNotFound ||
          error instanceof ExecutionRevert
        ) {
          throw errors.contractError(error.message);
        }
        throw error;
      }
    },
  },
};
