import type { Preview } from '../starknet/preview';
import type { ShownToken } from '../starknet/tokenReads';
import { formatAmount, formatSignedAmount, shorten } from './format';
import type { Translate } from './i18n';

/** An approval of 2^128 or more is, for any real token, all the account will ever hold. */
export const UNLIMITED_FROM = 2n ** 128n;

/** One balance change as the dialog shows it. */
export type ShownChange = {
  /** The token's symbol, or its short address when it has none. */
  token: string;
  /** E.g. `-1.5 STRK`; raw units when the token's decimals are unknown. */
  amount: string;
};

/** One approval as the dialog shows it. */
export type ShownApproval = {
  spender: string;
  /** What the wallet calls the spender (a known token), if anything. */
  spenderName: string | undefined;
  token: string;
  /** The amount with its symbol, or the word for unlimited. */
  amount: string;
  unlimited: boolean;
};

/** What a preview says, ready to render. */
export type DescribedPreview = {
  changes: ShownChange[];
  approvals: ShownApproval[];
  revertReason: string | undefined;
};

/**
 * Finds a token by address.
 *
 * @param tokens - Known tokens.
 * @param address - The address.
 * @returns The token, if known.
 */
function tokenAt(
  tokens: readonly ShownToken[],
  address: string,
): ShownToken | undefined {
  return tokens.find((token) => BigInt(token.address) === BigInt(address));
}

/**
 * Turns a simulation's reading into the rows of the confirmation: amounts with the
 * token's symbol and decimals in the user's language, unlimited approvals named so.
 *
 * @param preview - The simulation's reading.
 * @param tokens - Tokens whose symbol and decimals are known (watch list and read).
 * @param translate - Translator of the user's language.
 * @returns The rows.
 */
export function describePreview(
  preview: Preview,
  tokens: readonly ShownToken[],
  translate: Translate,
): DescribedPreview {
  const changes = [...preview.balanceChanges].map(([address, delta]) => {
    const token = tokenAt(tokens, address);
    return token
      ? {
          token: token.symbol,
          amount: `${formatSignedAmount(delta, token.decimals, translate)} ${token.symbol}`,
        }
      : {
          token: shorten(address),
          amount: formatSignedAmount(delta, 0, translate),
        };
  });
  const approvals = preview.approvals.map((approval) => {
    const token = tokenAt(tokens, approval.token);
    const symbol = token?.symbol ?? shorten(approval.token);
    const unlimited = approval.amount >= UNLIMITED_FROM;
    return {
      spender: approval.spender,
      spenderName: tokenAt(tokens, approval.spender)?.symbol,
      token: symbol,
      amount: unlimited
        ? translate('preview.unlimited')
        : `${formatAmount(approval.amount, token?.decimals ?? 0, translate)} ${symbol}`,
      unlimited,
    };
  });
  return { changes, approvals, revertReason: preview.revertReason };
}
