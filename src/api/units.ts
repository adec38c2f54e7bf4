/**
 * Formats an integer amount of a token's smallest unit with its decimals, exactly (no
 * floating point: amounts exceed 2^53). Trailing zeros of the fraction are dropped. The
 * snap's dialogs and the dapp client share it, so both show the same text.
 *
 * @param amount - Amount in the smallest unit.
 * @param decimals - Token decimals (18 for ETH and STRK, 6 for USDC).
 * @param maxFractionDigits - Truncate (not round) the fraction to this many digits.
 * @returns E.g. `1.5` for 1500000000000000000n with 18 decimals.
 */
export function formatUnits(
  amount: bigint,
  decimals: number,
  maxFractionDigits = decimals,
): string {
  const negative = amount < 0n;
  const digits = (negative ? -amount : amount)
    .toString()
    .padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits
    .slice(digits.length - decimals)
    .slice(0, maxFractionDigits)
    .replace(/0+$/u, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}
