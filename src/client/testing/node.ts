/**
 * The project's fake Starknet node (src/fakeNode), started for a dapp's own tests: a local
 * JSON-RPC node that recomputes every transaction hash, verifies signatures, nonces and
 * balances, and keeps a mempool as pathfinder/juno do. The project's own e2e suites run
 * against the same code; scripts/build-lib.ts builds it into this entry.
 */
import type { FakeNodeClient, FeltLike } from '../../fakeNode/admin';
import { fakeNode } from '../../fakeNode/admin';
import { ETH, STRK } from '../../fakeNode/constants';
import type { FakePaymasterClient } from '../../fakeNode/paymasterAdmin';
import { fakePaymaster } from '../../fakeNode/paymasterAdmin';
import { startFakeNode } from '../../fakeNode/server';

export type {
  FakeNodeClient,
  FakeTransaction,
  FeltLike,
  StateView,
} from '../../fakeNode/admin';
export type {
  FakePaymasterClient,
  PaymasterMode,
  PaymasterRequest,
} from '../../fakeNode/paymasterAdmin';

/** The fee token and the other token every fake network starts with. */
export { ETH, STRK };

/** An account the node holds tokens for from the start (amounts in base units). */
export type FundedAccount = {
  address: FeltLike;
  /** STRK balance (pays the fees); none when absent. */
  strk?: bigint;
  /** ETH balance; none when absent. */
  eth?: bigint;
};

/** Options of {@link startFakeStarknetNode}. */
export type FakeStarknetNodeOptions = {
  /** Loopback port; 0 (default) takes a free one. */
  port?: number;
  /** Interface to listen on (default 127.0.0.1). */
  host?: string;
  /** Sepolia balances to seed, e.g. a dapp's own test accounts. */
  accounts?: FundedAccount[];
};

/**
 * A running fake node. The object itself administers its Sepolia network (what a fresh
 * snapnet uses; `rpcUrl` is the URL to give the wallet and the dapp); `mainnet`
 * administers the other.
 */
export type FakeStarknetNode = FakeNodeClient & {
  /** The SN_MAIN network of the same node. */
  readonly mainnet: FakeNodeClient;
  /**
   * The node's fake SNIP-29 paymaster on Sepolia (AVNU-like "default" fee mode: its
   * `url` is what to build the snap with as `STARKNET_SEPOLIA_PAYMASTER_URL`, or to
   * give starknet.js' `PaymasterRpc`), with tamper modes for negative tests.
   */
  readonly paymaster: FakePaymasterClient;
  /** Stops the node, dropping any open connection. */
  close(): Promise<void>;
};

/**
 * Starts a fake Starknet node (spec 0.10, SN_SEPOLIA on `/sepolia`, SN_MAIN on
 * `/mainnet`) so a dapp's tests need no network, no devnet binary and no faucet.
 * Seeded balances are set before it returns; when seeding fails, the node is closed
 * before the error is thrown, so a failing setup leaves nothing running.
 *
 * @param options - Port, host and funded accounts.
 * @returns The node and its admin operations (balances, deployments, mined blocks,
 * transactions it accepted, faults to inject).
 */
export async function startFakeStarknetNode(
  options: FakeStarknetNodeOptions = {},
): Promise<FakeStarknetNode> {
  const handle = await startFakeNode({
    port: options.port ?? 0,
    ...(options.host === undefined ? {} : { host: options.host }),
  });
  const sepolia = fakeNode('sepolia', handle.url);
  try {
    for (const account of options.accounts ?? []) {
      if (account.strk !== undefined) {
        await sepolia.setBalance(STRK, account.address, account.strk);
      }
      if (account.eth !== undefined) {
        await sepolia.setBalance(ETH, account.address, account.eth);
      }
    }
  } catch (error) {
    await handle.close();
    throw error;
  }
  return Object.assign(sepolia, {
    mainnet: fakeNode('mainnet', handle.url),
    paymaster: fakePaymaster('sepolia', handle.url),
    close: async () => handle.close(),
  });
}
