/**
 * Driving the snap in the snaps simulation from a benchmark: one request, its dialog
 * approved at once when it shows one.
 */
import type { installSnap } from '@metamask/snaps-jest';
import type { Json } from '@metamask/utils';

/** The installed snap. */
export type Snap = Awaited<ReturnType<typeof installSnap>>;

/** A snap request. */
export type BenchRequest = {
  method: string;
  params?: Record<string, unknown>;
  /** The caller; a page (`https://metamask.io`) unless given. */
  origin?: string;
};

/**
 * Runs a request, approving its confirmation dialog when `withDialog` is set.
 *
 * @param snap - The snap.
 * @param request - The request.
 * @param withDialog - Whether the request shows a confirmation to approve.
 * @returns The result.
 * @throws When the snap answers an error.
 */
export async function runRequest(
  snap: Snap,
  request: BenchRequest,
  withDialog: boolean,
): Promise<Json> {
  const pending = snap.request(request as never);
  if (withDialog) {
    const ui = await pending.getInterface();
    if (ui.type === 'confirmation') {
      await ui.ok();
    }
  }
  const response = await pending;
  if ('error' in response.response) {
    throw new Error(
      `${request.method}: ${JSON.stringify(response.response.error)}`,
    );
  }
  return response.response.result;
}
