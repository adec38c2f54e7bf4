import type {
  ListAccountsParams,
  ListAccountsResult,
} from '../api/listAccounts';
import type { RpcContext } from './context';

/**
 * `snapnet_listAccounts`: the accounts this wallet knows on a network (created or
 * recovered), so a dapp can render them without scanning. Read-only.
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
  return state.accounts[ctx.network.chainId] ?? [];
}
