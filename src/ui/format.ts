/**
 * Formats an integer amount of a token's smallest unit with its decimals, without
 * floating point (amounts exceed 2^53).
 *
 * @param amount - Amount in the smallest unit.
 * @param decimals - Token decimals.
 * @returns E.g. `1.5` for 1500000000000000000n with 18 decimals.
 */
export function formatUnits(amount: bigint, decimals: number): string {
  const negative = amount < 0n;
  const digits = (negative ? -amount : amount)
    .toString()
    .padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/u, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

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
