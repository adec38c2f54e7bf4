import { getMultichainClient } from '@metamask/multichain-api-client';

import type {
  MultichainClient,
  MultichainClientOptions,
  SnapnetRpcApi,
} from './types';

/**
 * Creates `@metamask/multichain-api-client`'s client for a wallet's multichain API
 * (CAIP-25 sessions), typed with the snap's methods on `starknet:*` scopes: upstream does
 * the session, retries and errors (`MultichainApiError`, the wallet's `{ code, message }`
 * as `cause`); this only adds the Starknet types, so nothing is written twice.
 *
 * @param options - The client's options.
 * @param options.transport - E.g. upstream's `getDefaultTransport()`.
 * @returns Upstream's client, typed for Starknet.
 */
export function createMultichainClient({
  transport,
}: MultichainClientOptions): MultichainClient {
  return getMultichainClient<SnapnetRpcApi>({ transport });
}
