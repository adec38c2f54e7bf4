/**
 * Types of the fake node's admin client (admin.ts), apart so that the client's
 * method factories stay short; admin.ts re-exports them.
 */
import type { WireTransaction } from './adminOps';
import type { OracleClient } from './oracle';
import type {
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

/** Admin operations on one network of the fake node (the oracle's in oracle.ts). */
export type FakeNodeClient = OracleClient & {
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
  /**
   * Deploys a contract whose functions return fixed felts, revert with a reason, or call
   * another contract's function (without arguments) and pass its result or revert up.
   */
  addContract(contract: {
    address: FeltLike;
    functions: Record<
      string,
      | FeltLike[]
      | { revert: string }
      | { call: { contractAddress: string; entrypoint: string } }
    >;
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
   * Plays the sequencer: includes received (mempool) transactions in the pre-confirmed
   * block (all, or the first `count`), highest tip first; one held with a future nonce
   * waits for the nonces below it, one whose L2 max price is below the L2 gas price
   * waits in the pending queue. Only then do they count for nonces, class hashes,
   * calls and estimates. Returns the included hashes.
   */
  include(count?: number): Promise<string[]>;
  /**
   * Evicts a received transaction: its hash answers 29 (TXN_HASH_NOT_FOUND) and its
   * nonce is free again; the received ones of that sender with later nonces stay,
   * held behind the gap. Returns the dropped hashes.
   */
  drop(hash: FeltLike): Promise<string[]>;
  /**
   * Sets the L2 gas price of the next block (estimates answer it; a send whose L2 max
   * price is below it is not included) and, optionally, its rise in percent per block
   * with transactions. Returns the price, hex.
   */
  setL2GasPrice(price: bigint, risePercent?: number): Promise<string>;
  /**
   * Moves the fake's clock forward; pooled transactions older than 300 s expire.
   * Returns the expired hashes.
   */
  advanceTime(seconds: number): Promise<string[]>;
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
