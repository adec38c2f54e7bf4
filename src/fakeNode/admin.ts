/**
 * Typed client of the fake node's admin API, for tests that run in another process than
 * the node (Jest's global setup starts it; suites call `fakeNode('sepolia').reset()` in
 * `beforeEach`). Amounts are bigints; addresses come back as `0x` + 64 hex digits (the
 * snap's convention), hashes as minimal hex (as the node answers them).
 */
import type { WireTransaction } from './adminOps';
import { FAKE_NODE_ORIGIN } from './ports';
import type {
  FaultSpec,
  RpcCallRecord,
  RpcVersion,
  StatusFaultKind,
} from './traffic';

export type {
  FaultKind,
  FaultSpec,
  RpcCallRecord,
  RpcVersion,
  StatusFaultKind,
} from './traffic';

/** Accepts felts as bigint, number or hex/decimal string. */
export type FeltLike = bigint | number | string;

/** An accepted transaction, as `transactions()` lists it. */
export type FakeTransaction = Omit<WireTransaction, 'fee' | 'tip'> & {
  fee: bigint;
  tip: bigint;
};

/** Which state a read looks at: with included, unmined transactions or mined only. */
export type StateView = 'pending' | 'latest';

/** Admin operations on one network of the fake node. */
export type FakeNodeClient = {
  /** JSON-RPC URL of this network (what the snap or a provider should use). */
  readonly rpcUrl: string;
  /** Back to genesis: preloaded tokens only, no accounts or transactions, counters and faults cleared, RPC 0.10, autoMine off. */
  reset(): Promise<void>;
  /** Sets a token balance (both in the latest and the pre-confirmed state). */
  setBalance(token: FeltLike, address: FeltLike, amount: bigint): Promise<void>;
  /** Sets what `spender` may `transfer_from` the owner (both states). */
  setAllowance(
    token: FeltLike,
    owner: FeltLike,
    spender: FeltLike,
    amount: bigint,
  ): Promise<void>;
  /** A token balance; `pending` (default) counts included, unmined transactions. */
  getBalance(
    token: FeltLike,
    address: FeltLike,
    view?: StateView,
  ): Promise<bigint>;
  /**
   * Seeds a deployed account without a transaction (nonce 0 unless given) and returns
   * its address: the counterfactual Argent (or Cairo-0 proxy) address unless given.
   */
  deployAccount(options: {
    publicKey: FeltLike;
    classHash?: FeltLike;
    address?: FeltLike;
    nonce?: FeltLike;
  }): Promise<string>;
  /** Deploys an ERC-20 token with no balances. */
  addToken(token: {
    address: FeltLike;
    name: string;
    symbol: string;
    decimals: number;
  }): Promise<void>;
  /** Deploys an NFT collection (src/fakeNode/nft.ts) holding the given tokens. */
  addNft(collection: {
    address: FeltLike;
    standard: 'erc721' | 'erc1155';
    holdings: { owner: FeltLike; tokenId: FeltLike; amount: FeltLike }[];
  }): Promise<void>;
  /** Deploys a contract whose functions return fixed felts or revert with a reason. */
  addContract(contract: {
    address: FeltLike;
    functions: Record<string, FeltLike[] | { revert: string }>;
    classHash?: FeltLike;
    /** Declare its class with an empty ABI (a contract whose ABI the chain does not give). */
    hideAbi?: boolean;
  }): Promise<void>;
  /**
   * Includes every received transaction and puts the included ones in a new block;
   * returns its number.
   */
  mine(): Promise<number>;
  /** Includes and mines each received transaction at once (and any waiting now). */
  setAutoMine(enabled: boolean): Promise<void>;
  /**
   * Plays the sequencer: includes received (mempool) transactions, oldest first, in
   * the pre-confirmed block (all, or the first `count`); one held with a future nonce
   * waits for the nonces below it. Only then do they count for nonces, class hashes,
   * calls and estimates. Returns the included hashes.
   */
  include(count?: number): Promise<string[]>;
  /**
   * Evicts a received transaction: its hash answers 29 (TXN_HASH_NOT_FOUND) and its
   * nonce is free again; the received ones of that sender with later nonces go too.
   * Returns the dropped hashes.
   */
  drop(hash: FeltLike): Promise<string[]>;
  /** Forces what `starknet_getTransactionStatus` answers for a hash (known or not). */
  setTxStatus(
    hash: FeltLike,
    finality: string,
    execution?: string,
  ): Promise<void>;
  /** Every accepted transaction, in acceptance order. */
  transactions(): Promise<FakeTransaction[]>;
  /** An address' nonce; `pending` (default) counts included, unmined transactions. */
  nonceOf(address: FeltLike, view?: StateView): Promise<bigint>;
  /** JSON-RPC traffic since the last reset/clear (a batch is one HTTP request). */
  requests(): Promise<{ httpRequests: number; rpcCalls: RpcCallRecord[] }>;
  clearRequests(): Promise<void>;
  /** Queues a fault for the next matching requests. */
  fault(fault: FaultSpec): Promise<void>;
  /** Clears queued faults and status faults. */
  clearFaults(): Promise<void>;
  /**
   * Makes `starknet_getTransactionStatus` of one hash fail (`times` calls, default
   * until cleared): `notFound` answers 29 as another instance behind a load-balanced
   * provider does (pathfinder's submission_tracker, juno's submittedTransactionsCache
   * know only what that instance submitted); `internal` answers -32603 as juno does
   * while its feeder gateway is unreachable.
   */
  statusFault(
    hash: FeltLike,
    kind: StatusFaultKind,
    times?: number,
  ): Promise<void>;
  /**
   * The JSON-RPC version the node speaks until reset: `0.8` is pathfinder's root URL
   * by default (spec version 0.8.1, block tag `pre_confirmed` refused: -32602 "Invalid
   * params", `data.reason` "Invalid block id"); `0.10` (default) is the snap's.
   */
  setRpcVersion(version: RpcVersion): Promise<void>;
  /**
   * Sets the history the Voyager-style indexer (`GET /{network}/indexer/txns?to=…`)
   * answers: items `{ hash, type, timestamp, status?, senderAddress, contractAddress?,
   * entrypoint? }`, filtered by `senderAddress`. Cleared by `reset()`.
   */
  setIndexed(items: Record<string, unknown>[]): Promise<void>;
};

/**
 * A felt as a JSON-safe string.
 *
 * @param value - The felt.
 * @returns Hex (bigint, number) or the string as given.
 */
function feltString(value: FeltLike): string {
  return typeof value === 'string' ? value : `0x${value.toString(16)}`;
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
  const post = async (op: string, args: object): Promise<Response> =>
    fetch(`${origin}/__admin/${network}/${op}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(args),
    });
  const call = async (op: string, args: object = {}): Promise<unknown> => {
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
  const big = (value: unknown): bigint => BigInt(String(value));

  const client: FakeNodeClient = {
    rpcUrl: `${origin}/${network}`,
    reset: async () => {
      await call('reset');
    },
    setBalance: async (token, address, amount) => {
      await call('setBalance', {
        token: feltString(token),
        address: feltString(address),
        amount: amount.toString(),
      });
    },
    setAllowance: async (token, owner, spender, amount) => {
      await call('setAllowance', {
        token: feltString(token),
        owner: feltString(owner),
        spender: feltString(spender),
        amount: amount.toString(),
      });
    },
    getBalance: async (token, address, view = 'pending') =>
      big(
        await call('getBalance', {
          token: feltString(token),
          address: feltString(address),
          block: view,
        }),
      ),
    deployAccount: async (options) =>
      String(
        await call('deployAccount', {
          publicKey: feltString(options.publicKey),
          ...(options.classHash === undefined
            ? {}
            : { classHash: feltString(options.classHash) }),
          ...(options.address === undefined
            ? {}
            : { address: feltString(options.address) }),
          ...(options.nonce === undefined
            ? {}
            : { nonce: feltString(options.nonce) }),
        }),
      ),
    addToken: async (token) => {
      await call('addToken', {
        ...token,
        address: feltString(token.address),
        decimals: String(token.decimals),
      });
    },
    addNft: async (collection) => {
      await call('addNft', {
        address: feltString(collection.address),
        standard: collection.standard,
        holdings: collection.holdings.map((holding) => ({
          owner: feltString(holding.owner),
          tokenId: feltString(holding.tokenId),
          amount: feltString(holding.amount),
        })),
      });
    },
    addContract: async (contract) => {
      await call('addContract', {
        address: feltString(contract.address),
        functions: Object.fromEntries(
          Object.entries(contract.functions).map(([name, behaviour]) => [
            name,
            Array.isArray(behaviour) ? behaviour.map(feltString) : behaviour,
          ]),
        ),
        ...(contract.classHash === undefined
          ? {}
          : { classHash: feltString(contract.classHash) }),
        hideAbi: contract.hideAbi === true,
      });
    },
    mine: async () => Number(await call('mine')),
    include: async (count) =>
      (await call('include', count === undefined ? {} : { count })) as string[],
    drop: async (hash) =>
      (await call('drop', { hash: feltString(hash) })) as string[],
    setAutoMine: async (enabled) => {
      await call('setAutoMine', { enabled });
    },
    setTxStatus: async (hash, finality, execution) => {
      await call('setTxStatus', {
        hash: feltString(hash),
        finality,
        execution,
      });
    },
    transactions: async () =>
      ((await call('transactions')) as WireTransaction[]).map((tx) => ({
        ...tx,
        fee: BigInt(tx.fee),
        tip: BigInt(tx.tip),
      })),
    nonceOf: async (address, view = 'pending') =>
      big(await call('nonceOf', { address: feltString(address), block: view })),
    requests: async () =>
      (await call('requests')) as {
        httpRequests: number;
        rpcCalls: RpcCallRecord[];
      },
    clearRequests: async () => {
      await call('clearRequests');
    },
    fault: async (fault) => {
      await call('fault', fault);
    },
    setIndexed: async (items) => {
      await call('setIndexed', { items });
    },
    clearFaults: async () => {
      await call('clearFaults');
    },
    statusFault: async (hash, kind, times) => {
      await call('statusFault', {
        hash: feltString(hash),
        kind,
        ...(times === undefined ? {} : { times }),
      });
    },
    setRpcVersion: async (version) => {
      await call('setRpcVersion', { version });
    },
  };
  return client;
}
