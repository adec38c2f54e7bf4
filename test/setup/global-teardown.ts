/**
 * Jest global teardown of the e2e project: stops the fake Starknet node the global setup
 * started, dropping any connection a stalled request left open.
 */
import { takeNodeHandle } from './global-setup';

/**
 * Closes the node, if the setup started one.
 */
export default async function globalTeardown(): Promise<void> {
  await takeNodeHandle()?.close();
}
