import type {
  SwitchAccountParams,
  SwitchAccountResult,
} from '../api/switchAccount';
import { UserRejected } from '../errors';
import { findWalletAccount } from '../starknet/accounts';
import { pageCurrentAccount } from '../state/grants';
import { confirm } from '../ui/show';
import { SwitchAccountDialog } from '../ui/SwitchAccountDialog';
import { requireRoom, storeAccounts } from './accountList';
import type { RpcContext } from './context';
import { grantApproved } from './pageAccess';

/**
 * `snapnet_switchAccount`: makes one of this wallet's accounts the page's current
 * account on a network after the user confirms (accounts per page: the page is given
 * it; other
 * pages and the home page keep theirs). Already the page's current → returned
 * without a dialog. An
 * account of this seed that is not stored yet (within the lookup limit) is stored,
 * so it is listed from then on.
 *
 * @param params - The account and the network.
 * @param ctx - Request context.
 * @returns The account now current.
 * @throws InvalidField when the address is not an account of this wallet.
 * @throws UserRejected (4001) when the user declines.
 */
export async function switchAccount(
  params: SwitchAccountParams,
  ctx: RpcContext,
): Promise<SwitchAccountResult> {
  const { chainId } = ctx.network;
  const { record } = await findWalletAccount(ctx, params.address, 'address');
  const before = await ctx.store.read();
  const current = pageCurrentAccount(before, ctx.origin, chainId);
  if (current?.address === record.address) {
    return current;
  }
  requireRoom(before, ctx.network, [record], 'address');
  const translate = await ctx.t();
  const approved = await confirm(
    <SwitchAccountDialog
      translate={translate}
      origin={ctx.origin}
      network={ctx.network}
      from={current?.address}
      to={record.address}
    />,
  );
  if (!approved) {
    throw new UserRejected('User rejected the account switch.');
  }
  const account = await ctx.store.update((state) => {
    const stored = state.accounts[chainId]?.find(
      (item) => item.address === record.address,
    );
    if (!stored) {
      storeAccounts(state, ctx.network, [record], 'address');
    }
    return stored ?? record;
  });
  await grantApproved(ctx, account, true);
  return account;
}
