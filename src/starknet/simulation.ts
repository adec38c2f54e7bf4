import type { Infer } from '@metamask/superstruct';
import { array, is, number, string, type } from '@metamask/superstruct';
import type { Json } from '@metamask/utils';

import type { Store } from '../state/store';
import type { SnapState } from '../state/types';
import { toFelt64 } from './address';
import { classHashAtCall, viewCall } from './calls';
import type { CompactAbi } from './contractAbi';
import type { ClassAbiStruct } from './contractAbi';
import { classCall, compactAbi, CompactAbiStruct } from './contractAbi';
import type { NodeFeeEstimate } from './fees';
import { estimateCall, NodeFeeAnswerStruct, readEstimates } from './fees';
import type { NodeCall, NodeClient, NodeOutcome } from './node';
import { nodeCall } from './node';
import type { Preview } from './preview';
import { readPreview, TraceStruct } from './preview';
import { decodeDecimals, decodeTokenString } from './tokenMetadata';

/** A token the confirmation can show amounts of. */
export type ShownToken = { address: string; symbol: string; decimals: number };

/** What the confirmation shows beside the calls, read from the chain. */
export type ChainView = {
  /** The simulation's reading; undefined when the node gave no simulation. */
  preview: Preview | undefined;
  /** Called contract → the functions of its class's ABI; absent: none on chain. */
  abis: Map<string, CompactAbi>;
  /** Metadata of the tokens in the preview that are not on the watch list. */
  tokens: ShownToken[];
};

/** What planning for a confirmation needs besides the plan: caches and known tokens. */
export type ViewRequest = {
  store: Store;
  /** The state as the request read it: its caches spare the node reads. */
  state: SnapState;
  chainId: string;
  /** Tokens on the watch list, whose metadata needs no read. */
  known: readonly ShownToken[];
};

const SimulatedStruct = array(
  type({ transaction_trace: TraceStruct, fee_estimation: NodeFeeAnswerStruct }),
);

const CachedTokenStruct = type({ symbol: string(), decimals: number() });

/**
 * A `starknet_simulateTransactions` of a plan's transactions, as the estimate would run
 * them (pre-confirmed block, no validation: they carry no signature yet).
 *
 * @param transactions - Wire transactions (query version), deploy_account first.
 * @returns The node call.
 */
export function simulateCall(
  transactions: Record<string, Json>[],
): NodeCall<Infer<typeof SimulatedStruct>> {
  return nodeCall(
    'starknet_simulateTransactions',
    {
      block_id: 'pre_confirmed',
      transactions,
      simulation_flags: ['SKIP_VALIDATE'],
    },
    SimulatedStruct,
  );
}

/**
 * The class-hash reads of the called contracts, to go in the planning's first batch.
 *
 * @param contracts - Called contracts (normalized, no duplicates).
 * @returns One `starknet_getClassHashAt` each.
 */
export function classHashCalls(contracts: string[]): NodeCall<string>[] {
  return contracts.map((address) => classHashAtCall(address, 'pre_confirmed'));
}

/**
 * A plan's transactions in query form, and the snap's own sends the node received but
 * does not count yet, which must run in front of them (a node cannot simulate for an
 * undeployed sender).
 */
export type PlanWire = {
  front: Record<string, Json>[];
  plan: Record<string, Json>[];
};

/**
 * Simulates a plan and fetches the classes of the called contracts whose ABI is not
 * cached yet, in one round trip; a node that does not answer the simulation (no such
 * method, or an error) is asked for an estimate instead, and the preview is missing.
 *
 * @param node - Node client.
 * @param cache - The store ABIs are cached in by class hash, and the state as read.
 * @param cache.store - The store.
 * @param cache.state - The state.
 * @param wire - The plan's transactions, after those sent in front (received, not yet
 * counted by the node; their results are dropped).
 * @param wire.front - Transactions in front.
 * @param wire.plan - The plan's own.
 * @param classes - Called contract → its class hash outcome (first batch).
 * @param account - The signing account.
 * @returns Estimates (one per transaction), the preview and the ABIs.
 */
async function simulatePlan(
  node: NodeClient,
  { store, state }: { store: Store; state: SnapState },
  { front, plan }: PlanWire,
  classes: Map<string, NodeOutcome<string> | undefined>,
  account: string,
): Promise<{
  estimates: NodeFeeEstimate[];
  preview: Preview | undefined;
  abis: Map<string, CompactAbi>;
}> {
  const hashes = new Map<string, string>();
  for (const [address, outcome] of classes) {
    if (outcome?.ok) {
      hashes.set(address, toFelt64(outcome.result));
    }
  }
  const { abiCache } = state;
  const missing = [...new Set(hashes.values())].filter(
    (hash) => !is(abiCache[hash], CompactAbiStruct),
  );
  const wire = [...front, ...plan];
  const [simulated, ...bodies] = await node.batch([
    simulateCall(wire),
    ...missing.map(classCall),
  ]);
  const fetched = await cacheAbis(store, missing, bodies);
  const abis = new Map<string, CompactAbi>();
  for (const [address, hash] of hashes) {
    const cached = abiCache[hash];
    const abi = is(cached, CompactAbiStruct) ? cached : fetched.get(hash);
    if (abi) {
      abis.set(address, abi);
    }
  }
  if (!simulated.ok) {
    const estimates = readEstimates(await node.send(estimateCall(wire)));
    return {
      estimates: estimates.slice(front.length),
      preview: undefined,
      abis,
    };
  }
  const own = simulated.result.slice(front.length);
  return {
    estimates: readEstimates(own.map((item) => item.fee_estimation)),
    preview: readPreview(
      own.map((item) => item.transaction_trace),
      account,
    ),
    abis,
  };
}

/**
 * What the chain says a plan does, for its confirmation: the simulation (or, without
 * one, the estimate), the called contracts' ABIs and the moved tokens' metadata.
 *
 * @param node - Node client.
 * @param view - Caches, state as read, network and watch list.
 * @param wire - The plan's transactions (deploy_account first), and those to simulate
 * in front of them.
 * @param classes - Called contract → its class hash outcome (first batch).
 * @param account - The signing account.
 * @returns One estimate per transaction of the plan, and the view.
 */
export async function viewPlan(
  node: NodeClient,
  view: ViewRequest,
  wire: PlanWire,
  classes: Map<string, NodeOutcome<string> | undefined>,
  account: string,
): Promise<{ estimates: NodeFeeEstimate[]; view: ChainView }> {
  const simulated = await simulatePlan(node, view, wire, classes, account);
  const tokens = await previewTokens(node, view, simulated.preview);
  return {
    estimates: simulated.estimates,
    view: { preview: simulated.preview, abis: simulated.abis, tokens },
  };
}

/**
 * Reads the ABIs of fetched classes and caches them by class hash.
 *
 * @param store - The cache's store.
 * @param hashes - The classes asked for.
 * @param bodies - The node's answers, in the same order.
 * @returns Class hash → ABI, for the classes that have one.
 */
async function cacheAbis(
  store: Store,
  hashes: string[],
  bodies: NodeOutcome<Infer<typeof ClassAbiStruct>>[],
): Promise<Map<string, CompactAbi>> {
  const fetched = new Map<string, CompactAbi>();
  hashes.forEach((hash, index) => {
    const body = bodies[index];
    const abi = body?.ok ? compactAbi(body.result) : undefined;
    if (abi) {
      fetched.set(hash, abi);
    }
  });
  if (fetched.size > 0) {
    await store.update((draft) => {
      for (const [hash, abi] of fetched) {
        draft.abiCache[hash] = abi;
      }
    });
  }
  return fetched;
}

/**
 * Symbol and decimals of the tokens a preview moves or approves: the watch list first,
 * then the cache, then the tokens themselves (`symbol`, `decimals`) in one batch, whose
 * answers are cached. A token that does not answer both is left out (its amounts are
 * shown raw).
 *
 * @param node - Node client.
 * @param view - Where token metadata is cached, the state as read, the network and the
 * tokens on its watch list.
 * @param view.store - The store.
 * @param view.state - The state.
 * @param view.chainId - The network.
 * @param view.known - Tokens on the watch list.
 * @param preview - The simulation's reading.
 * @returns Metadata of the preview's tokens that are not on the watch list.
 */
async function previewTokens(
  node: NodeClient,
  { store, state, chainId, known }: ViewRequest,
  preview: Preview | undefined,
): Promise<ShownToken[]> {
  if (!preview) {
    return [];
  }
  const addresses = new Set([
    ...preview.balanceChanges.keys(),
    ...preview.approvals.map((approval) => approval.token),
  ]);
  const unknown = [...addresses].filter(
    (address) =>
      !known.some((token) => BigInt(token.address) === BigInt(address)),
  );
  const cache = state.tokenCache[chainId] ?? {};
  const found: ShownToken[] = [];
  const toRead: string[] = [];
  for (const address of unknown) {
    const cached = cache[address];
    if (is(cached, CachedTokenStruct)) {
      found.push({ address, ...cached });
    } else {
      toRead.push(address);
    }
  }
  return [...found, ...(await readTokens(node, store, chainId, toRead))];
}

/**
 * Reads tokens' `symbol` and `decimals` in one batch and caches the answers.
 *
 * @param node - Node client.
 * @param store - The cache's store.
 * @param chainId - The network.
 * @param addresses - The tokens.
 * @returns The tokens that answered both.
 */
async function readTokens(
  node: NodeClient,
  store: Store,
  chainId: string,
  addresses: string[],
): Promise<ShownToken[]> {
  if (addresses.length === 0) {
    return [];
  }
  const answers = await node.batch(
    addresses.flatMap((address) => [
      viewCall(address, 'symbol'),
      viewCall(address, 'decimals'),
    ]),
  );
  const read = addresses.flatMap((address, index): ShownToken[] => {
    const [symbol, decimals] = [answers[index * 2], answers[index * 2 + 1]];
    const text = symbol?.ok ? decodeTokenString(symbol.result) : undefined;
    const places = decimals?.ok ? decodeDecimals(decimals.result) : undefined;
    return text === undefined || places === undefined
      ? []
      : [{ address, symbol: text, decimals: places }];
  });
  if (read.length > 0) {
    await store.update((draft) => {
      const entries = draft.tokenCache[chainId] ?? {};
      draft.tokenCache[chainId] = entries;
      for (const token of read) {
        entries[token.address] = {
          symbol: token.symbol,
          decimals: token.decimals,
        };
      }
    });
  }
  return read;
}
