import type { JSXElement } from '@metamask/snaps-sdk/jsx';

import type { Services } from '../rpc/context';
import { currentAccountIn } from '../rpc/getCurrentAccount';
import { unlockAccount } from '../starknet/accounts/accounts';
import { ExportedKey, KeyExportConfirmation } from '../ui/KeyExportPages';
import { homeContext, renderHomePage } from './homePage';

/**
 * The home page's "Export private key" button: asks for a click confirmation about
 * the current account. No key is derived yet.
 *
 * @param services - State store and send lock.
 * @returns The confirmation page, or the home page when there is no account.
 */
export async function confirmKeyExport(
  services: Services,
): Promise<JSXElement> {
  const ctx = await homeContext(services);
  const [state, translate] = await Promise.all([ctx.store.read(), ctx.t()]);
  const account = currentAccountIn(state, ctx.network.chainId);
  if (!account) {
    return renderHomePage(services);
  }
  return (
    <KeyExportConfirmation
      translate={translate}
      network={ctx.network}
      account={account.address}
    />
  );
}

/**
 * The user confirmed the export: derives the current account's key (checked to be
 * that account's, see unlockAccount) and shows it in the snap's own page. This is
 * the only way a key is exported unless the build allows some dapp origins.
 *
 * @param services - State store and send lock.
 * @returns The page showing the key.
 */
export async function exportKey(services: Services): Promise<JSXElement> {
  const ctx = await homeContext(services);
  const [state, translate] = await Promise.all([ctx.store.read(), ctx.t()]);
  const account = currentAccountIn(state, ctx.network.chainId);
  if (!account) {
    return renderHomePage(services);
  }
  const keys = await unlockAccount(ctx, account);
  return (
    <ExportedKey
      translate={translate}
      account={account.address}
      privateKey={keys.privateKey}
    />
  );
}
