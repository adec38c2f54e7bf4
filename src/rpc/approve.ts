import type { JSXElement } from '@metamask/snaps-sdk/jsx';

import { UserRejected } from '../errors';
import type { AccountKeys } from '../keys/derive';
import { unlockAccount } from '../starknet/accounts';
import type { AccountRecord } from '../state/types';
import { confirm } from '../ui/show';
import type { RpcContext } from './context';
import type { AccessContext } from './pageAccess';
import { grantApproved } from './pageAccess';

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
 * dialog rejects with UserRejected (4001) and the given message. An approved dialog
 * names the page and the account, so the page may see that account from then on
 * (pageAccess.ts).
 *
 * @param ctx - Request context (its key deriver).
 * @param record - The account that will sign.
 * @param dialog - The confirmation the user answers.
 * @param refusal - The UserRejected message, naming what was refused.
 * @returns The account's keys.
 * @throws UserRejected when the user declines; AccountKeyMismatch when the derived
 * key is not the account's.
 */
export async function approveThenUnlock(
  ctx: UnlockContext & AccessContext,
  record: AccountRecord,
  dialog: JSXElement,
  refusal: string,
): Promise<AccountKeys> {
  const keys = await unlockIfApproved(ctx, record, dialog);
  if (!keys) {
    throw new UserRejected(refusal);
  }
  await grantApproved(ctx, record);
  return keys;
}
