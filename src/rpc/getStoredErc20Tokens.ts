import type {
  GetStoredErc20TokensParams,
  GetStoredErc20TokensResult,
} from '../api/getStoredErc20Tokens';
import { toToken, watchList } from '../starknet/tokens/watchList';
import type { RpcContext } from './context';

/**
 * `snapnet_getStoredErc20Tokens`: the watch list of a network (its preloaded tokens,
 * then those the user added), so a dapp can render it. Read-only, no dialog.
 *
 * @param _params - The network (resolved into the context).
 * @param ctx - Request context.
 * @returns The token objects, in list order.
 */
export async function getStoredErc20Tokens(
  _params: GetStoredErc20TokensParams,
  ctx: RpcContext,
): Promise<GetStoredErc20TokensResult> {
  const state = await ctx.store.read();
  return watchList(ctx.network.chainId, state.tokens[ctx.network.chainId]).map(
    toToken,
  );
}
