/**
 * Driving the snap in the snaps simulation from a benchmark: one request, any dialog it
 * shows approved at once, and the tests' page given the accounts the benches sign with.
 */
import type { installSnap } from '@metamask/snaps-jest';
import type { Json } from '@metamask/utils';

import { SEPOLIA } from '../test/fixtures/wallet';

export { iterations } from './runs';

/** The installed snap. */
export type Snap = Awaited<ReturnType<typeof installSnap>>;

/** A snap request. */
export type BenchRequest = {
  method: string;
  params?: Record<string, unknown>;
  /** The caller; a page (`https://metamask.io`) unless given. */
  origin?: string;
};

/** The origin snaps-jest gives requests that name none: the benches' page. */
export const BENCH_ORIGIN = 'https://metamask.io';

/**
 * The state of a wallet in which the user gave the benches' page these accounts on
 * Sepolia, as the connect dialog would: a page signs only with accounts it was given.
 *
 * @param addresses - The accounts given, the page's current one first.
 * @returns The `grants` part of the snap state.
 */
export function grantedToBench(addresses: string[]): Record<string, Json> {
  return { grants: { [BENCH_ORIGIN]: { [SEPOLIA]: addresses } } };
}

/** Methods already reported as showing a dialog other than expected. */
const surprises = new Set<string>();

/**
 * Runs a request, approving its dialog if it shows one. Whether it does is not assumed
 * (`withDialog` says what is expected; a difference is printed once per method, since
 * it changes what the figure holds): the answer and the dialog are raced, so a request
 * that gains or loses a confirmation never leaves a bench waiting.
 *
 * @param snap - The snap.
 * @param request - The request.
 * @param withDialog - Whether the request is expected to show a confirmation.
 * @returns The result.
 * @throws When the snap answers an error.
 */
export async function runRequest(
  snap: Snap,
  request: BenchRequest,
  withDialog: boolean,
): Promise<Json> {
  const pending = snap.request(request as never);
  const first = await Promise.race([
    pending.getInterface(),
    pending.then(() => undefined),
  ]);
  const shown = first !== undefined;
  if (shown !== withDialog && !surprises.has(request.method)) {
    surprises.add(request.method);
    process.stdout.write(
      `note: ${request.method} ${shown ? 'showed a dialog' : 'showed no dialog'}, not as the bench expects\n`,
    );
  }
  if (first && 'ok' in first) {
    await first.ok();
  }
  const response = await pending;
  if ('error' in response.response) {
    throw new Error(
      `${request.method}: ${JSON.stringify(response.response.error)}`,
    );
  }
  return response.response.result;
}
