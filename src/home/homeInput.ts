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
  EXPORT_KEY_BUTTON,
  EXPORT_KEY_CLOSE_BUTTON,
  EXPORT_KEY_CONFIRM_BUTTON,
} from '../ui/KeyExportPages';
import {
  NODE_FORM,
  NODE_URL_INPUT,
  RESET_NODE_BUTTON,
} from '../ui/NodeSettings';
import {
  PAYMASTER_FORM,
  PAYMASTER_URL_INPUT,
  RESET_PAYMASTER_BUTTON,
} from '../ui/PaymasterSettings';
import {
  createAccountFromHome,
  homeContext,
  renderHomePage,
  showInMetaMaskFromHome,
} from './homePage';
import { confirmKeyExport, exportKey } from './keyExport';
import { resetNodeUrl, saveNodeUrl } from './nodeSetting';
import { resetPaymasterUrl, savePaymasterUrl } from './paymasterSetting';
import { safePage } from './safePage';

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
 * The user submitted a paymaster URL for the current network: saved when it answers
 * `paymaster_isAvailable`, else the page says why and nothing changes.
 *
 * @param services - State store and send lock.
 * @param text - The URL typed.
 * @returns The page with the outcome.
 */
async function choosePaymaster(
  services: Services,
  text: string,
): Promise<JSXElement> {
  const ctx = await homeContext(services);
  const translate = await ctx.t();
  const outcome = await savePaymasterUrl(
    services.store,
    ctx.network,
    text,
    translate,
  );
  const notice = outcome.saved
    ? {
        text: translate('home.paymaster.saved', {
          network: ctx.network.name,
          host: nodeHost(text.trim()),
        }),
        error: false,
      }
    : { text: outcome.problem, error: true };
  return renderHomePage(services, { paymaster: notice });
}

/**
 * The user reset the current network's paymaster to the build-time default.
 *
 * @param services - State store and send lock.
 * @returns The page with the outcome.
 */
async function resetPaymaster(services: Services): Promise<JSXElement> {
  const ctx = await homeContext(services);
  await resetPaymasterUrl(services.store, ctx.network);
  const translate = await ctx.t();
  return renderHomePage(services, {
    paymaster: {
      text: translate('home.paymaster.wasReset', { network: ctx.network.name }),
      error: false,
    },
  });
}

/**
 * What a home page event leads to. The home page is the only place where the user's
 * own settings (current account without a dialog, node URL) change, and where a
 * private key is exported. Whatever fails, a page is shown (an error page at worst).
 *
 * @param services - State store and send lock.
 * @param event - The user's action.
 * @returns The page to show, or undefined when the event changes nothing.
 */
export async function handleHomeInput(
  services: Services,
  event: UserInputEvent,
): Promise<JSXElement | undefined> {
  const page = pageFor(services, event);
  return page ? safePage(page) : undefined;
}

/** What a button of the home page (and its export pages) leads to, by name. */
const BUTTONS: Record<string, (services: Services) => Promise<JSXElement>> = {
  [CREATE_ACCOUNT_BUTTON]: createAccountFromHome,
  [RESET_NODE_BUTTON]: resetNode,
  [RESET_PAYMASTER_BUTTON]: resetPaymaster,
  [SHOW_IN_METAMASK_BUTTON]: showInMetaMaskFromHome,
  [EXPORT_KEY_BUTTON]: confirmKeyExport,
  [EXPORT_KEY_CONFIRM_BUTTON]: exportKey,
  [EXPORT_KEY_CLOSE_BUTTON]: renderHomePage,
};

/**
 * The page an event leads to, not built yet.
 *
 * @param services - State store and send lock.
 * @param event - The user's action.
 * @returns Builds the page, or undefined when the event changes nothing.
 */
function pageFor(
  services: Services,
  event: UserInputEvent,
): (() => Promise<JSXElement>) | undefined {
  switch (event.type) {
    case UserInputEventType.ButtonClickEvent: {
      const button =
        event.name !== undefined && Object.hasOwn(BUTTONS, event.name)
          ? BUTTONS[event.name]
          : undefined;
      return button && (async (): Promise<JSXElement> => button(services));
    }
    case UserInputEventType.InputChangeEvent: {
      const { value } = event;
      return event.name === CURRENT_ACCOUNT_DROPDOWN &&
        typeof value === 'string'
        ? async (): Promise<JSXElement> => chooseAccount(services, value)
        : undefined;
    }
    case UserInputEventType.FormSubmitEvent: {
      const url = event.value[NODE_URL_INPUT];
      const paymasterUrl = event.value[PAYMASTER_URL_INPUT];
      if (event.name === PAYMASTER_FORM && typeof paymasterUrl === 'string') {
        return async (): Promise<JSXElement> =>
          choosePaymaster(services, paymasterUrl);
      }
      return event.name === NODE_FORM && typeof url === 'string'
        ? async (): Promise<JSXElement> => chooseNode(services, url)
        : undefined;
    }
    default:
      return undefined;
  }
}
