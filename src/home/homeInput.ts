import type { UserInputEvent } from '@metamask/snaps-sdk';
import { UserInputEventType } from '@metamask/snaps-sdk';
import type { JSXElement } from '@metamask/snaps-sdk/jsx';

import type { Store } from '../state/store';
import {
  CREATE_ACCOUNT_BUTTON,
  CURRENT_ACCOUNT_DROPDOWN,
} from '../ui/HomePage';
import {
  NODE_FORM,
  NODE_URL_INPUT,
  RESET_NODE_BUTTON,
} from '../ui/NodeSettings';
import { createAccountFromHome, homeContext, renderHomePage } from './homePage';
import { nodeHostOf, resetNodeUrl, saveNodeUrl } from './nodeSetting';

/**
 * The user picked another current account on the home page. No dialog: the user is
 * acting in the wallet itself. Only an account stored for the network is accepted.
 *
 * @param store - The state store.
 * @param address - The picked address.
 * @returns The page showing it.
 */
async function chooseAccount(
  store: Store,
  address: string,
): Promise<JSXElement> {
  const { chainId } = (await homeContext(store)).network;
  await store.update((state) => {
    if (
      (state.accounts[chainId] ?? []).some((item) => item.address === address)
    ) {
      state.currentAccounts[chainId] = address;
    }
  });
  return renderHomePage(store);
}

/**
 * The user submitted a node URL for the current network: saved when it checks out,
 * else the page says why and nothing changes.
 *
 * @param store - The state store.
 * @param text - The URL typed.
 * @returns The page with the outcome.
 */
async function chooseNode(store: Store, text: string): Promise<JSXElement> {
  const ctx = await homeContext(store);
  const translate = await ctx.t();
  const outcome = await saveNodeUrl(store, ctx.network, text, translate);
  const notice = outcome.saved
    ? {
        text: translate('home.node.saved', {
          network: ctx.network.name,
          host: nodeHostOf(text.trim()),
        }),
        error: false,
      }
    : { text: outcome.problem, error: true };
  return renderHomePage(store, { node: notice });
}

/**
 * The user reset the current network's node to the build-time default.
 *
 * @param store - The state store.
 * @returns The page with the outcome.
 */
async function resetNode(store: Store): Promise<JSXElement> {
  const ctx = await homeContext(store);
  await resetNodeUrl(store, ctx.network);
  const translate = await ctx.t();
  return renderHomePage(store, {
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
 * @param store - The state store.
 * @param event - The user's action.
 * @returns The page to show, or undefined when the event changes nothing.
 */
export async function handleHomeInput(
  store: Store,
  event: UserInputEvent,
): Promise<JSXElement | undefined> {
  switch (event.type) {
    case UserInputEventType.ButtonClickEvent:
      if (event.name === CREATE_ACCOUNT_BUTTON) {
        return createAccountFromHome(store);
      }
      return event.name === RESET_NODE_BUTTON ? resetNode(store) : undefined;
    case UserInputEventType.InputChangeEvent:
      return event.name === CURRENT_ACCOUNT_DROPDOWN &&
        typeof event.value === 'string'
        ? chooseAccount(store, event.value)
        : undefined;
    case UserInputEventType.FormSubmitEvent: {
      const url = event.value[NODE_URL_INPUT];
      return event.name === NODE_FORM && typeof url === 'string'
        ? chooseNode(store, url)
        : undefined;
    }
    default:
      return undefined;
  }
}
