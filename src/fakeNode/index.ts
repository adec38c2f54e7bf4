/**
 * The fake Starknet node: `startFakeNode` runs one in-process (unit tests use port 0),
 * `fakeNode` is the admin client of a running one (e2e suites use the global-setup node).
 */
export { fakeNode } from './admin';
export type {
  FakeNodeClient,
  FakeTransaction,
  FeltLike,
  StateView,
} from './admin';
export { startFakeNode } from './server';
export type { FakeNodeHandle, FakeNodeOptions } from './server';
export * from './constants';
export type { FaultKind, FaultSpec, RpcCallRecord } from './traffic';
