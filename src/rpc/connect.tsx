import { InvalidField, UserRejected } from '../errors';
import { toAccountRecord } from '../starknet/accounts';
import { currentAccountIn } from '../state/accounts';
import { isUnconfirmed } from '../state/grants';
import type { AccountRecord } from '../state/types';
import {
  CONNECT_ACCOUNT_DROPDOWN,
  ConnectDialog,
  NEW_ACCOUNT_CHOICE,
} from '../ui/PageAccessDialogs';
import { confirmChoice } from '../ui/show';
import { storeAccounts } from './accountList';
import type { RpcContext } from './context';
import { nextFreeIndex } from './createAccount';
import { grantApproved } from './pageAccess';

/**
 * The connect dialog (a page learns only the account the user gives it): a page without
 * an account on a network asks for one;
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
  const stored = state.accounts[chainId] ?? [];
  const accounts = stored.filter(
    (account) => !isUnconfirmed(state, chainId, account.address),
  );
  const newIndex = nextFreeIndex(stored);
  // Preselect the user's current account only when it is offered (an account a page
  // stored silently is not; it may still be the lowest index).
  const current = currentAccountIn(state, chainId)?.address;
  const selected = accounts.some((account) => account.address === current)
    ? current
    : accounts[0]?.address;
  const translate = await ctx.t();
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
  await ctx.store.update((draft) => {
    if (
      !draft.accounts[chainId]?.some((item) => item.address === record.address)
    ) {
      storeAccounts(draft, ctx.network, [record], 'create');
    }
  });
  await grantApproved(ctx, record, true);
  return record;
}
