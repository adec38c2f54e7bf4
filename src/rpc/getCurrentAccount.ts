import type {
  GetCurrentAccountParams,
  GetCurrentAccountResult,
} from '../api/getCurrentAccount';
import { toAccountRecord } from '../starknet/accounts';
import { currentAccountIn } from '../state/accounts';
import type { RpcContext } from './context';

/** The current account of a network (state/accounts.ts), for handlers and home page. */
export { currentAccountIn } from '../state/accounts';

/**
 * `snapnet_getCurrentAccount`: the account the wallet API reports to dapps. With
 * `create`, a wallet without an account on the network gets the account of index 0
 * (derived and stored, not deployed, no dialog: the same as `snapnet_createAccount`
 * without `deploy`), so `wallet_requestAccounts` always has an address to return.
 *
 * @param params - The network and whether to create index 0.
 * @param ctx - Request context.
 * @returns The current account, or null when there is none and `create` was not set.
 */
export async function getCurrentAccount(
  params: GetCurrentAccountParams,
  ctx: RpcContext,
): Promise<GetCurrentAccountResult> {
  const { chainId } = ctx.network;
  const current = currentAccountIn(await ctx.store.read(), chainId);
  if (current || !params.create) {
    return current ?? null;
  }
  const record = toAccountRecord(await (await ctx.keys())(0), chainId);
  return ctx.store.update((state) => {
    // Another request may have created one meanwhile.
    const created = currentAccountIn(state, chainId);
    if (created) {
      return created;
    }
    state.accounts[chainId] = [record];
    return record;
  });
}
