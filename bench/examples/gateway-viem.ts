/**
 * The viem-only baseline of bench/examples/gateway.ts: the same lookup, eth_call and
 * revert reason with viem's own client and actions (no credits, presets or checks).
 */
import {
  BaseError,
  ContractFunctionRevertedError,
  createClient,
  http,
} from 'viem';
import { call, getTransaction } from 'viem/actions';

const client = createClient({
  transport: http('https://mainnet.infura.io/v3/YOUR_API_KEY'),
});

/**
 * Shows a transaction and the result (or revert reason) of a call.
 *
 * @param hash - The transaction hash.
 * @returns A line to show.
 */
export async function show(hash: `0x${string}`): Promise<string> {
  const transaction = await getTransaction(client, { hash }).catch(() => null);
  if (!transaction) {
    return 'not found';
  }
  try {
    const { data } = await call(client, {
      account: transaction.from,
      to: transaction.to,
      data: transaction.input,
      blockTag: 'latest',
    });
    return `returns ${data ?? '0x'}`;
  } catch (error) {
    const reverted =
      error instanceof BaseError
        ? error.walk((each) => each instanceof ContractFunctionRevertedError)
        : null;
    if (reverted instanceof ContractFunctionRevertedError) {
      return `reverted: ${reverted.reason ?? 'no reason'}`;
    }
    throw error;
  }
}
