/**
 * A small dapp use of `snapnet/multichain` for the bundle-size report: open a session on
 * Starknet Sepolia, invoke a granted method, listen to notifications.
 */
import { getDefaultTransport } from '@metamask/multichain-api-client';

import {
  createMultichainClient,
  STARKNET_SEPOLIA,
} from '../../src/client/multichain';

/**
 * Opens a session and calls the snap through it.
 *
 * @returns The method's result.
 */
export async function callStarknet(): Promise<unknown> {
  const client = createMultichainClient({ transport: getDefaultTransport() });
  await client.createSession({
    optionalScopes: {
      [STARKNET_SEPOLIA]: {
        methods: ['starknet_chainId'],
        notifications: ['accountsChanged'],
      },
    },
  });
  client.onNotification((event) => console.log(event));
  return client.invokeMethod({
    scope: STARKNET_SEPOLIA,
    request: { method: 'starknet_chainId', params: [] },
  });
}
