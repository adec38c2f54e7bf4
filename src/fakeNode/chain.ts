/**
 * One network's chain, with a real node's mempool semantics (Starknet 0.14, pathfinder,
 * juno): an added transaction is only RECEIVED and executes on the mempool state, which
 * only admission reads (the next nonce, or one up to 200 ahead, held: mempool.ts);
 * `getNonce`, `getClassHashAt`, calls and estimates at any block tag do not see it
 * until a test includes it (mempool.ts: PRE_CONFIRMED, on the pre-confirmed state) or
 * mines (ACCEPTED_ON_L2, latest state).
 */
import { addTx } from './chainAdd';
import type { Block } from './chainBlocks';
import {
  blockHashOf,
  findBlock,
  mineBlock,
  pendingTxHashes,
} from './chainBlocks';
import {
  seedAccount,
  seedAllowance,
  seedBalance,
  seedContract,
  seedNft,
  seedToken,
} from './chainSeed';
import { genesisClasses } from './classes';
import type { NetworkName, TokenSpec } from './constants';
import {
  ARGENT_ACCOUNT_CLASS_HASH,
  CHAIN_IDS,
  FAKE_GENERIC_CLASS_HASH,
  GENESIS_BLOCK_NUMBER,
  GENESIS_TOKENS,
} from './constants';
import type { FeeMarket } from './feeMarket';
import { freshFeeMarket } from './feeMarket';
import type { TxRecord } from './mempool';
import type { NftData } from './nft';
import { deployOracle } from './oracle';
import type { BlockId } from './params';
import type { FunctionBehaviour } from './state';
import { ChainState } from './state';
import type { Tx } from './transactions';

export type { Block } from './chainBlocks';
export type { TxRecord } from './mempool';

/** A status forced by the admin API, answered by `starknet_getTransactionStatus`. */
export type ForcedStatus = { finality: string; execution?: string };

/**
 * Current Unix time in seconds.
 *
 * @returns Seconds since the epoch.
 */
function now(): number {
  return Math.floor(Date.now() / 1000);
}

/** The chain of one network. */
export class Chain {
  readonly network: NetworkName;

  latest = new ChainState();

  pending = new ChainState();

  /** The pre-confirmed state plus the RECEIVED transactions: what admission checks. */
  mempool = new ChainState();

  txs = new Map<bigint, TxRecord>();

  blocks = new Map<number, Block>();

  latestNumber = GENESIS_BLOCK_NUMBER;

  genesisTime = now();

  autoMine = false;

  forced = new Map<bigint, ForcedStatus>();

  /** The L2 gas price, its rise per block and the fake's clock (feeMarket.ts). */
  fees: FeeMarket = freshFeeMarket();

  /**
   * @param network - Which network this chain answers as.
   */
  constructor(network: NetworkName) {
    this.network = network;
    this.reset();
  }

  /** Back to genesis: the preloaded tokens and built-in classes only. */
  reset(): void {
    const state = new ChainState();
    state.chainId = BigInt(CHAIN_IDS[this.network]);
    state.classes = genesisClasses();
    this.latest = state;
    for (const token of GENESIS_TOKENS[this.network]) {
      this.addToken(token);
    }
    deployOracle(state, this.network);
    this.pending = state.clone();
    this.mempool = state.clone();
    this.txs = new Map();
    this.blocks = new Map();
    this.latestNumber = GENESIS_BLOCK_NUMBER;
    this.genesisTime = now();
    this.autoMine = false;
    this.forced = new Map();
    this.fees = freshFeeMarket();
  }

  /**
   * Deploys a token (seeded, no transaction).
   *
   * @param token - Address, name, symbol, decimals.
   */
  addToken(token: TokenSpec): void {
    seedToken(this, token);
  }

  /**
   * Deploys an NFT collection (nft.ts) holding the given tokens (seeded, no transaction).
   *
   * @param address - Where.
   * @param standard - ERC-721 or ERC-1155.
   * @param holdings - Owner, token id and amount of each holding.
   */
  addNft(
    address: bigint,
    standard: NftData['standard'],
    holdings: { owner: bigint; tokenId: bigint; amount: bigint }[],
  ): void {
    seedNft(this, address, standard, holdings);
  }

  /**
   * Deploys a contract whose functions answer fixed felts or revert.
   *
   * @param address - Where.
   * @param functions - Function name -> behaviour.
   * @param classHash - Its class hash (a stub class is declared for it).
   * @param hideAbi - Declare the class with an empty ABI.
   */
  addContract(
    address: bigint,
    functions: FunctionBehaviour[],
    classHash = FAKE_GENERIC_CLASS_HASH,
    hideAbi = false,
  ): void {
    seedContract(this, address, functions, classHash, hideAbi);
  }

  /**
   * Deploys an account without a transaction, at its counterfactual address unless one
   * is given. Nonce stays 0 (as after a deployment by another account).
   *
   * @param publicKey - Signer public key.
   * @param classHash - Argent Cairo-1 (default) or the Cairo-0 proxy class.
   * @param address - Explicit address.
   * @returns The address.
   */
  deployAccount(
    publicKey: bigint,
    classHash = ARGENT_ACCOUNT_CLASS_HASH,
    address?: bigint,
  ): bigint {
    return seedAccount(this, publicKey, classHash, address);
  }

  /**
   * Sets a token balance in every state.
   *
   * @param token - Token address.
   * @param owner - Holder.
   * @param amount - New balance.
   */
  setBalance(token: bigint, owner: bigint, amount: bigint): void {
    seedBalance(this, token, owner, amount);
  }

  /**
   * Sets what a spender may take from an owner's tokens (`transfer_from`), in every
   * state.
   *
   * @param token - Token address.
   * @param owner - Holder.
   * @param spender - Who may spend.
   * @param amount - The allowance.
   */
  setAllowance(
    token: bigint,
    owner: bigint,
    spender: bigint,
    amount: bigint,
  ): void {
    seedAllowance(this, token, owner, spender, amount);
  }

  /**
   * The state a block id reads. Past block numbers read the latest state.
   *
   * @param id - Block id.
   * @returns The state.
   */
  stateAt(id: BlockId): ChainState {
    if ('tag' in id && id.tag === 'pending') {
      return this.pending;
    }
    this.block(id);
    return this.latest;
  }

  /**
   * A mined (or synthesised empty, before genesis' latest) block.
   *
   * @param id - Block id (not pending).
   * @returns The block.
   */
  block(id: BlockId): Block {
    return findBlock(this, id);
  }

  /**
   * Deterministic hash of a block number on this chain.
   *
   * @param number - Block number.
   * @returns The hash.
   */
  blockHash(number: number): bigint {
    return blockHashOf(this, number);
  }

  /**
   * Included transactions not yet in a block (the pre-confirmed block), in order.
   *
   * @returns Their hashes.
   */
  pendingTxs(): bigint[] {
    return pendingTxHashes(this);
  }

  /**
   * Includes every received transaction, puts the pre-confirmed ones in a new block
   * and makes the pre-confirmed state the latest one.
   *
   * @returns The new block's number.
   */
  mine(): number {
    return mineBlock(this);
  }

  /**
   * Receives a transaction as a 0.14 gateway and mempool do (chainAdd.ts): RECEIVED,
   * or refused with the gateway's or the mempool's error.
   *
   * @param tx - The transaction.
   * @returns The stored record.
   */
  add(tx: Tx): TxRecord {
    return addTx(this, tx);
  }
}
