import type {
  GetCurrentAccountParams,
  GetCurrentAccountResult,
} from '../api/getCurrentAccount';
import { toAccountRecord } from '../starknet/accounts';
import type { AccountRecord, SnapState } from '../state/types';
import type { RpcContext } from './context';

/**
 * The current account of a network: the one the user chose (`currentAccounts`), else
 * the lowest-index account. Pure, so the handlers and the home page agree on it.
 *
 * @param state - The snap state.
 * @param chainId - The network.
 * @returns The account, or undefined when the wallet has none there.
 */
export function currentAccountIn(
  state: SnapState,
  chainId: string,
): AccountRecord | undefined {
  const accounts = state.accounts[chainId] ?? [];
  const chosen = accounts.find(
    (account) => account.address === state.currentAccounts[chainId],
  );
  return (
    chosen ??
    accounts.reduce<AccountRecord | undefined>(
      (lowest, account) =>
        lowest && lowest.addressIndex <= account.addressIndex
          ? lowest
          : account,
      undefined,
    )
  );
}

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
