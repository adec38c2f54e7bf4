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
