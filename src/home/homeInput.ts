import type { UserInputEvent } from '@metamask/snaps-sdk';
import { UserInputEventType } from '@metamask/snaps-sdk';
import type { JSXElement } from '@metamask/snaps-sdk/jsx';

import type { Services } from '../rpc/context';
import { nodeHost } from '../starknet/node/node';
import { UPGRADE_BUTTON_PREFIX } from '../ui/HomeAccounts';
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
import { upgradeFromHome } from './homeUpgrade';
import { confirmKeyExport, exportKey } from './keyExport';
import { resetNodeUrl, saveNodeUrl } from './nodeSetting';
import { isPageAccessButton, pageAccessButton } from './pageAccess';
import { resetPaymasterUrl, savePaymasterUrl } from './paymasterSetting';
import { isReplaceButton, replaceFromHome } from './pendingSends';
import { safePage } from './safePage';
import type { HomeView } from './sendForm';
import { isSendEvent, sendInput } from './sendForm';

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

/** The URLs the user sets per network on the home page, and how each is saved. */
const URL_SETTINGS = {
  node: { save: saveNodeUrl, reset: resetNodeUrl },
  paymaster: { save: savePaymasterUrl, reset: resetPaymasterUrl },
} as const;

type UrlSetting = keyof typeof URL_SETTINGS;

/**
 * The page with one setting's outcome.
 *
 * @param services - State store and send lock.
 * @param setting - Which setting.
 * @param notice - What happened.
 * @param notice.text - Its text.
 * @param notice.error - Whether it failed.
 * @returns The page.
 */
async function withNotice(
  services: Services,
  setting: UrlSetting,
  notice: { text: string; error: boolean },
): Promise<JSXElement> {
  return renderHomePage(
    services,
    setting === 'node' ? { node: notice } : { paymaster: notice },
  );
}

/**
 * The user submitted a node or paymaster URL for the current network: saved when it
 * checks out (the node answers `starknet_chainId`, the paymaster
 * `paymaster_isAvailable`), else the page says why and nothing changes.
 *
 * @param services - State store and send lock.
 * @param setting - Which URL.
 * @param text - The URL typed.
 * @returns The page with the outcome.
 */
async function chooseUrl(
  services: Services,
  setting: UrlSetting,
  text: string,
): Promise<JSXElement> {
  const ctx = await homeContext(services);
  const translate = await ctx.t();
  const outcome = await URL_SETTINGS[setting].save(
    services.store,
    ctx.network,
    text,
    translate,
  );
  return withNotice(
    services,
    setting,
    outcome.saved
      ? {
          text: translate(`home.${setting}.saved`, {
            network: ctx.network.name,
            host: nodeHost(text.trim()),
          }),
          error: false,
        }
      : { text: outcome.problem, error: true },
  );
}

/**
 * The user reset the current network's node or paymaster to the build-time default.
 *
 * @param services - State store and send lock.
 * @param setting - Which URL.
 * @returns The page with the outcome.
 */
async function resetUrl(
  services: Services,
  setting: UrlSetting,
): Promise<JSXElement> {
  const ctx = await homeContext(services);
  await URL_SETTINGS[setting].reset(services.store, ctx.network);
  const translate = await ctx.t();
  return withNotice(services, setting, {
    text: translate(`home.${setting}.wasReset`, { network: ctx.network.name }),
    error: false,
  });
}

/**
 * What a home page event leads to. The home page is the only place where the user's
 * own settings (current account without a dialog, node URL) change, and where a
 * private key is exported. Whatever fails, a page is shown (an error page at worst).
 *
 * @param services - State store and send lock.
 * @param event - The user's action.
 * @param view - The page's interface id and context (the send form keeps its own).
 * @returns The page to show, or undefined when the event changes nothing.
 */
export async function handleHomeInput(
  services: Services,
  event: UserInputEvent,
  view?: HomeView,
): Promise<JSXElement | undefined> {
  if (view && isSendEvent(event)) {
    return safePage(async () => sendInput(services, event, view));
  }
  const page = pageFor(services, event);
  return page ? safePage(page) : undefined;
}

/** What a button of the home page (and its export pages) leads to, by name. */
const BUTTONS: Record<string, (services: Services) => Promise<JSXElement>> = {
  [CREATE_ACCOUNT_BUTTON]: createAccountFromHome,
  [RESET_NODE_BUTTON]: async (services) => resetUrl(services, 'node'),
  [RESET_PAYMASTER_BUTTON]: async (services) => resetUrl(services, 'paymaster'),
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
      const { name } = event;
      const upgrade = name?.startsWith(UPGRADE_BUTTON_PREFIX)
        ? name.slice(UPGRADE_BUTTON_PREFIX.length)
        : undefined;
      if (upgrade !== undefined) {
        return async (): Promise<JSXElement> =>
          upgradeFromHome(services, upgrade);
      }
      if (name !== undefined && isReplaceButton(name)) {
        return async (): Promise<JSXElement> =>
          renderHomePage(services, {
            replace: await replaceFromHome(services, name),
          });
      }
      if (name !== undefined && isPageAccessButton(name)) {
        return async (): Promise<JSXElement> => {
          const { chainId } = (await homeContext(services)).network;
          await pageAccessButton(services, name, chainId);
          return renderHomePage(services);
        };
      }
      const button =
        name !== undefined && Object.hasOwn(BUTTONS, name)
          ? BUTTONS[name]
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
          chooseUrl(services, 'paymaster', paymasterUrl);
      }
      return event.name === NODE_FORM && typeof url === 'string'
        ? async (): Promise<JSXElement> => chooseUrl(services, 'node', url)
        : undefined;
    }
    default:
      return undefined;
  }
}
