import { ResourceUnavailableError } from '@metamask/snaps-sdk';

/**
 * How many confirmation requests of one origin may wait behind the one in progress
 * before the next is refused: enough for a dapp that sends a few transactions at once
 * or adds its tokens one request each, few enough that a page cannot stack dialogs
 * without end.
 */
export const MAX_WAITING_PER_ORIGIN = 20;

/** One origin's line: its last request's end, and how many are in it (running + waiting). */
type Line = { tail: Promise<void>; size: number };

/**
 * The origins with confirmation requests in progress or waiting. This is the one
 * piece of request state the snap shares between requests on purpose: it holds no
 * network, account or key, only who is waiting for the user. It lives as long as the
 * snap's execution environment, so a terminated snap starts with none, and a request
 * leaves its line in `finally` however it ends, so none is ever stuck.
 */
const lines = new Map<string, Line>();

/**
 * Ignores a settled request's outcome: the next one in line starts either way.
 */
function settled(): void {
  // Nothing to do: its own caller has the result or the error.
}

/**
 * Runs a request that may ask the user to confirm after the origin's earlier ones
 * have ended, as MetaMask's own confirmations queue: a page that sends three
 * transactions at once gets three dialogs, one after another, in the order sent.
 * Past {@link MAX_WAITING_PER_ORIGIN} waiting requests the next is refused at once with
 * -32002, so a page cannot queue dialogs without end. Other origins are not affected.
 * MetaMask pauses a snap's request timeouts while the snap waits on a dialog, so a
 * request waiting its turn does not time out behind one the user is reading.
 *
 * @param origin - The requesting origin.
 * @param method - The method, named in a refusal.
 * @param run - The request.
 * @returns Its result.
 * @throws ResourceUnavailableError (-32002) when the origin's line is full.
 */
export async function inTurn<Result>(
  origin: string,
  method: string,
  run: () => Promise<Result>,
): Promise<Result> {
  const line = lines.get(origin) ?? { tail: Promise.resolve(), size: 0 };
  if (line.size > MAX_WAITING_PER_ORIGIN) {
    // snaps-sdk's error classes are Errors at runtime; their declared type hides it.
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    throw new ResourceUnavailableError(
      `${MAX_WAITING_PER_ORIGIN} requests already waiting for origin ${origin}. Answer or dismiss their dialogs in MetaMask first, then send ${method} again.`,
      { origin, waiting: MAX_WAITING_PER_ORIGIN },
    );
  }
  line.size += 1;
  lines.set(origin, line);
  const turn = line.tail.then(run);
  line.tail = turn.then(settled, settled);
  try {
    return await turn;
  } finally {
    line.size -= 1;
    if (line.size === 0) {
      lines.delete(origin);
    }
  }
}
