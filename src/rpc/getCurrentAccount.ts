import type {
  GetCurrentAccountParams,
  GetCurrentAccountResult,
} from '../api/getCurrentAccount';
import { currentAccountIn } from '../state/accounts';
import { pageCurrentAccount } from '../state/grants';
import { connectAccount } from './connect';
import type { RpcContext } from './context';
import { USER_ORIGIN } from './context';

/** The current account of a network (state/accounts.ts), for handlers and home page. */
export { currentAccountIn } from '../state/accounts';

/**
 * `snapnet_getCurrentAccount`: the page's current account on a network, the one the
 * user gave it (accounts per page, so sites cannot link the user); another page's
 * choice or the user's own
 * is never seen. A page without one gets null, or with `create` the connect dialog,
 * in which the user picks (or creates) the account to give it.
 *
 * @param params - The network and whether to ask the user for an account.
 * @param ctx - Request context.
 * @returns The page's current account, or null when it has none and `create` was not set.
 * @throws UserRejected (4001) when the user declines the connect dialog.
 */
export async function getCurrentAccount(
  params: GetCurrentAccountParams,
  ctx: RpcContext,
): Promise<GetCurrentAccountResult> {
  const state = await ctx.store.read();
  const current =
    ctx.origin === USER_ORIGIN
      ? currentAccountIn(state, ctx.network.chainId)
      : pageCurrentAccount(state, ctx.origin, ctx.network.chainId);
  if (current || !params.create) {
    return current ?? null;
  }
  return connectAccount(ctx);
}
