/**
 * Typed client of the fake node's admin API, for tests that run in another process than
 * the node (Jest's global setup starts it; suites call `fakeNode('sepolia').reset()` in
 * `beforeEach`). Amounts are bigints; addresses come back as `0x` + 64 hex digits (the
 * snap's convention), hashes as minimal hex (as the node answers them).
 */
import type { AdminCall } from './adminGroups';
import {
  blockMethods,
  deployMethods,
  tokenMethods,
  trafficMethods,
} from './adminGroups';
import type { FakeNodeClient } from './adminTypes';
import { oracleMethods } from './oracle';
import { FAKE_NODE_ORIGIN } from './ports';

export type {
  FaultKind,
  FaultSpec,
  RpcCallRecord,
  RpcVersion,
  StatusFaultKind,
} from './traffic';

export type {
  FakeNodeClient,
  FakeTransaction,
  FeltLike,
  StateView,
} from './adminTypes';

/**
 * The admin caller of one network: posts an operation, retries once on a reset
 * kept-alive connection, and parses the answer in the caller's realm.
 *
 * @param network - `sepolia` or `mainnet`.
 * @param origin - The node's origin.
 * @returns The caller.
 */
function adminCall(network: string, origin: string): AdminCall {
  const post = async (op: string, args: object): Promise<Response> =>
    fetch(`${origin}/__admin/${network}/${op}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(args),
    });
  return async (op: string, args: object = {}): Promise<unknown> => {
    let response: Response;
    try {
      response = await post(op, args);
    } catch (error) {
      // A kept-alive connection the node closed while the test process was busy (a
      // suite loading) fails at once with ECONNRESET, before the node saw anything.
      if (!String((error as Error).cause).includes('ECONNRESET')) {
        throw error;
      }
      response = await post(op, args);
    }
    // Parse in this realm (Jest's), so results compare with toStrictEqual.
    const body = JSON.parse(await response.text()) as {
      result?: unknown;
      error?: string;
    };
    if (!response.ok) {
      throw new Error(
        `fake node admin ${op} failed: ${body.error ?? response.status}`,
      );
    }
    return body.result;
  };
}

/**
 * Creates an admin client for one network of a fake node.
 *
 * @param network - `sepolia` or `mainnet`.
 * @param origin - The node's origin (default: the e2e node of ports.ts).
 * @returns The client.
 */
export function fakeNode(
  network: 'sepolia' | 'mainnet' = 'sepolia',
  origin: string = FAKE_NODE_ORIGIN,
): FakeNodeClient {
  const call = adminCall(network, origin);
  return {
    rpcUrl: `${origin}/${network}`,
    reset: async () => {
      await call('reset');
    },
    ...tokenMethods(call),
    ...deployMethods(call),
    ...blockMethods(call),
    ...trafficMethods(call),
    ...oracleMethods(call),
  };
}
