import type {
  DefaultRpcApi,
  MultichainApiClient,
  Scope,
  Transport,
} from '@metamask/multichain-api-client';

import type { StarknetRpc } from './starknet';

export type { StarknetRpc } from './starknet';

/** Upstream's typed scopes (eip155, solana, bip122, tron, stellar) plus Starknet's. */
export type SnapnetRpcApi = DefaultRpcApi & { starknet: StarknetRpc };

/** A scope with known method types, e.g. `eip155:1` or `starknet:SN_SEPOLIA`. */
export type TypedScope = Scope<SnapnetRpcApi>;

/**
 * `@metamask/multichain-api-client`'s client, its `invokeMethod` typed on `starknet:*`
 * scopes with what MetaMask routes to snapnet there: the wallet-API account methods and
 * the node reads (starknet-io/types-js).
 */
export type MultichainClient = MultichainApiClient<SnapnetRpcApi>;

export type MultichainClientOptions = {
  /** E.g. `getDefaultTransport()` from `@metamask/multichain-api-client`. */
  transport: Transport;
};
