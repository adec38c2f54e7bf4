import type { JSXElement } from '@metamask/snaps-sdk/jsx';

import { registerAccount } from '../keyring/accounts';
import type { RpcContext, Services } from '../rpc/context';
import { createContext, nodeUrlOf, paymasterUrlOf } from '../rpc/context';
import { createAccount } from '../rpc/createAccount';
import { currentAccountIn } from '../rpc/getCurrentAccount';
import { nodeHost } from '../starknet/node/node';
import type { SnapState } from '../state/types';
import { HomeAccounts } from '../ui/HomeAccounts';
import type { MetaMaskListing } from '../ui/HomePage';
import { HomePage } from '../ui/HomePage';
import type { NodeNotice } from '../ui/NodeSettings';
import { readHomeAccounts } from './homeAccounts';
import { pageAccessSection } from './pageAccess';
import type { ReplaceNotice } from './pendingSends';
import { pendingSendsSection } from './pendingSends';

/** Origin recorded for what the user does from the home page itself. */
const HOME_ORIGIN = 'metamask';

/** What the last action on the page did, shown once on the page it leads to. */
export type HomeNotices = {
  createFailed?: boolean;
  showFailed?: boolean;
  node?: NodeNotice;
  paymaster?: NodeNotice;
  /** What the last "Upgrade" did (homeUpgrade.ts). */
  upgrade?: { text: string; error: boolean };
  /** What the last "Speed up" or "Cancel" did (pendingSends.ts). */
  replace?: ReplaceNotice;
};

/**
 * Whether the current account is shown in MetaMask (a keyring account).
 *
 * @param state - The snap state.
 * @param address - The current account.
 * @param notices - Whether showing it just failed.
 * @returns Its listing.
 */
function listingOf(
  state: SnapState,
  address: string | undefined,
  notices: HomeNotices,
): MetaMaskListing {
  if (
    Object.values(state.keyringAccounts).some(
      (entry) => entry.address === address,
    )
  ) {
    return 'shown';
  }
  return notices.showFailed ? 'failed' : 'available';
}

/**
 * The context of a home page action: the current network, as for a dapp request
 * without `chainId` (the default network when the stored one is no longer served, so
 * the page still shows and the user can act after such an update).
 *
 * @param services - State store and send lock.
 * @returns The context.
 */
export async function homeContext(services: Services): Promise<RpcContext> {
  return createContext({
    origin: HOME_ORIGIN,
    ...services,
    chainId: undefined,
    action: 'The home page',
  });
}

/**
 * Builds the home page: the current network, its current account (picked among the
 * network's accounts), that account's balances of the watch list and the node in
 * use. An unreachable node shows a message instead of balances; it never breaks the
 * page.
 *
 * @param services - State store and send lock.
 * @param notices - What the last action did.
 * @returns The page content.
 */
export async function renderHomePage(
  services: Services,
  notices: HomeNotices = {},
): Promise<JSXElement> {
  const ctx = await homeContext(services);
  const [state, translate] = await Promise.all([ctx.store.read(), ctx.t()]);
  const { chainId } = ctx.network;
  const account = currentAccountIn(state, chainId);
  // One batch: every account's class and balances, the current one's among them.
  const overview = account ? await readHomeAccounts(ctx, state) : [];
  const balances = overview?.find(
    (item) => item.address === account?.address,
  )?.balances;
  return (
    <HomePage
      translate={translate}
      network={ctx.network}
      account={account?.address}
      accounts={state.accounts[chainId] ?? []}
      node={{
        host: nodeHost(nodeUrlOf(state, ctx.network)),
        custom: state.nodeUrls[chainId] !== undefined,
        notice: notices.node,
      }}
      paymaster={{
        host:
          paymasterUrlOf(state, ctx.network) === ''
            ? ''
            : nodeHost(paymasterUrlOf(state, ctx.network)),
        custom: state.paymasterUrls[chainId] !== undefined,
        notice: notices.paymaster,
      }}
      balances={balances ?? []}
      nodeUnreachable={balances === undefined}
      createFailed={notices.createFailed ?? false}
      listing={listingOf(state, account?.address, notices)}
      overview={
        overview && overview.length > 0 ? (
          <HomeAccounts
            translate={translate}
            accounts={overview}
            notice={notices.upgrade}
          />
        ) : null
      }
      access={pageAccessSection(state, chainId, translate)}
      pending={pendingSendsSection(state, chainId, translate, notices.replace)}
    />
  );
}

/**
 * The home page's "create account" button: creates the first account of the current
 * network (as `snapnet_createAccount` without params would) and shows the page again
 * with it, or with a message when that failed.
 *
 * @param services - State store and send lock.
 * @returns The updated page content.
 */
export async function createAccountFromHome(
  services: Services,
): Promise<JSXElement> {
  try {
    await createAccount({}, await homeContext(services));
  } catch {
    // The page says it failed; the user can try again from the same button.
    return renderHomePage(services, { createFailed: true });
  }
  return renderHomePage(services);
}

/**
 * The home page's "Show in MetaMask": the current account becomes a keyring account
 * MetaMask lists, through the same code as MetaMask's own `keyring_createAccount`.
 * MetaMask refusing (stable MetaMask has no generic accounts) leaves nothing shown,
 * and the page says so.
 *
 * @param services - State store and send lock.
 * @returns The page after the attempt.
 */
export async function showInMetaMaskFromHome(
  services: Services,
): Promise<JSXElement> {
  const ctx = await homeContext(services);
  const account = currentAccountIn(await ctx.store.read(), ctx.network.chainId);
  if (!account) {
    return renderHomePage(services);
  }
  try {
    await registerAccount(services, { addressIndex: account.addressIndex });
  } catch {
    return renderHomePage(services, { showFailed: true });
  }
  return renderHomePage(services);
}
