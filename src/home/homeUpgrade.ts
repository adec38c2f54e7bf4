import type { JSXElement } from '@metamask/snaps-sdk/jsx';

import type { Services } from '../rpc/context';
import { upgradeAccount } from '../rpc/upgradeAccount';
import { homeContext, renderHomePage } from './homePage';

/**
 * The home page's "Upgrade" on one account: the same flow as `snapnet_upgradeAccount`
 * (its dialog, its refusals), then the page again with what happened.
 *
 * @param services - State store and send lock.
 * @param address - The account.
 * @returns The page after the attempt.
 */
export async function upgradeFromHome(
  services: Services,
  address: string,
): Promise<JSXElement> {
  const ctx = await homeContext(services);
  try {
    const { transaction_hash: hash } = await upgradeAccount({ address }, ctx);
    return await renderHomePage(services, {
      // The upgrade's transaction hash; the page shows the new version once included.
      upgrade: { text: hash, error: false },
    });
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    return renderHomePage(services, { upgrade: { text, error: true } });
  }
}
