/**
 * Seeding a chain (chain.ts' `Chain`) without transactions: tokens, NFT collections,
 * generic contracts, accounts, balances and allowances, set in the latest, the
 * pre-confirmed and the mempool state alike so that every block tag sees them.
 */
import { hash } from 'starknet';

import { genericClass } from './classes';
import type { TokenSpec } from './constants';
import {
  ARGENT_PROXY_CLASS_HASH,
  ARGENT_PROXY_IMPLEMENTATION,
  FAKE_ERC20_CLASS_HASH,
} from './constants';
import { selectorOf } from './ledger';
import type { NftData } from './nft';
import { nftData } from './nft';
import type { ChainState, FunctionBehaviour } from './state';

/**
 * The states of a chain a seeding change applies to: typed here so that this module
 * does not import the chain that imports it.
 */
export type SeededStates = {
  latest: ChainState;
  pending: ChainState;
  mempool: ChainState;
};

/**
 * Applies a seeding change to the latest, the pre-confirmed and the mempool state.
 *
 * @param chain - The chain's states.
 * @param change - The change.
 */
function seed(chain: SeededStates, change: (state: ChainState) => void): void {
  change(chain.latest);
  change(chain.pending);
  change(chain.mempool);
}

/**
 * Deploys a token (seeded, no transaction).
 *
 * @param chain - The chain's states.
 * @param token - Address, name, symbol, decimals.
 */
export function seedToken(chain: SeededStates, token: TokenSpec): void {
  seed(chain, (state) => {
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
 * @param chain - The chain's states.
 * @param address - Where.
 * @param standard - ERC-721 or ERC-1155.
 * @param holdings - Owner, token id and amount of each holding.
 */
export function seedNft(
  chain: SeededStates,
  address: bigint,
  standard: NftData['standard'],
  holdings: { owner: bigint; tokenId: bigint; amount: bigint }[],
): void {
  const names =
    standard === 'erc721'
      ? ['transfer_from', 'set_approval_for_all']
      : ['safe_transfer_from', 'set_approval_for_all'];
  const classHash = address + 0xc1a55n;
  seed(chain, (state) => {
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
 * @param chain - The chain's states.
 * @param address - Where.
 * @param functions - Function name -> behaviour.
 * @param classHash - Its class hash (a stub class is declared for it).
 * @param hideAbi - Declare the class with an empty ABI.
 */
export function seedContract(
  chain: SeededStates,
  address: bigint,
  functions: FunctionBehaviour[],
  classHash: bigint,
  hideAbi: boolean,
): void {
  const body = genericClass(hideAbi ? [] : functions.map((fn) => fn.name));
  seed(chain, (state) => {
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
 * @param chain - The chain's states.
 * @param publicKey - Signer public key.
 * @param classHash - Argent Cairo-1 (default) or the Cairo-0 proxy class.
 * @param address - Explicit address.
 * @returns The address.
 */
export function seedAccount(
  chain: SeededStates,
  publicKey: bigint,
  classHash: bigint,
  address?: bigint,
): bigint {
  const proxy = classHash === ARGENT_PROXY_CLASS_HASH;
  const calldata = proxy
    ? [ARGENT_PROXY_IMPLEMENTATION, selectorOf('initialize'), 2n, publicKey, 0n]
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
  seed(chain, (state) => {
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
 * Sets a token balance in every state.
 *
 * @param chain - The chain's states.
 * @param token - Token address.
 * @param owner - Holder.
 * @param amount - New balance.
 */
export function seedBalance(
  chain: SeededStates,
  token: bigint,
  owner: bigint,
  amount: bigint,
): void {
  seed(chain, (state) => {
    const data = state.token(token);
    if (!data) {
      throw new Error(`no token at ${token.toString(16)}`);
    }
    data.balances.set(owner, amount);
  });
}

/**
 * Sets what a spender may take from an owner's tokens (`transfer_from`), in every state.
 *
 * @param chain - The chain's states.
 * @param token - Token address.
 * @param owner - Holder.
 * @param spender - Who may spend.
 * @param amount - The allowance.
 */
export function seedAllowance(
  chain: SeededStates,
  token: bigint,
  owner: bigint,
  spender: bigint,
  amount: bigint,
): void {
  seed(chain, (state) => {
    const data = state.token(token);
    if (!data) {
      throw new Error(`no token at ${token.toString(16)}`);
    }
    data.allowances.set(`${owner}:${spender}`, amount);
  });
}
