import { formatUnits } from '../api/units';
import type { Translate } from './i18n';

/** Hex values longer than this are shortened in dialogs (the whole value stays reachable). */
export const SHORTEN_OVER = 24;

const HEX_VALUE = /^0x[0-9a-f]+$/iu;

/**
 * Shortens a long hex value (an address, a hash) to its start and end, e.g.
 * `0x049d36…e004dc7`; the full value stays on hover and copy. Anything else is left
 * whole: a decimal number cut to `1000000000…00000000` would hide its size, and the
 * dialog shows what is signed.
 *
 * @param value - The value.
 * @returns The shortened text, or the value itself when short enough or not hex.
 */
export function shorten(value: string): string {
  return value.length > SHORTEN_OVER && HEX_VALUE.test(value)
    ? `${value.slice(0, 10)}…${value.slice(-8)}`
    : value;
}

/**
 * A long hex value whole, its digits in groups of eight from the right
 * (`0x3f 870857a3 e0e38000 00000000`), so a raw felt can be read without cutting it.
 * Short values and anything else are left as they are.
 *
 * @param value - The value.
 * @returns The grouped text.
 */
export function grouped(value: string): string {
  if (value.length <= SHORTEN_OVER || !HEX_VALUE.test(value)) {
    return value;
  }
  const digits = value.slice(2);
  const groups: string[] = [];
  for (let end = digits.length; end > 0; end -= 8) {
    groups.unshift(digits.slice(Math.max(0, end - 8), end));
  }
  return `0x${groups.join(' ')}`;
}

/**
 * A signed token amount in the user's language (`-1.5 STRK`, `+20 USDC`; `-1,5 STRK` in
 * French), so a balance change reads like the user's own numbers. Separators come from
 * the locale files, as every other text of the dialogs does.
 *
 * @param amount - Amount in the token's smallest unit; negative when the account pays.
 * @param decimals - The token's decimals.
 * @param translate - Translator of the user's language.
 * @returns The signed amount, without symbol.
 */
export function formatSignedAmount(
  amount: bigint,
  decimals: number,
  translate: Translate,
): string {
  const sign = amount < 0n ? '-' : '+';
  return `${sign}${formatAmount(amount < 0n ? -amount : amount, decimals, translate)}`;
}

/**
 * A token amount in the user's language.
 *
 * @param amount - Non-negative amount in the token's smallest unit.
 * @param decimals - The token's decimals.
 * @param translate - Translator of the user's language.
 * @returns E.g. `1.5` (English) or `1,5` (French).
 */
export function formatAmount(
  amount: bigint,
  decimals: number,
  translate: Translate,
): string {
  const [whole = '0', fraction] = formatUnits(amount, decimals).split('.');
  return fraction === undefined
    ? whole
    : translate('number.fraction', { whole, fraction });
}

/**
 * A token amount with its symbol in the user's language (`1.5 STRK`, `1,5 STRK`): the
 * one formatter of every amount a dialog shows (call amounts, balance changes,
 * approvals, fees), so a French dialog never shows `1.5` beside `1,5`.
 *
 * @param amount - Non-negative amount in the token's smallest unit.
 * @param token - The token's decimals and symbol.
 * @param token.decimals - Its decimals.
 * @param token.symbol - Its symbol.
 * @param translate - Translator of the user's language.
 * @returns The amount and symbol.
 */
export function formatTokenAmount(
  amount: bigint,
  token: { decimals: number; symbol: string },
  translate: Translate,
): string {
  return `${formatAmount(amount, token.decimals, translate)} ${token.symbol}`;
}
