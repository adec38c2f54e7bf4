import type {
  DefaultRpcApi,
  MultichainApiClient,
  Scope,
  Transport,
} from '@metamask/multichain-api-client';

import type { ParamsOf, ResultOf, SnapMethod } from '../snap/types';

/** The snap's methods as a namespace of upstream's typed API, for `starknet:*` scopes. */
export type StarknetRpc = {
  methods: {
    [Method in SnapMethod]: (params: ParamsOf<Method>) => ResultOf<Method>;
  };
};

/** Upstream's typed scopes (eip155, solana, bip122, tron, stellar) plus Starknet's. */
export type SnapnetRpcApi = DefaultRpcApi & { starknet: StarknetRpc };

/** A scope with known method types, e.g. `eip155:1` or `starknet:SN_SEPOLIA`. */
export type TypedScope = Scope<SnapnetRpcApi>;

/**
 * `@metamask/multichain-api-client`'s client, its `invokeMethod` typed with the snap's
 * methods on `starknet:*` scopes (params and results from the snap's own structs).
 */
export type MultichainClient = MultichainApiClient<SnapnetRpcApi>;

export type MultichainClientOptions = {
  /** E.g. `getDefaultTransport()` from `@metamask/multichain-api-client`. */
  transport: Transport;
};
