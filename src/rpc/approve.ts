import type { JSXElement } from '@metamask/snaps-sdk/jsx';

import { UserRejected } from '../errors';
import type { AccountKeys } from '../keys/derive';
import { unlockAccount } from '../starknet/accounts/accounts';
import type { AccountRecord } from '../state/types';
import { confirm } from '../ui/show';
import type { RpcContext } from './context';
import type { AccessContext } from './pageAccess';
import { requireGranted } from './pageAccess';

/** What unlocking needs of a request: its key deriver (the rpc context has it). */
export type UnlockContext = Pick<RpcContext, 'keys'>;

/**
 * The one "ask, then unlock" sequence of every handler that signs or reveals a key:
 * the dialog is shown first and the key is derived (and checked to be the account's,
 * see `unlockAccount`) only once the user approved, so no key exists for a refused
 * request. Nothing is derived when the user declines.
 *
 * @param ctx - Request context (its key deriver).
 * @param record - The account that will sign.
 * @param dialog - The confirmation the user answers.
 * @returns The account's keys, or undefined when the user declined.
 * @throws AccountKeyMismatch when the derived key is not the account's.
 */
export async function unlockIfApproved(
  ctx: UnlockContext,
  record: AccountRecord,
  dialog: JSXElement,
): Promise<AccountKeys | undefined> {
  if (!(await confirm(dialog))) {
    return undefined;
  }
  return unlockAccount(ctx, record);
}

/**
 * {@link unlockIfApproved} for requests whose refusal the dapp must learn: a declined
 * dialog rejects with UserRejected (4001) and the given message. The page must still
 * hold the account once the dialog closed (a revoke made while it was open wins: 4100,
 * no key derived); approving never gives the page the account.
 *
 * @param ctx - Request context (its key deriver).
 * @param record - The account that will sign.
 * @param dialog - The confirmation the user answers.
 * @param refusal - The UserRejected message, naming what was refused.
 * @returns The account's keys.
 * @throws UserRejected when the user declines; AccountNotGranted when the page lost
 * the account meanwhile; AccountKeyMismatch when the derived key is not the account's.
 */
export async function approveThenUnlock(
  ctx: UnlockContext & AccessContext,
  record: AccountRecord,
  dialog: JSXElement,
  refusal: string,
): Promise<AccountKeys> {
  if (!(await confirm(dialog))) {
    throw new UserRejected(refusal);
  }
  await requireGranted(ctx, record.address, 'address');
  return unlockAccount(ctx, record);
}
