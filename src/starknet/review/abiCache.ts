import type { Infer } from '@metamask/superstruct';
import { is } from '@metamask/superstruct';

import type { Store } from '../../state/store';
import type { SnapState } from '../../state/types';
import { toFelt64 } from '../accounts/address';
import type { NodeCall, NodeOutcome } from '../node/node';
import type { ClassAbiStruct, CompactAbi } from './contractAbi';
import { classCall, CompactAbiStruct } from './contractAbi';
import { compactAbi } from './contractAbi';

/**
 * The called contracts' classes as the first batch read them, and which of those
 * classes have no cached ABI yet: what a review fetches along its simulation.
 */
export type AbiLookup = {
  /** Called contract → its class hash (contracts without a class are left out). */
  hashes: Map<string, string>;
  /** Class hashes whose ABI is not cached, no duplicates. */
  missing: string[];
};

/**
 * Sorts the called contracts' class hashes into cached and missing ABIs, looking only
 * at the network's own cache.
 *
 * @param state - The state as the request read it.
 * @param chainId - The network.
 * @param classes - Called contract → its class hash outcome (first batch).
 * @returns The lookup.
 */
export function lookUpAbis(
  state: SnapState,
  chainId: string,
  classes: ReadonlyMap<string, NodeOutcome<string> | undefined>,
): AbiLookup {
  const hashes = new Map<string, string>();
  for (const [address, outcome] of classes) {
    if (outcome?.ok) {
      hashes.set(address, toFelt64(outcome.result));
    }
  }
  const cache = state.abiCache[chainId] ?? {};
  const missing = [...new Set(hashes.values())].filter(
    (hash) => !is(cache[hash], CompactAbiStruct),
  );
  return { hashes, missing };
}

/**
 * The `starknet_getClass` reads of the classes whose ABI is missing.
 *
 * @param lookup - The lookup.
 * @returns One call per missing class.
 */
export function abiCalls(
  lookup: AbiLookup,
): NodeCall<Infer<typeof ClassAbiStruct>>[] {
  return lookup.missing.map(classCall);
}

/**
 * Caches the ABIs the node answered under the network and maps every called contract
 * to its class's ABI (cached on that network, or just fetched).
 *
 * @param cache - The store, the state as the request read it and the network.
 * @param cache.store - The store.
 * @param cache.state - The state.
 * @param cache.chainId - The network.
 * @param lookup - The lookup the reads were made for.
 * @param bodies - The node's answers, in the order of {@link abiCalls}.
 * @returns Called contract → ABI, for contracts whose class has one.
 */
export async function resolveAbis(
  {
    store,
    state,
    chainId,
  }: { store: Store; state: SnapState; chainId: string },
  lookup: AbiLookup,
  bodies: NodeOutcome<Infer<typeof ClassAbiStruct>>[],
): Promise<Map<string, CompactAbi>> {
  const fetched = new Map<string, CompactAbi>();
  lookup.missing.forEach((hash, index) => {
    const body = bodies[index];
    const abi = body?.ok ? compactAbi(body.result) : undefined;
    if (abi) {
      fetched.set(hash, abi);
    }
  });
  if (fetched.size > 0) {
    await store.update((draft) => {
      const entries = draft.abiCache[chainId] ?? {};
      draft.abiCache[chainId] = entries;
      for (const [hash, abi] of fetched) {
        entries[hash] = abi;
      }
    });
  }
  const abis = new Map<string, CompactAbi>();
  for (const [address, hash] of lookup.hashes) {
    const cached = state.abiCache[chainId]?.[hash];
    const abi = is(cached, CompactAbiStruct) ? cached : fetched.get(hash);
    if (abi) {
      abis.set(address, abi);
    }
  }
  return abis;
}
