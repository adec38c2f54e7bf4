import type {
  Account,
  ListAccountsParams,
  ListAccountsResult,
} from '../api/listAccounts';
import { NodeRequestFailed } from '../errors';
import { accountVersionOf } from '../starknet/accounts/legacy';
import { classHashAtCall } from '../starknet/node/calls';
import type { NodeOutcome } from '../starknet/node/node';
import { isGranted } from '../state/grants';
import type { RpcContext } from './context';
import { USER_ORIGIN } from './context';

/**
 * `snapnet_listAccounts`: the stored accounts of a network this page was given
 * (accounts per page: accounts of other pages are never listed, so sites cannot link
 * them), so a dapp
 * can render them without scanning, each with the Argent version it runs now (one
 * batched read of their classes: an account upgraded in place shows its new version
 * once the upgrade is included). A node failure leaves the versions out, never the list.
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
  const records = (state.accounts[chainId] ?? []).filter(
    (account) =>
      ctx.origin === USER_ORIGIN ||
      isGranted(state, ctx.origin, chainId, account.address),
  );
  if (records.length === 0) {
    return [];
  }
  let outcomes: NodeOutcome<string>[] = [];
  try {
    outcomes = await ctx.node.batch(
      records.map((record) => classHashAtCall(record.address, 'pre_confirmed')),
    );
  } catch (error) {
    if (!(error instanceof NodeRequestFailed)) {
      throw error;
    }
  }
  return records.map((record, index): Account => {
    const version = accountVersionOf(record, outcomes[index]);
    return version === undefined
      ? record
      : { ...record, accountVersion: version };
  });
}
