import type {
  SwitchNetworkParams,
  SwitchNetworkResult,
} from '../api/switchNetwork';
import { findNetwork } from '../starknet/node/networks';
import { confirm } from '../ui/show';
import { SwitchNetworkDialog } from '../ui/SwitchNetworkDialog';
import type { RpcContext } from './context';
import { USER_ORIGIN, currentNetworkOf } from './context';

/**
 * `snapnet_switchNetwork`: makes another network current after the user confirms.
 * Already current → true without a dialog; refused → false (interface.md), nothing
 * changed. A page switches its own network only (MetaMask's per-site network): other
 * pages and the home page keep theirs; MetaMask's own origin switches the global one. Works from any stored state: a stored current network the snap no longer
 * serves is named by its chain id in the dialog, so a page can always switch back.
 *
 * @param _params - The target chain id (already resolved into `ctx.network`).
 * @param ctx - Request context.
 * @returns Whether the target network is now current.
 */
export async function switchNetwork(
  _params: SwitchNetworkParams,
  ctx: RpcContext,
): Promise<SwitchNetworkResult> {
  const target = ctx.network;
  const currentNetwork = currentNetworkOf(await ctx.store.read(), ctx.origin);
  if (currentNetwork === target.chainId) {
    return true;
  }
  const translate = await ctx.t();
  const approved = await confirm(
    <SwitchNetworkDialog
      translate={translate}
      origin={ctx.origin}
      from={findNetwork(currentNetwork) ?? currentNetwork}
      to={target}
    />,
  );
  if (!approved) {
    return false;
  }
  await ctx.store.update((state) => {
    if (ctx.origin === USER_ORIGIN) {
      state.currentNetwork = target.chainId;
    } else {
      state.pageNetworks[ctx.origin] = target.chainId;
    }
  });
  return true;
}
