import type { JSXElement } from '@metamask/snaps-sdk/jsx';

import type { Services } from '../rpc/context';
import { noteRevoked } from '../rpc/pageAccess';
import { currentAccountIn } from '../state/accounts';
import { forgetAccount, revoke } from '../state/grants';
import type { SnapState } from '../state/types';
import type { Translate } from '../ui/i18n';
import type { SiteAccess } from '../ui/PageAccessSection';
import {
  PageAccessSection,
  REMOVE_ACCOUNT_BUTTON,
  REVOKE_PREFIX,
} from '../ui/PageAccessSection';

/**
 * The home page's section of what pages were given on a network.
 *
 * @param state - The snap state.
 * @param chainId - The current network.
 * @param translate - Translator.
 * @returns The section.
 */
export function pageAccessSection(
  state: SnapState,
  chainId: string,
  translate: Translate,
): JSXElement {
  const accounts = state.accounts[chainId] ?? [];
  const sites: SiteAccess[] = Object.entries(state.grants)
    .map(([origin, byChain]) => ({
      origin,
      accounts: (byChain[chainId] ?? []).map((address) => ({
        address,
        addressIndex: accounts.find((item) => item.address === address)
          ?.addressIndex,
      })),
    }))
    .filter((site) => site.accounts.length > 0);
  return (
    <PageAccessSection
      translate={translate}
      index={currentAccountIn(state, chainId)?.addressIndex}
      sites={sites}
    />
  );
}

/**
 * Whether a button belongs to this section.
 *
 * @param name - The button's name.
 * @returns True for a revoke or remove button.
 */
export function isPageAccessButton(name: string): boolean {
  return name.startsWith(REVOKE_PREFIX) || name === REMOVE_ACCOUNT_BUTTON;
}

/**
 * What a home page button of this section does, in a state update: revoke a site
 * (every network; its open requests then answer 4100 and grant nothing), or remove the current account from the list (its funds stay on
 * chain; recoverAccounts finds it again).
 *
 * @param services - State store and send lock.
 * @param name - The button's name.
 * @param chainId - The current network.
 */
export async function pageAccessButton(
  services: Services,
  name: string,
  chainId: string,
): Promise<void> {
  await services.store.update((state) => {
    if (name.startsWith(REVOKE_PREFIX)) {
      const origin = name.slice(REVOKE_PREFIX.length);
      revoke(state, origin);
      // The page's open dialogs give nothing back once answered.
      noteRevoked(origin);
      return;
    }
    const current = currentAccountIn(state, chainId);
    if (current) {
      forgetAccount(state, chainId, current.address);
    }
  });
}
