import { DEFAULT_CHAIN_ID } from '../api/chains';
import { NetworkNotSupported } from '../errors';
import type { KeyDeriver } from '../keys/derive';
import { getKeyDeriver } from '../keys/derive';
import type { Network } from '../starknet/node/networks';
import {
  NODE_TIMEOUT_MS,
  SUPPORTED_CHAIN_IDS,
  findNetwork,
} from '../starknet/node/networks';
import type { NodeClient } from '../starknet/node/node';
import { createNodeClient } from '../starknet/node/node';
import type { Store } from '../state/store';
import type { SnapState } from '../state/types';
import type { Translate } from '../ui/i18n';
import { getTranslate } from '../ui/i18n';
import type { SendLock } from './sendLock';

/**
 * Everything one request may use. Built fresh for every request, so two overlapping
 * requests never share a network, a node client or derived keys.
 */
export type RpcContext = {
  /** Origin of the dapp that sent the request, shown in dialogs. */
  origin: string;
  /**
   * The account MetaMask routed a keyring request to (its Multichain session gave the
   * dapp that account): usable by this request only, never stored as a grant.
   */
  routed?: string | undefined;
  /** The network the request is about: its `chainId`, else the current network. */
  network: Network;
  node: NodeClient;
  store: Store;
  /**
   * The state as read and validated once when the request began: what the network,
   * the node and the account lookup come from. Read the store again for what must see
   * writes made since (nonces and records, after waiting for the send lock).
   */
  state: SnapState;
  /** One send at a time per account (see sender.ts). */
  sendLock: SendLock;
  /** The BIP-44 key deriver, fetched from the wallet at most once per request. */
  keys: () => Promise<KeyDeriver>;
  /** Texts in the user's language. */
  t: () => Promise<Translate>;
};

/**
 * The origin of what MetaMask itself asks (the home page, its own requests): the user,
 * who sees every account, is granted nothing and is shown the node's host.
 * Every other origin is a page.
 */
export const USER_ORIGIN = 'metamask';

/**
 * The network a caller's requests without `chainId` use: a page's own, set by its
 * approved switchNetwork (MetaMask's per-site network), else the global one, which
 * MetaMask's own origin (the home page) uses and is the only one to change.
 *
 * @param state - The snap state.
 * @param origin - The caller.
 * @returns The chain id (possibly one the snap no longer serves).
 */
export function currentNetworkOf(state: SnapState, origin: string): string {
  return (
    (origin === USER_ORIGIN ? undefined : state.pageNetworks[origin]) ??
    state.currentNetwork
  );
}

/** What lives as long as the snap and every request shares: state and send lock. */
export type Services = Pick<RpcContext, 'store' | 'sendLock'>;

/**
 * Resolves a chain id to a supported network.
 *
 * @param chainId - Hex chain id.
 * @returns The network.
 * @throws NetworkNotSupported when the snap does not serve it.
 */
export function requireNetwork(chainId: string): Network {
  const network = findNetwork(chainId);
  if (!network) {
    throw new NetworkNotSupported(chainId, SUPPORTED_CHAIN_IDS);
  }
  return network;
}

/**
 * The node a network's requests go to: the one the user chose on the home page, else
 * the build-time default. Dapps cannot change it (no snap method writes `nodeUrls`).
 *
 * @param state - The snap state.
 * @param network - The network.
 * @returns The node's JSON-RPC URL.
 */
export function nodeUrlOf(state: SnapState, network: Network): string {
  return state.nodeUrls[network.chainId] ?? network.rpcUrl;
}

/**
 * The SNIP-29 paymaster of a network: the one the user chose on the home page, else the
 * build-time default (empty: none, fees in STRK only). Dapps cannot change it.
 *
 * @param state - The snap state.
 * @param network - The network.
 * @returns The paymaster's JSON-RPC URL, or '' when there is none.
 */
export function paymasterUrlOf(state: SnapState, network: Network): string {
  return state.paymasterUrls[network.chainId] ?? network.paymasterUrl;
}

/**
 * Memoizes an async factory for the lifetime of one request.
 *
 * @param factory - Produces the value.
 * @returns A function returning the same promise every time.
 */
function once<Value>(factory: () => Promise<Value>): () => Promise<Value> {
  let value: Promise<Value> | undefined;
  return async () => {
    value ??= factory();
    return value;
  };
}

/**
 * Builds the context of one request.
 *
 * @param args - Request facts.
 * @param args.origin - The caller's origin.
 * @param args.routed - The account a keyring request was routed to, if any.
 * @param args.store - The state store.
 * @param args.sendLock - The snap's send lock.
 * @param args.chainId - The request's `chainId` param, when given; else the current
 * network (the default one when the stored one is no longer served).
 * @param args.action - What the user asked for (the snap method), named in node errors.
 * @returns The context.
 */
export async function createContext(args: {
  origin: string;
  routed?: string | undefined;
  store: Store;
  sendLock: SendLock;
  chainId: string | undefined;
  action: string;
}): Promise<RpcContext> {
  const state = await args.store.read();
  // A stored network the snap no longer serves (after an update) counts as damaged
  // state: requests without `chainId` use the default, as the home page does.
  const network =
    args.chainId === undefined
      ? (findNetwork(currentNetworkOf(state, args.origin)) ??
        requireNetwork(DEFAULT_CHAIN_ID))
      : requireNetwork(args.chainId);
  return {
    origin: args.origin,
    routed: args.routed,
    network,
    store: args.store,
    state,
    sendLock: args.sendLock,
    node: createNodeClient({
      url: nodeUrlOf(state, network),
      timeoutMs: NODE_TIMEOUT_MS,
      action: args.action,
      hidden:
        args.origin !== USER_ORIGIN &&
        state.nodeUrls[network.chainId] !== undefined,
    }),
    keys: once(getKeyDeriver),
    t: once(getTranslate),
  };
}
