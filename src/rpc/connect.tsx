import { InvalidField, UserRejected } from '../errors';
import { toAccountRecord } from '../starknet/accounts/accounts';
import { currentAccountIn } from '../state/accounts';
import type { AccountRecord } from '../state/types';
import {
  CONNECT_ACCOUNT_DROPDOWN,
  ConnectDialog,
  NEW_ACCOUNT_CHOICE,
} from '../ui/PageAccessDialogs';
import { confirmChoice } from '../ui/show';
import type { RpcContext } from './context';
import { nextFreeIndex } from './createAccount';
import { grantApproved, revocationMark } from './pageAccess';

/**
 * The connect dialog: a page without an account on a network asks for one;
 * the user picks one of their accounts, or a new one, and only that account is given
 * to the page, as its current account.
 *
 * @param ctx - Request context.
 * @returns The account given to the page.
 * @throws UserRejected (4001) when the user declines.
 */
export async function connectAccount(ctx: RpcContext): Promise<AccountRecord> {
  const { chainId } = ctx.network;
  const state = await ctx.store.read();
  const accounts = state.accounts[chainId] ?? [];
  const newIndex = nextFreeIndex(accounts);
  const selected = currentAccountIn(state, chainId)?.address;
  const translate = await ctx.t();
  const mark = revocationMark(ctx.origin);
  const picked = await confirmChoice(
    <ConnectDialog
      translate={translate}
      origin={ctx.origin}
      network={ctx.network}
      accounts={accounts}
      selected={selected ?? NEW_ACCOUNT_CHOICE}
      newIndex={newIndex}
    />,
    CONNECT_ACCOUNT_DROPDOWN,
  );
  if (picked === undefined) {
    throw new UserRejected('User rejected the connection.');
  }
  const record =
    picked === NEW_ACCOUNT_CHOICE
      ? toAccountRecord(await (await ctx.keys())(newIndex), chainId)
      : accounts.find((account) => account.address === picked);
  if (!record) {
    throw new InvalidField('account', 'the picked account is gone; try again');
  }
  // Stored (when new) and given in one write; nothing when revoked meanwhile.
  await grantApproved(ctx, [record], {
    asCurrent: true,
    mark,
    field: 'create',
  });
  return record;
}
