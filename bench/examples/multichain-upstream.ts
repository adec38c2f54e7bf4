/**
 * Baseline for the bundle-size report: the same job as multichain.ts with
 * `@metamask/multichain-api-client` alone.
 */
import {
  getDefaultTransport,
  getMultichainClient,
} from '@metamask/multichain-api-client';

/**
 * Opens a session and calls the snap through it.
 *
 * @returns The method's result.
 */
export async function callStarknet(): Promise<unknown> {
  const client = getMultichainClient<{
    starknet: {
      methods: { starknet_chainId: (params: object) => unknown };
    };
  }>({ transport: getDefaultTransport() });
  await client.createSession({
    optionalScopes: {
      'starknet:SN_SEPOLIA': {
        methods: ['starknet_chainId'],
        notifications: ['accountsChanged'],
      },
    },
  });
  client.onNotification((event) => console.log(event));
  return client.invokeMethod({
    scope: 'starknet:SN_SEPOLIA',
    request: { method: 'starknet_chainId', params: [] },
  });
}
