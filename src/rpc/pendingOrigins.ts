import { ResourceUnavailableError } from '@metamask/snaps-sdk';

/**
 * The origins with a confirmation request in progress, and which method it is. This is
 * the one piece of request state the snap shares between requests on purpose: it holds
 * no network, account or key, only who is waiting for the user. It lives as long as
 * the snap's execution environment, so a terminated snap starts with none, and an
 * entry is released in `finally` however its request ends, so none is ever stuck.
 */
const pending = new Map<string, string>();

/**
 * Runs a request that may ask the user to confirm, if its origin has no other one in
 * progress; otherwise refuses it at once with -32002, as MetaMask answers a second
 * `eth_requestAccounts` while the first is pending. A page thus has at most one
 * confirmation waiting for the user, instead of an unbounded queue of dialogs; other
 * origins are not affected.
 *
 * @param origin - The requesting origin.
 * @param method - The method, named in the refusal of the next one.
 * @param run - The request.
 * @returns Its result.
 * @throws ResourceUnavailableError (-32002) when the origin has one in progress.
 */
export async function oneAtATime<Result>(
  origin: string,
  method: string,
  run: () => Promise<Result>,
): Promise<Result> {
  const held = pending.get(origin);
  if (held !== undefined) {
    // snaps-sdk's error classes are Errors at runtime; their declared type hides it.
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    throw new ResourceUnavailableError(
      `Request of type '${held}' already pending for origin ${origin}. Answer or dismiss its dialog in MetaMask first, then send ${method} again.`,
      { origin, pendingMethod: held },
    );
  }
  pending.set(origin, method);
  try {
    return await run();
  } finally {
    pending.delete(origin);
  }
}
