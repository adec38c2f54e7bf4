import type { InterfaceContext, UserInputEvent } from '@metamask/snaps-sdk';
import { UserInputEventType } from '@metamask/snaps-sdk';
import type { JSXElement } from '@metamask/snaps-sdk/jsx';
import { is, string, type } from '@metamask/superstruct';
import { uint256 } from 'starknet';

import { toFelt64 } from '../api/felt';
import { formatUnits } from '../api/units';
import { UserRejected } from '../errors';
import type { Services } from '../rpc/context';
import { USER_ORIGIN } from '../rpc/context';
import { currentAccountIn } from '../rpc/getCurrentAccount';
import { routes } from '../rpc/handlers';
import { balanceCall } from '../starknet/node/calls';
import { watchList } from '../starknet/tokens/watchList';
import type { Translate } from '../ui/i18n';
import type { SendErrors, SendValues } from '../ui/SendForm';
import {
  SEND_AMOUNT,
  SEND_CLOSE_BUTTON,
  SEND_FORM,
  SEND_OPEN_BUTTON,
  SEND_RECIPIENT,
  SEND_TOKEN,
  SendForm,
} from '../ui/SendForm';
import { homeContext, renderHomePage } from './homePage';
import type { SendContext } from './sendFormChecks';
import {
  EMPTY,
  SendContextStruct,
  checkValues,
  parseAmount,
} from './sendFormChecks';

/** The page's interface: its id and context. */
export type HomeView = { id: string; context: InterfaceContext | null };

/**
 * The form page.
 *
 * @param translate - Translator.
 * @param context - Tokens and balances.
 * @param values - What the user typed.
 * @param errors - What is wrong with it.
 * @param outcome - What the last submission did.
 * @param outcome.text - Its text.
 * @param outcome.error - Whether it failed.
 * @returns The page.
 */
function formPage(
  translate: Translate,
  context: SendContext,
  values: SendValues,
  errors: SendErrors,
  outcome?: { text: string; error: boolean },
): JSXElement {
  return SendForm({
    translate,
    network: context.network,
    sender: context.sender,
    tokens: context.tokens.map((token) => ({
      address: token.address,
      symbol: token.symbol,
      balance: formatUnits(BigInt(token.balance), token.decimals),
    })),
    values,
    errors,
    outcome,
  });
}

/**
 * Opens the form for the current account: one node batch reads its balance of each
 * token of the watch list, kept in the interface's context for the checks.
 *
 * @param services - Store and send lock.
 * @param id - The page's interface id.
 * @returns The form (or the home page, without an account), shown already with its
 * context: the caller's update of the same page keeps that context.
 */
async function openForm(services: Services, id: string): Promise<JSXElement> {
  const ctx = await homeContext(services);
  const translate = await ctx.t();
  const { chainId } = ctx.network;
  const account = currentAccountIn(ctx.state, chainId);
  let ui: JSXElement;
  let context: SendContext | undefined;
  if (account) {
    const tokens = watchList(chainId, ctx.state.tokens[chainId]);
    const balances = await ctx.node.batch(
      tokens.map((token) => balanceCall(token.address, account.address)),
    );
    context = {
      chainId,
      network: ctx.network.name,
      sender: account.address,
      tokens: tokens.flatMap((token, at) => {
        const read = balances[at];
        return read?.ok
          ? [{ ...token, balance: BigInt(read.result).toString() }]
          : [];
      }),
    };
    const first = context.tokens[0]?.address ?? '';
    ui = formPage(translate, context, { ...EMPTY, token: first }, {});
  } else {
    ui = await renderHomePage(services);
  }
  await snap.request({
    method: 'snap_updateInterface',
    params: { id, ui, ...(context ? { context } : {}) },
  });
  return ui;
}

/**
 * What the form holds now (the interface's state).
 *
 * @param id - The interface id.
 * @returns The values typed.
 */
async function formValues(id: string): Promise<SendValues> {
  const state = await snap.request({
    method: 'snap_getInterfaceState',
    params: { id },
  });
  const form = state[SEND_FORM];
  const text = (name: string): string => {
    const value =
      form && typeof form === 'object' && !Array.isArray(form)
        ? (form as Record<string, unknown>)[name]
        : undefined;
    return typeof value === 'string' ? value : '';
  };
  return {
    recipient: text(SEND_RECIPIENT),
    token: text(SEND_TOKEN),
    amount: text(SEND_AMOUNT),
  };
}

/**
 * Sends what the form holds, once it checks out, through the same path as a dapp's
 * `snapnet_executeTxn` (send lock, simulation, the review dialog with balance changes
 * and fee, signing only after approval), from MetaMask itself (origin `metamask`).
 *
 * @param services - Store and send lock.
 * @param context - Sender and token.
 * @param values - The checked values.
 * @param translate - Translator.
 * @returns What happened, in the user's words.
 */
async function sendFromForm(
  services: Services,
  context: SendContext,
  values: SendValues,
  translate: Translate,
): Promise<{ text: string; error: boolean }> {
  const token = context.tokens.find((item) => item.address === values.token);
  const amount = token ? parseAmount(values.amount, token.decimals) : undefined;
  if (!token || amount === undefined) {
    return { text: translate('send.badToken'), error: true };
  }
  const { low, high } = uint256.bnToUint256(amount);
  try {
    const sent = await routes.snapnet_executeTxn(
      {
        chainId: context.chainId,
        address: context.sender,
        calls: [
          {
            contractAddress: token.address,
            entrypoint: 'transfer',
            calldata: [
              toFelt64(values.recipient.trim()),
              low.toString(),
              high.toString(),
            ],
          },
        ],
      },
      { origin: USER_ORIGIN, method: 'snapnet_executeTxn', ...services },
    );
    const hash = is(sent, type({ transaction_hash: string() }))
      ? sent.transaction_hash
      : '';
    return { text: translate('send.sentHash', { hash }), error: false };
  } catch (error) {
    if (error instanceof UserRejected) {
      return { text: translate('send.rejected'), error: true };
    }
    return { text: error instanceof Error ? error.message : '', error: true };
  }
}

/**
 * Whether an event belongs to the send form.
 *
 * @param event - The event.
 * @returns True for the form's fields, submission and buttons.
 */
export function isSendEvent(event: UserInputEvent): boolean {
  const name = event.name ?? '';
  return (
    name === SEND_FORM ||
    name === SEND_OPEN_BUTTON ||
    name === SEND_CLOSE_BUTTON ||
    [SEND_RECIPIENT, SEND_TOKEN, SEND_AMOUNT].includes(name)
  );
}

/**
 * The send form's events: open (reads balances once), each change checked at once
 * against what was read (no node request), submission (checked again; the review
 * dialog only when every field is right, so a bad recipient or an amount above the
 * balance never reaches the node), back to the home page.
 *
 * @param services - Store and send lock.
 * @param event - The event.
 * @param view - The page's interface id and context.
 * @returns The page to show.
 */
export async function sendInput(
  services: Services,
  event: UserInputEvent,
  view: HomeView,
): Promise<JSXElement> {
  if (event.name === SEND_OPEN_BUTTON) {
    return openForm(services, view.id);
  }
  const { context } = view;
  if (event.name === SEND_CLOSE_BUTTON || !is(context, SendContextStruct)) {
    return renderHomePage(services);
  }
  const translate = await (await homeContext(services)).t();
  const values = await formValues(view.id);
  if (event.type === UserInputEventType.FormSubmitEvent) {
    const errors = checkValues(context, values, translate, false);
    if (Object.keys(errors).length > 0) {
      return formPage(translate, context, values, errors);
    }
    const outcome = await sendFromForm(services, context, values, translate);
    return formPage(
      translate,
      context,
      outcome.error ? values : { ...EMPTY, token: values.token },
      {},
      outcome,
    );
  }
  if (event.type === UserInputEventType.InputChangeEvent) {
    const errors = checkValues(context, values, translate, true);
    return formPage(translate, context, values, errors);
  }
  return renderHomePage(services);
}
