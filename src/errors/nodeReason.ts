// Reading a node's reason: blockifier's failure text (in a 55 or 63 `data`, a 41
// `execution_error`, a trace's `revert_reason`) and a 52's expected nonce, so a user
// reads why the node refused, not only its code. Pure text; no chain access.

/** Most characters of the innermost failure kept (a Cairo ByteArray may be long). */
export const REASON_MAX = 1000;

/** Most characters of the frames that follow the reason. */
export const FRAMES_MAX = 240;

/** What a failure text says: the innermost failure, then the contracts it ran in. */
export type NodeReason = {
  /** The innermost failure, decoded (a Cairo short string as its text). */
  reason: string;
  /** The contracts of the failing calls, innermost first, without repeats. */
  frames: string[];
};

// blockifier `execution/stack_trace.rs`: `EntryPointErrorFrame` ("0: Error in the
// called contract (…):"), `Cairo1RevertFrame` ("Error in contract (…):").
const FRAME =
  /^(?:\d+: )?Error in (?:the called contract|a library call|the contract class constructor|contract) \((.*)\):$/u;

// Headers and VM lines that carry no reason (`ErrorStackHeader`,
// `Cairo1RevertHeader`, `VmExceptionFrame`, the truncation marks).
const NOISE =
  /^(?:Transaction execution has failed:|Transaction validation has failed:|Contract constructor execution has failed:|Execution failed\. Failure reason:|The `validate` entry point panicked with:|Error at pc=.*|Cairo traceback \(most recent call last\):|Unknown location \(pc=.*\)|\.\.\.)$/u;

// One item of blockifier's `format_panic_data`: a felt, with its text when it is one,
// or a ByteArray's quoted text.
const PANIC_ITEM =
  /0x[0-9a-fA-F]+(?: \('((?:[^']|'(?!\)))*)'\))?|"((?:[^"\\]|\\.)*)"/gu;

/** Cairo's marker for a failure passed up from a called contract, not a reason. */
const PASSED_UP = 'ENTRYPOINT_FAILED';

/**
 * Text without control or format characters (a contract chooses its revert text).
 *
 * @param text - The text.
 * @param max - Most characters kept.
 * @returns The cleaned, bounded text.
 */
function clean(text: string, max: number): string {
  const chars = [...text.replace(/\p{C}/gu, '')];
  return chars.length > max
    ? `${chars.slice(0, max - 1).join('')}…`
    : chars.join('');
}

/**
 * A felt as the Cairo short string it holds (big-endian ASCII bytes), when it is one.
 *
 * @param felt - The felt, `0x…`.
 * @returns The text, or undefined when a byte is not printable ASCII.
 */
export function shortStringOf(felt: string): string | undefined {
  const digits = felt.replace(/^0x0*/iu, '');
  if (digits.length === 0 || digits.length > 62) {
    return undefined;
  }
  const padded = digits.length % 2 === 0 ? digits : `0${digits}`;
  const bytes = padded.match(/../gu)?.map((byte) => parseInt(byte, 16)) ?? [];
  return bytes.every((byte) => byte >= 0x20 && byte < 0x7f)
    ? String.fromCharCode(...bytes)
    : undefined;
}

/**
 * The panic data of a Cairo 1 failure, readable: each felt's text (blockifier's, or
 * decoded here when it gave only the felt), `ENTRYPOINT_FAILED` markers left out.
 *
 * @param line - The failure line, e.g. `0x4e6f… ('Not enough rewards').`
 * @returns The reason, or undefined when the line holds no panic data.
 */
function panicReason(line: string): string | undefined {
  const items = [...line.matchAll(PANIC_ITEM)].map(
    ([felt, text, bytes]) => text ?? bytes ?? shortStringOf(felt) ?? felt,
  );
  if (items.length === 0) {
    return undefined;
  }
  const own = items.filter((item) => item !== PASSED_UP);
  return (own.length > 0 ? own : items).join(', ');
}

/**
 * One failure line read: a panic's data decoded, an older one-line
 * "Failure reason: 'text'." unquoted, anything else as it is.
 *
 * @param line - The line.
 * @returns The reason.
 */
function reasonOfLine(line: string): string {
  const inline = /Failure reason: (.*)$/u.exec(line)?.[1] ?? line;
  const quoted = /^'(.*)'\.?$/u.exec(inline)?.[1];
  if (quoted !== undefined) {
    return quoted;
  }
  return /^[("]|^0x[0-9a-fA-F]+\b/u.test(inline)
    ? (panicReason(inline) ?? inline)
    : inline;
}

/**
 * The contract a frame line names (its `contract address: 0x…`).
 *
 * @param inner - The text between the frame's parentheses.
 * @returns The address, or undefined.
 */
function frameContract(inner: string): string | undefined {
  return /contract address: (0x[0-9a-fA-F]+)/u.exec(inner)?.[1];
}

/**
 * Reads blockifier's failure text (`ErrorStack`, `Cairo1RevertSummary`): the innermost
 * failure is its last line that is neither a frame nor a header, and the frames are
 * the contracts named before it.
 *
 * @param text - The node's text.
 * @returns The reason and frames, or undefined for empty text.
 */
export function readReason(text: string): NodeReason | undefined {
  const frames: string[] = [];
  let failure: string | undefined;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    const frame = FRAME.exec(line);
    if (frame) {
      const contract = frameContract(frame[1] ?? '');
      if (contract !== undefined && frames[0] !== contract) {
        frames.unshift(contract);
      }
    } else if (line !== '' && !NOISE.test(line)) {
      failure = line;
    }
  }
  if (failure === undefined) {
    return undefined;
  }
  return { reason: reasonOfLine(failure), frames };
}

/**
 * A reason as one readable line: the innermost failure first, in full (up to
 * {@link REASON_MAX}), then the contracts it failed in, innermost first, bounded.
 *
 * @param reason - The reason and frames.
 * @returns The line.
 */
export function reasonLine(reason: NodeReason): string {
  const head = clean(reason.reason, REASON_MAX);
  if (reason.frames.length === 0) {
    return head;
  }
  const [inner, ...outer] = reason.frames;
  const where = `in contract ${inner ?? ''}${outer.length > 0 ? `, called from ${outer.join(', ')}` : ''}`;
  return `${head} (${clean(where, FRAMES_MAX)})`;
}

/**
 * Blockifier's failure text, readable ({@link readReason}, {@link reasonLine}).
 *
 * @param text - The node's text.
 * @returns The readable line; the text cleaned when nothing could be read.
 */
export function readableReason(text: string): string {
  const read = readReason(text);
  return read
    ? reasonLine(read)
    : clean(text.replace(/\s+/gu, ' ').trim(), REASON_MAX);
}

/**
 * The spec's nested `CONTRACT_EXECUTION_ERROR` (`{ contract_address, class_hash,
 * selector, error }`, outermost first) or a string, readable: the innermost error
 * first, then the contracts, innermost first.
 *
 * @param error - The `execution_error` (or `revert_error`).
 * @returns The readable line, or undefined when it is neither shape.
 */
export function executionErrorReason(error: unknown): string | undefined {
  const outer: string[] = [];
  let frame = error;
  while (frame !== null && typeof frame === 'object' && outer.length < 16) {
    outer.unshift(
      'contract_address' in frame ? String(frame.contract_address) : '?',
    );
    frame = 'error' in frame ? frame.error : undefined;
  }
  if (typeof frame !== 'string') {
    return undefined;
  }
  const inner = readReason(frame) ?? { reason: frame, frames: [] };
  const frames = [...inner.frames];
  for (const contract of outer) {
    if (frames[frames.length - 1] !== contract) {
      frames.push(contract);
    }
  }
  return reasonLine({ reason: inner.reason, frames });
}

/**
 * A felt written in hex or decimal, as decimal.
 *
 * @param value - The number as the node wrote it.
 * @returns Its decimal form.
 */
function decimal(value: string): string {
  return BigInt(value).toString(10);
}

/**
 * Which nonce a 52's text says the node expected: the gateway's "Expected: nonce = N,
 * got: M" (declare, deploy_account) or "Expected: A <= nonce <= B, got: M" (decimal),
 * or blockifier's "Account nonce: 0x…; got: 0x…" (hex).
 *
 * @param text - The 52's data (or message).
 * @returns What the node expected and what it got, in decimal, or undefined.
 */
export function expectedNonce(
  text: string,
): { expected: string; got: string } | undefined {
  const number = '(0x[0-9a-fA-F]+|\\d+)';
  const exact = new RegExp(
    `Expected: nonce = ${number}, got: ${number}`,
    'u',
  ).exec(text);
  const range = new RegExp(
    `Expected: ${number} <= nonce <= ${number}, got: ${number}`,
    'u',
  ).exec(text);
  const account = new RegExp(
    `Account nonce: ${number}; got: ${number}`,
    'u',
  ).exec(text);
  if (exact?.[1] && exact[2]) {
    return { expected: decimal(exact[1]), got: decimal(exact[2]) };
  }
  if (range?.[1] && range[2] && range[3]) {
    return {
      expected: `${decimal(range[1])} to ${decimal(range[2])}`,
      got: decimal(range[3]),
    };
  }
  if (account?.[1] && account[2]) {
    return { expected: decimal(account[1]), got: decimal(account[2]) };
  }
  return undefined;
}

/**
 * What a node's error data says, readable, for the codes whose data is blockifier's or
 * the gateway's text: 52 (the nonce expected), 55 (the nonce expected when a node answers
 * a nonce failure as a validation failure, else the text), 63 (the text), 40 and 41
 * (the revert or execution error, string or nested frames).
 *
 * @param code - The node's JSON-RPC error code.
 * @param data - Its `data`.
 * @returns The readable reason, or undefined when there is none.
 */
export function nodeReasonOf(code: number, data: unknown): string | undefined {
  if ((code === 52 || code === 55) && typeof data === 'string') {
    const nonce = expectedNonce(data);
    return nonce
      ? `the node expected nonce ${nonce.expected}, got ${nonce.got}`
      : readableReason(data);
  }
  if ((code === 55 || code === 63) && typeof data === 'string') {
    return data.trim() === '' ? undefined : readableReason(data);
  }
  if (
    (code === 40 || code === 41) &&
    data !== null &&
    typeof data === 'object'
  ) {
    if ('execution_error' in data) {
      return executionErrorReason(data.execution_error);
    }
    return 'revert_error' in data
      ? executionErrorReason(data.revert_error)
      : undefined;
  }
  return undefined;
}
