import type {
  SwitchAccountParams,
  SwitchAccountResult,
} from '../api/switchAccount';
import { UserRejected } from '../errors';
import { findWalletAccount } from '../starknet/accounts/accounts';
import { pageCurrentAccount } from '../state/grants';
import { confirm } from '../ui/show';
import { SwitchAccountDialog } from '../ui/SwitchAccountDialog';
import { requireRoom } from './accountList';
import type { RpcContext } from './context';
import { grantApproved, revocationMark } from './pageAccess';

/**
 * `snapnet_switchAccount`: makes one of the accounts the page was given its current
 * account on a network after the user confirms (other pages and the home page keep
 * theirs); an account it was not given is refused (4100) before anything, like every
 * method naming an account. Already the page's current → returned without a dialog.
 * For MetaMask's own requests, an account of this seed that is not stored yet (within
 * the lookup limit) is stored, so it is listed from then on.
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
  const mark = revocationMark(ctx.origin);
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
  // Stored (when new) and given in one write; nothing when revoked meanwhile.
  const stored = await grantApproved(ctx, [record], {
    asCurrent: true,
    mark,
    field: 'address',
  });
  const account =
    stored.find((item) => item.address === record.address) ?? record;
  return account;
}
