/**
 * Reverts of the fake node's contract execution, and the text blockifier writes for
 * them (its `Cairo1RevertSummary` and stack trace frames), kept apart from the JSON-RPC
 * errors (errors.ts) because a revert is not yet an RPC answer: it becomes one (code 40
 * or 41) or a reverted receipt depending on where it happened.
 */

/** A contract call a revert passed through (blockifier's `Cairo1RevertFrame`). */
export type RevertFrame = {
  address: bigint;
  classHash: bigint;
  selector: bigint;
};

/**
 * A felt as `0x` + 64 digits, as blockifier writes addresses and selectors (`{:#066x}`).
 *
 * @param value - The felt.
 * @returns The text.
 */
function hex64(value: bigint): string {
  return `0x${value.toString(16).padStart(64, '0')}`;
}

/**
 * One frame line of blockifier's stack trace (`Cairo1RevertFrame`, or an
 * `EntryPointErrorFrame` preamble "0: Error in the called contract").
 *
 * @param preamble - The line's opening words.
 * @param frame - The call.
 * @returns The line.
 */
export function frameLine(preamble: string, frame: RevertFrame): string {
  return `${preamble} (contract address: ${hex64(frame.address)}, class hash: ${hex64(frame.classHash)}, selector: ${hex64(frame.selector)}):`;
}

/**
 * A Cairo panic's data as blockifier's `format_panic_data` writes one item: a short
 * string as its felt and text (`0x4e6f… ('Not enough rewards')`), longer or non-ASCII
 * text as a ByteArray (`"…"`).
 *
 * @param reason - The panic text.
 * @returns The formatted item.
 */
export function panicItem(reason: string): string {
  const bytes = Buffer.from(reason, 'utf8');
  const short =
    bytes.length > 0 &&
    bytes.length <= 31 &&
    bytes.every((byte) => byte >= 0x20 && byte < 0x7f);
  return short
    ? `0x${bytes.toString('hex')} ('${reason}')`
    : `"${reason.replace(/["\\]/gu, (char) => `\\${char}`)}"`;
}

/**
 * Blockifier's `Cairo1RevertSummary`: its header, one "Error in contract" line per
 * frame (outermost first), then the panic data.
 *
 * @param header - `Execution failed. Failure reason:` or the validate one.
 * @param frames - The calls the panic passed through, outermost first.
 * @param items - The panic data items, already formatted.
 * @returns The text.
 */
export function cairo1Summary(
  header: string,
  frames: readonly RevertFrame[],
  items: readonly string[],
): string {
  const lines = frames.map((frame) => frameLine('Error in contract', frame));
  const data = items.length === 1 ? (items[0] ?? '') : `(${items.join(', ')})`;
  return [header, ...lines, `${data}.`].join('\n').concat('\n');
}

/**
 * Thrown while executing a call: reverts the transaction (or fails a `starknet_call`).
 * `reason` is the innermost failure; `frames` the calls it passed through, outermost
 * first, and then the message is blockifier's summary of them.
 */
export class ExecutionRevert extends Error {
  readonly reason: string;

  readonly frames: readonly RevertFrame[];

  /**
   * @param reason - The revert text.
   * @param frames - The calls it passed through, outermost first.
   */
  constructor(reason: string, frames: readonly RevertFrame[] = []) {
    super(
      frames.length === 0
        ? reason
        : cairo1Summary('Execution failed. Failure reason:', frames, [
            panicItem(reason),
          ]),
    );
    this.name = 'ExecutionRevert';
    this.reason = reason;
    this.frames = frames;
  }
}
