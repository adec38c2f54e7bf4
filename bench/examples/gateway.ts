/**
 * A small browser use of `snapnet/gateway`, bundled by bench/bundle.ts to measure what
 * the gateway client costs a dapp: look a transaction up, run an eth_call and read the
 * revert reason of a failing one.
 */
import {
  createGatewayClient,
  ExecutionRevertedError,
} from '../../src/client/gateway';

const gateway = createGatewayClient({
  network: 'ethereum-mainnet',
  apiKey: 'YOUR_API_KEY',
  dailyCredits: 100_000,
});

/**
 * Shows a transaction and the result (or revert reason) of a call.
 *
 * @param hash - The transaction hash.
 * @returns A line to show.
 */
export async function show(hash: `0x${string}`): Promise<string> {
  const transaction = await gateway.getTransactionByHash(hash);
  if (!transaction) {
    return 'not found';
  }
  try {
    const result = await gateway.call(
      {
        from: transaction.from,
        to: transaction.to ?? undefined,
        data: transaction.input,
      },
      'latest',
    );
    return `returns ${result}; ${gateway.credits().spent} credits spent`;
  } catch (error) {
    if (error instanceof ExecutionRevertedError) {
      // Error(string) and Panic(uint256) come decoded; a custom error leaves the data.
      return `reverted: ${error.reason ?? error.data ?? 'no data'}`;
    }
    throw error;
  }
}
