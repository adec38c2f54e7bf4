import type {
  DisplayPrivateKeyParams,
  DisplayPrivateKeyResult,
} from '../api/displayPrivateKey';
import { findWalletAccount } from '../starknet/accounts/accounts';
import {
  PrivateKeyAlert,
  RevealKeyConfirmation,
} from '../ui/PrivateKeyDialogs';
import { alert } from '../ui/show';
import { unlockIfApproved } from './approve';
import type { RpcContext } from './context';

/**
 * `snapnet_displayPrivateKey`: after the user confirms, shows the account's private
 * key in a wallet dialog. The key never leaves the snap: the method answers `null`
 * whether the user approved or refused (interface.md). Only malformed params or an
 * address that is not this wallet's are reported, before any dialog.
 *
 * @param params - The account.
 * @param ctx - Request context.
 * @returns Always null.
 */
export async function displayPrivateKey(
  params: DisplayPrivateKeyParams,
  ctx: RpcContext,
): Promise<DisplayPrivateKeyResult> {
  const { record } = await findWalletAccount(
    ctx,
    params.userAddress,
    'userAddress',
  );
  const translate = await ctx.t();
  // Derived only now, so the key exists only for the alert's lifetime.
  const keys = await unlockIfApproved(
    ctx,
    record,
    <RevealKeyConfirmation
      translate={translate}
      origin={ctx.origin}
      network={ctx.network}
      account={record.address}
    />,
  );
  if (keys) {
    await alert(
      <PrivateKeyAlert translate={translate} privateKey={keys.privateKey} />,
    );
  }
  return null;
}
