/**
 * One network's chain, with a real node's mempool semantics (Starknet 0.14, pathfinder,
 * juno): an added transaction is only RECEIVED and executes on the mempool state, which
 * only admission reads (the next nonce, or one up to 200 ahead, held: mempool.ts);
 * `getNonce`, `getClassHashAt`, calls and estimates at any block tag do not see it
 * until a test includes it (mempool.ts: PRE_CONFIRMED, on the pre-confirmed state) or
 * mines (ACCEPTED_ON_L2, latest state).
 */
import { hash } from 'starknet';

import { Rejection } from './admission';
import { genericClass, genesisClasses } from './classes';
import type { NetworkName, TokenSpec } from './constants';
import {
  ARGENT_ACCOUNT_CLASS_HASH,
  ARGENT_PROXY_CLASS_HASH,
  ARGENT_PROXY_IMPLEMENTATION,
  CHAIN_IDS,
  FAKE_ERC20_CLASS_HASH,
  FAKE_GENERIC_CLASS_HASH,
  GENESIS_BLOCK_NUMBER,
  GENESIS_TOKENS,
} from './constants';
import { selectorOf } from './contracts';
import * as errors from './errors';
import { identify } from './execute';
import type { FeeMarket } from './feeMarket';
import { freshFeeMarket, marketNow, raiseAfterBlock } from './feeMarket';
import { addFailure, gatewayRefusal } from './gateway';
import type { TxRecord } from './mempool';
import { includeReceived } from './mempool';
import { receive } from './mempoolReceive';
import type { NftData } from './nft';
import { nftData } from './nft';
import { deployOracle } from './oracle';
import type { BlockId } from './params';
import type { FunctionBehaviour } from './state';
import { ChainState } from './state';
import type { Tx } from './transactions';

export type { TxRecord } from './mempool';

/** A block: number, hash, parent, time and its transactions. */
export type Block = {
  number: number;
  hash: bigint;
  parentHash: bigint;
  timestamp: number;
  txs: bigint[];
};

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
   * Applies a seeding change to both the latest and the pre-confirmed state.
   *
   * @param change - The change.
   */
  #seed(change: (state: ChainState) => void): void {
    change(this.latest);
    change(this.pending);
    change(this.mempool);
  }

  /**
   * Deploys a token (seeded, no transaction).
   *
   * @param token - Address, name, symbol, decimals.
   */
  addToken(token: TokenSpec): void {
    this.#seed((state) => {
      state.contracts.set(token.address, {
        address: token.address,
        classHash: FAKE_ERC20_CLASS_HASH,
        data: {
          kind: 'token',
          name: token.name,
          symbol: token.symbol,
          decimals: token.decimals,
          balances: new Map(),
          allowances: new Map(),
        },
      });
    });
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
    const names =
      standard === 'erc721'
        ? ['transfer_from', 'set_approval_for_all']
        : ['safe_transfer_from', 'set_approval_for_all'];
    const classHash = address + 0xc1a55n;
    this.#seed((state) => {
      const data = nftData(standard);
      for (const { owner, tokenId, amount } of holdings) {
        data.holdings.set(`${owner}:${tokenId}`, amount);
      }
      state.classes.set(classHash, genericClass(names));
      state.contracts.set(address, { address, classHash, data });
    });
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
    const body = genericClass(hideAbi ? [] : functions.map((fn) => fn.name));
    this.#seed((state) => {
      state.classes.set(classHash, body);
      state.contracts.set(address, {
        address,
        classHash,
        data: {
          kind: 'generic',
          functions: new Map(functions.map((fn) => [selectorOf(fn.name), fn])),
        },
      });
    });
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
    const proxy = classHash === ARGENT_PROXY_CLASS_HASH;
    const calldata = proxy
      ? [
          ARGENT_PROXY_IMPLEMENTATION,
          selectorOf('initialize'),
          2n,
          publicKey,
          0n,
        ]
      : [publicKey, 0n];
    const where =
      address ??
      BigInt(
        hash.calculateContractAddressFromHash(
          publicKey,
          classHash,
          calldata.map(String),
          0,
        ),
      );
    this.#seed((state) => {
      state.contracts.set(where, {
        address: where,
        classHash,
        data: {
          kind: 'account',
          flavour: proxy ? 'proxy' : 'argent',
          publicKey,
          guardian: 0n,
        },
      });
    });
    return where;
  }

  /**
   * Sets a token balance in both states.
   *
   * @param token - Token address.
   * @param owner - Holder.
   * @param amount - New balance.
   */
  setBalance(token: bigint, owner: bigint, amount: bigint): void {
    this.#seed((state) => {
      const data = state.token(token);
      if (!data) {
        throw new Error(`no token at ${token.toString(16)}`);
      }
      data.balances.set(owner, amount);
    });
  }

  /**
   * Sets what a spender may take from an owner's tokens (`transfer_from`), in both states.
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
    this.#seed((state) => {
      const data = state.token(token);
      if (!data) {
        throw new Error(`no token at ${token.toString(16)}`);
      }
      data.allowances.set(`${owner}:${spender}`, amount);
    });
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
    if ('tag' in id) {
      return this.#blockByNumber(this.latestNumber);
    }
    if ('number' in id) {
      if (id.number < 0 || id.number > this.latestNumber) {
        throw errors.blockNotFound();
      }
      return this.#blockByNumber(id.number);
    }
    for (let number = this.latestNumber; number >= 0; number--) {
      const block = this.#blockByNumber(number);
      if (block.hash === id.hash) {
        return block;
      }
    }
    throw errors.blockNotFound();
  }

  /**
   * A block by number (empty genesis-era blocks are derived from the number).
   *
   * @param number - Block number, at most the latest.
   * @returns The block.
   */
  #blockByNumber(number: number): Block {
    return (
      this.blocks.get(number) ?? {
        number,
        hash: this.blockHash(number),
        parentHash: number === 0 ? 0n : this.blockHash(number - 1),
        timestamp: this.genesisTime - (GENESIS_BLOCK_NUMBER - number) * 30,
        txs: [],
      }
    );
  }

  /**
   * Deterministic hash of a block number on this chain.
   *
   * @param number - Block number.
   * @returns The hash.
   */
  blockHash(number: number): bigint {
    const stored = this.blocks.get(number);
    if (stored) {
      return stored.hash;
    }
    return BigInt(
      hash.computePoseidonHashOnElements([
        CHAIN_IDS[this.network],
        number,
        this.genesisTime,
      ]),
    );
  }

  /**
   * Included transactions not yet in a block (the pre-confirmed block), in order.
   *
   * @returns Their hashes.
   */
  pendingTxs(): bigint[] {
    return [...this.txs.values()]
      .filter((it) => it.finality === 'PRE_CONFIRMED')
      .map((it) => it.hash);
  }

  /**
   * Includes every received transaction, puts the pre-confirmed ones in a new block
   * and makes the pre-confirmed state the latest one.
   *
   * @returns The new block's number.
   */
  mine(): number {
    includeReceived(this);
    const number = this.latestNumber + 1;
    const parent = this.#blockByNumber(this.latestNumber);
    const txs = this.pendingTxs();
    const block: Block = {
      number,
      hash: BigInt(
        hash.computePoseidonHashOnElements([
          CHAIN_IDS[this.network],
          number,
          parent.hash,
          ...txs,
        ]),
      ),
      parentHash: parent.hash,
      timestamp: Math.max(marketNow(this.fees), parent.timestamp + 1),
      txs,
    };
    this.blocks.set(number, block);
    this.latestNumber = number;
    for (const txHash of txs) {
      const record = this.txs.get(txHash);
      if (record) {
        record.finality = 'ACCEPTED_ON_L2';
        record.blockNumber = number;
      }
    }
    this.latest = this.pending.clone();
    if (txs.length > 0) {
      // A block with transactions counts as full: the set rise applies (feeMarket.ts).
      raiseAfterBlock(this.fees);
    }
    return number;
  }

  /**
   * Receives a transaction as a 0.14 gateway does: its stateless checks and its nonce
   * rule on the committed state first (gateway.ts), then the mempool (mempool.ts
   * `receive`): the sender's
   * next nonce after the received ones runs on the mempool state, a nonce up to 200
   * ahead is held until the gap fills, anything else is error 52. Recorded as RECEIVED
   * (included and mined at once with autoMine, when its turn has come).
   *
   * @param tx - The transaction.
   * @returns The stored record.
   */
  add(tx: Tx): TxRecord {
    const id = identify(tx, this.network);
    if (this.txs.has(id.hash)) {
      throw errors.duplicateTx();
    }
    const refused = gatewayRefusal(this.latest, tx, id.payer);
    if (refused) {
      throw refused;
    }
    let record: TxRecord;
    try {
      record = receive(this, tx, id, marketNow(this.fees));
    } catch (error) {
      throw error instanceof Rejection ? addFailure(error) : error;
    }
    if (this.autoMine) {
      this.mine();
    }
    return record;
  }
}
