/**
 * Chain state of one network at one point (the latest block, or the pre-confirmed view
 * including accepted transactions): deployed contracts with their storage, account
 * nonces and declared classes. Cloned to run transactions that may revert.
 */
import type { JsonObject } from './json';

/** An NFT collection's storage. */
export type NftData = {
  kind: 'nft';
  standard: 'erc721' | 'erc1155';
  /** `${owner}:${tokenId}` (decimal) → how many (1 for an ERC-721 token). */
  holdings: Map<string, bigint>;
  /** `${owner}:${operator}` (decimal) → approved for all. */
  operators: Map<string, boolean>;
};

/**
 * An independent copy of a collection's storage.
 *
 * @param data - The storage.
 * @returns The copy.
 */
export function copyNft(data: NftData): NftData {
  return {
    ...data,
    holdings: new Map(data.holdings),
    operators: new Map(data.operators),
  };
}

/** An ERC-20 token's storage. */
export type TokenData = {
  kind: 'token';
  name: string;
  symbol: string;
  decimals: number;
  balances: Map<bigint, bigint>;
  /** Keyed by `${owner}:${spender}` (decimal felts). */
  allowances: Map<string, bigint>;
};

/** An account's signer. `proxy` is the Cairo-0 Argent proxy, `argent` the Cairo-1 one. */
export type AccountData = {
  kind: 'account';
  flavour: 'argent' | 'proxy';
  publicKey: bigint;
  guardian: bigint;
  /** SNIP-9 nonces already used (outside.ts); replaced on use, never mutated. */
  outsideNonces?: ReadonlySet<bigint>;
  /** The proxy's implementation slot (legacy.ts); absent: Argent 0.2.3.1. */
  implementation?: bigint;
  /** Upgraded wrongly from Cairo 0 (legacy.ts): validates nothing any more. */
  broken?: boolean;
};

/** What a generic contract's function does: answer fixed felts, revert, or call on. */
export type FunctionBehaviour =
  | { name: string; result: bigint[] }
  | { name: string; revert: string }
  | { name: string; call: { to: bigint; selector: bigint } };

/** A contract added by the admin API whose functions answer fixed values. */
export type GenericData = {
  kind: 'generic';
  functions: Map<bigint, FunctionBehaviour>;
};

/**
 * A paymaster's contracts (paymaster.ts): the forwarder its relayer calls (which calls
 * the account's outside execution and takes the fee), and the Universal Deployer.
 */
export type ServiceData = {
  kind: 'service';
  role: 'forwarder' | 'udc';
  /** The only account that may call the forwarder (the relayer). */
  owner: bigint;
  /** Where the forwarder sends the fees it takes. */
  feeRecipient: bigint;
};

/**
 * The Pragma oracle's spot medians (oracle.ts): pair id (short string) → the answer of
 * `get_data_median`. Replaced, never mutated, so copies may share it.
 */
export type OracleData = {
  kind: 'oracle';
  prices: ReadonlyMap<
    bigint,
    { price: bigint; decimals: bigint; sources: bigint; updated: bigint }
  >;
};

/** A deployed contract. */
export type Contract = {
  address: bigint;
  classHash: bigint;
  data:
    TokenData | AccountData | GenericData | ServiceData | NftData | OracleData;
};

/**
 * Copies a contract, duplicating its mutable maps.
 *
 * @param contract - The contract.
 * @returns An independent copy.
 */
function copyContract(contract: Contract): Contract {
  const { data } = contract;
  if (data.kind === 'token') {
    return {
      ...contract,
      data: {
        ...data,
        balances: new Map(data.balances),
        allowances: new Map(data.allowances),
      },
    };
  }
  if (data.kind === 'nft') {
    return { ...contract, data: copyNft(data) };
  }
  return { ...contract, data: { ...data } };
}

/** The state of one chain at one point. */
export class ChainState {
  /** The chain id felt of the network (signed in SNIP-12 domains). */
  chainId = 0n;

  contracts = new Map<bigint, Contract>();

  nonces = new Map<bigint, bigint>();

  /** Class hash -> the `starknet_getClass` answer. Bodies are never mutated. */
  classes = new Map<bigint, JsonObject>();

  /**
   * An independent copy (token balances and allowances included).
   *
   * @returns The copy.
   */
  clone(): ChainState {
    const copy = new ChainState();
    copy.assign(this);
    return copy;
  }

  /**
   * Makes this state a copy of another (used to commit a successful execution).
   *
   * @param other - The state to copy.
   */
  assign(other: ChainState): void {
    this.chainId = other.chainId;
    this.contracts = new Map(
      [...other.contracts].map(([key, value]) => [key, copyContract(value)]),
    );
    this.nonces = new Map(other.nonces);
    this.classes = new Map(other.classes);
  }

  /**
   * The token deployed at an address.
   *
   * @param address - Token address.
   * @returns Its storage, if a token is there.
   */
  token(address: bigint): TokenData | undefined {
    const data = this.contracts.get(address)?.data;
    return data?.kind === 'token' ? data : undefined;
  }

  /**
   * The account deployed at an address.
   *
   * @param address - Account address.
   * @returns Its data, if an account is there.
   */
  account(address: bigint): AccountData | undefined {
    const data = this.contracts.get(address)?.data;
    return data?.kind === 'account' ? data : undefined;
  }

  /**
   * A token balance (0 for unknown tokens or holders).
   *
   * @param token - Token address.
   * @param owner - Holder.
   * @returns The balance.
   */
  balanceOf(token: bigint, owner: bigint): bigint {
    return this.token(token)?.balances.get(owner) ?? 0n;
  }

  /**
   * The nonce of an address (0 when it never sent a transaction).
   *
   * @param address - The address.
   * @returns Its nonce.
   */
  nonceOf(address: bigint): bigint {
    return this.nonces.get(address) ?? 0n;
  }
}
