import type {
  GetCurrentNetworkParams,
  GetCurrentNetworkResult,
} from '../api/getCurrentNetwork';
import type { RpcContext } from './context';

/**
 * `snapnet_getCurrentNetwork`: the network the caller's calls without `chainId` use:
 * the page's own after its approved switchNetwork, else the global one (context.ts).
 *
 * @param _params - None.
 * @param ctx - Request context; its network is the current one.
 * @returns The network's name and chain id.
 */
export async function getCurrentNetwork(
  _params: GetCurrentNetworkParams,
  ctx: RpcContext,
): Promise<GetCurrentNetworkResult> {
  return { name: ctx.network.name, chainId: ctx.network.chainId };
}
