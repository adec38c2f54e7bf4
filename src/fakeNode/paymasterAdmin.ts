/**
 * Admin client of the fake paymaster (paymaster.ts) of one network of a fake node: its
 * JSON-RPC URL, its tamper mode and the requests it answered.
 */
import type { PaymasterRequest } from './paymaster';
import type { PaymasterMode } from './paymasterBuild';
import { FAKE_NODE_ORIGIN } from './ports';

export type { PaymasterMode, PaymasterRequest };

/** Admin operations on the fake paymaster of one network. */
export type FakePaymasterClient = {
  /** SNIP-29 JSON-RPC URL (what the snap or starknet.js' `PaymasterRpc` should use). */
  readonly url: string;
  /**
   * Makes what it builds dishonest (`extraCall`, `selfCall`, `approve`, `feeRecipient`,
   * `feeAboveQuote`, `anyCaller`, `window30d`, `otherChain`, `bothArrays`), drops every
   * connection (`down`) or back to `honest`. The node's `reset()` makes it honest again.
   */
  setMode(mode: PaymasterMode): Promise<void>;
  /** The requests it answered since the last reset, in order (method and success). */
  requests(): Promise<PaymasterRequest[]>;
};

/**
 * Creates the admin client of a network's fake paymaster.
 *
 * @param network - `sepolia` or `mainnet`.
 * @param origin - The node's origin (default: the e2e node of ports.ts).
 * @returns The client.
 */
export function fakePaymaster(
  network: 'sepolia' | 'mainnet' = 'sepolia',
  origin: string = FAKE_NODE_ORIGIN,
): FakePaymasterClient {
  const call = async (op: string, args: object = {}): Promise<unknown> => {
    const response = await fetch(`${origin}/__admin/${network}/${op}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(args),
    });
    const body = JSON.parse(await response.text()) as {
      result?: unknown;
      error?: string;
    };
    if (!response.ok) {
      throw new Error(`fake paymaster ${op} failed: ${body.error ?? ''}`);
    }
    return body.result;
  };
  return {
    url: `${origin}/${network}/paymaster`,
    setMode: async (mode) => {
      await call('paymasterMode', { mode });
    },
    requests: async () =>
      (await call('paymasterRequests')) as PaymasterRequest[],
  };
}
