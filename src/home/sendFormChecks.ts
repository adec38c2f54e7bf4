import type { Infer } from '@metamask/superstruct';
import { array, number, string, type } from '@metamask/superstruct';

import { HEX_FELT_PATTERN } from '../api/felt';
import { formatUnits } from '../api/units';
import type { Translate } from '../ui/i18n';
import type { SendErrors, SendValues } from '../ui/SendForm';

/**
 * What the form knows between events (the interface's context): the network, the
 * sender and each token's balance as read when the form opened, so checking what the
 * user types asks the node nothing.
 */
export const SendContextStruct = type({
  chainId: string(),
  network: string(),
  sender: string(),
  tokens: array(
    type({
      address: string(),
      symbol: string(),
      decimals: number(),
      /** Base units, decimal. */
      balance: string(),
    }),
  ),
});
export type SendContext = Infer<typeof SendContextStruct>;

/** The form before the user typed anything. */
export const EMPTY: SendValues = { recipient: '', token: '', amount: '' };

/**
 * Reads an amount typed in whole units into base units, exactly.
 *
 * @param text - E.g. `1.5`.
 * @param decimals - The token's decimals.
 * @returns Base units, or undefined when it is not a positive number with at most
 * `decimals` decimals.
 */
export function parseAmount(
  text: string,
  decimals: number,
): bigint | undefined {
  const match = /^(\d+)(?:\.(\d+))?$/u.exec(text.trim());
  const [, whole = '', fraction = ''] = match ?? [];
  if (!match || fraction.length > decimals) {
    return undefined;
  }
  const amount = BigInt(whole + fraction.padEnd(decimals, '0'));
  return amount > 0n ? amount : undefined;
}

/**
 * What is wrong with the form, field by field. While typing (`partial`), an empty
 * field is not an error yet.
 *
 * @param context - The form's tokens and balances.
 * @param values - What the user typed.
 * @param translate - Translator.
 * @param partial - Whether the user is still typing.
 * @returns The problems (none: ready to review).
 */
export function checkValues(
  context: SendContext,
  values: SendValues,
  translate: Translate,
  partial: boolean,
): SendErrors {
  const errors: SendErrors = {};
  const recipient = values.recipient.trim();
  if (
    (recipient || !partial) &&
    (!HEX_FELT_PATTERN.test(recipient) || BigInt(recipient) === 0n)
  ) {
    errors.recipient = translate('send.badRecipient');
  }
  const token = context.tokens.find((item) => item.address === values.token);
  if (!token) {
    errors.token = translate('send.badToken');
    return errors;
  }
  if (!values.amount.trim() && partial) {
    return errors;
  }
  const amount = parseAmount(values.amount, token.decimals);
  if (amount === undefined) {
    errors.amount = translate('send.badAmount', { decimals: token.decimals });
  } else if (amount > BigInt(token.balance)) {
    errors.amount = translate('send.overBalance', {
      balance: formatUnits(BigInt(token.balance), token.decimals),
      symbol: token.symbol,
    });
  }
  return errors;
}
