import { formatUnits } from '../api/units';
import type { Translate } from './i18n';

/** Values longer than this are shortened in dialogs (the whole value stays reachable). */
export const SHORTEN_OVER = 24;

/**
 * Shortens a long value to its start and end, e.g. `0x049d36…e004dc7`.
 *
 * @param value - The value.
 * @returns The shortened text, or the value itself when short enough.
 */
export function shorten(value: string): string {
  return value.length > SHORTEN_OVER
    ? `${value.slice(0, 10)}…${value.slice(-8)}`
    : value;
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
