/**
 * A small dapp use of `snapnet/client` for the bundle-size report: connect, read the
 * network and accounts, sign a message, tell a refusal apart.
 */
import { createSnapnetClient, UserRejectedError } from '../../src/client/snap';

/**
 * Connects and signs.
 *
 * @returns The signature, or null when the user refused.
 */
export async function signHello(): Promise<string | null> {
  const client = createSnapnetClient({ snapId: 'npm:snapnet' });
  await client.connect();
  const { chainId } = await client.getCurrentNetwork();
  const [account] = await client.listAccounts({ chainId });
  try {
    return await client.signMessage({
      signerAddress: account?.address ?? '0x1',
      typedDataMessage: {
        types: { StarkNetDomain: [], Message: [] },
        primaryType: 'Message',
        domain: {},
        message: {},
      },
    });
  } catch (error) {
    if (error instanceof UserRejectedError) {
      return null;
    }
    throw error;
  }
}
