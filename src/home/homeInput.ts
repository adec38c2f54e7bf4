import type { UserInputEvent } from '@metamask/snaps-sdk';
import { UserInputEventType } from '@metamask/snaps-sdk';
import type { JSXElement } from '@metamask/snaps-sdk/jsx';

import type { Services } from '../rpc/context';
import { nodeHost } from '../starknet/node';
import {
  CREATE_ACCOUNT_BUTTON,
  CURRENT_ACCOUNT_DROPDOWN,
  SHOW_IN_METAMASK_BUTTON,
} from '../ui/HomePage';
import {
  NODE_FORM,
  NODE_URL_INPUT,
  RESET_NODE_BUTTON,
} from '../ui/NodeSettings';
import {
  createAccountFromHome,
  homeContext,
  renderHomePage,
  showInMetaMaskFromHome,
} from './homePage';
import { resetNodeUrl, saveNodeUrl } from './nodeSetting';

/**
 * The user picked another current account on the home page. No dialog: the user is
 * acting in the wallet itself. Only an account stored for the network is accepted.
 *
 * @param services - State store and send lock.
 * @param address - The picked address.
 * @returns The page showing it.
 */
async function chooseAccount(
  services: Services,
  address: string,
): Promise<JSXElement> {
  const { chainId } = (await homeContext(services)).network;
  await services.store.update((state) => {
    if (
      (state.accounts[chainId] ?? []).some((item) => item.address === address)
    ) {
      state.currentAccounts[chainId] = address;
    }
  });
  return renderHomePage(services);
}

/**
 * The user submitted a node URL for the current network: saved when it checks out,
 * else the page says why and nothing changes.
 *
 * @param services - State store and send lock.
 * @param text - The URL typed.
 * @returns The page with the outcome.
 */
async function chooseNode(
  services: Services,
  text: string,
): Promise<JSXElement> {
  const ctx = await homeContext(services);
  const translate = await ctx.t();
  const outcome = await saveNodeUrl(
    services.store,
    ctx.network,
    text,
    translate,
  );
  const notice = outcome.saved
    ? {
        text: translate('home.node.saved', {
          network: ctx.network.name,
          host: nodeHost(text.trim()),
        }),
        error: false,
      }
    : { text: outcome.problem, error: true };
  return renderHomePage(services, { node: notice });
}

/**
 * The user reset the current network's node to the build-time default.
 *
 * @param services - State store and send lock.
 * @returns The page with the outcome.
 */
async function resetNode(services: Services): Promise<JSXElement> {
  const ctx = await homeContext(services);
  await resetNodeUrl(services.store, ctx.network);
  const translate = await ctx.t();
  return renderHomePage(services, {
    node: {
      text: translate('home.node.wasReset', { network: ctx.network.name }),
      error: false,
    },
  });
}

/**
 * What a home page event leads to. The home page is the only place where the user's
 * own settings (current account without a dialog, node URL) change.
 *
 * @param services - State store and send lock.
 * @param event - The user's action.
 * @returns The page to show, or undefined when the event changes nothing.
 */
export async function handleHomeInput(
  services: Services,
  event: UserInputEvent,
): Promise<JSXElement | undefined> {
  switch (event.type) {
    case UserInputEventType.ButtonClickEvent:
      if (event.name === CREATE_ACCOUNT_BUTTON) {
        return createAccountFromHome(services);
      }
      if (event.name === SHOW_IN_METAMASK_BUTTON) {
        return showInMetaMaskFromHome(services);
      }
      return event.name === RESET_NODE_BUTTON ? resetNode(services) : undefined;
    case UserInputEventType.InputChangeEvent:
      return event.name === CURRENT_ACCOUNT_DROPDOWN &&
        typeof event.value === 'string'
        ? chooseAccount(services, event.value)
        : undefined;
    case UserInputEventType.FormSubmitEvent: {
      const url = event.value[NODE_URL_INPUT];
      return event.name === NODE_FORM && typeof url === 'string'
        ? chooseNode(services, url)
        : undefined;
    }
    default:
      return undefined;
  }
}
