import type {
  ListAccountsParams,
  ListAccountsResult,
} from '../api/listAccounts';
import { isGranted } from '../state/grants';
import type { RpcContext } from './context';
import { USER_ORIGIN } from './context';

/**
 * `snapnet_listAccounts`: the stored accounts of a network this page was given
 * (issue 37: accounts per page), so a dapp can render them without scanning.
 * Read-only; accounts of other pages are never listed.
 *
 * @param _params - The network (resolved into the context).
 * @param ctx - Request context.
 * @returns The stored accounts, in index order.
 */
export async function listAccounts(
  _params: ListAccountsParams,
  ctx: RpcContext,
): Promise<ListAccountsResult> {
  const state = await ctx.store.read();
  const { chainId } = ctx.network;
  return (state.accounts[chainId] ?? []).filter(
    (account) =>
      ctx.origin === USER_ORIGIN ||
      isGranted(state, ctx.origin, chainId, account.address),
  );
}
