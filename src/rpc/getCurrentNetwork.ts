import type {
  GetCurrentNetworkParams,
  GetCurrentNetworkResult,
} from '../api/getCurrentNetwork';
import type { RpcContext } from './context';

/**
 * `snapnet_getCurrentNetwork`: the network used when a call omits `chainId`.
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
