/**
 * Jest global setup of the e2e project: starts the fake Starknet node on the fixed port
 * the e2e build points the snap at (ports.ts), before any suite runs. The handle is kept
 * on `globalThis` for the teardown, which runs in the same process.
 */
import { FAKE_NODE_HOST, FAKE_NODE_PORT } from '../../src/fakeNode/ports';
import type { FakeNodeHandle } from '../../src/fakeNode/server';
import { startFakeNode } from '../../src/fakeNode/server';

const HANDLE_KEY = Symbol.for('snapnet.fakeStarknetNode');

/**
 * Takes the handle the setup stored (once).
 *
 * @returns The running node, if the setup started one.
 */
export function takeNodeHandle(): FakeNodeHandle | undefined {
  const handle: unknown = Reflect.get(globalThis, HANDLE_KEY);
  Reflect.deleteProperty(globalThis, HANDLE_KEY);
  if (
    typeof handle === 'object' &&
    handle !== null &&
    'close' in handle &&
    'url' in handle
  ) {
    return handle as FakeNodeHandle;
  }
  return undefined;
}

/**
 * Starts the node (fails clearly when the port is taken, e.g. by a node left running).
 */
export default async function globalSetup(): Promise<void> {
  try {
    const handle = await startFakeNode({
      host: FAKE_NODE_HOST,
      port: FAKE_NODE_PORT,
    });
    Reflect.set(globalThis, HANDLE_KEY, handle);
  } catch (error) {
    throw new Error(
      `could not start the fake Starknet node on ${FAKE_NODE_HOST}:${FAKE_NODE_PORT}: ${String(error)}`,
    );
  }
}
