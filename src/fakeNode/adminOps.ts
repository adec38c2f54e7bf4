/**
 * Server side of the admin API (`POST /__admin/{network}/{op}`): seeds and inspects a
 * network's chain, and configures request counting and fault injection. Amounts travel
 * as decimal strings, addresses and hashes as hex strings.
 */
import { feltArg, functionsArg, optionalFelt, text } from './adminArgs';
import type { Chain } from './chain';
import type { NetworkName } from './constants';
import { ARGENT_ACCOUNT_CLASS_HASH } from './constants';
import type { Json, JsonObject } from './json';
import { feltHex, feltHexes, paddedAddress } from './json';
import { runMempoolAdmin } from './mempoolAdmin';
import { runOracleAdmin } from './oracle';
import { runPaymasterAdmin } from './paymaster';
import type { Traffic } from './traffic';
import { runTrafficAdmin } from './trafficAdmin';
import type { Tx } from './transactions';

/** Everything the admin API can reach. */
export type NodeContext = {
  chains: Record<NetworkName, Chain>;
  traffic: Record<NetworkName, Traffic>;
};

/** Wire shape of one accepted transaction in `transactions`. */
export type WireTransaction = {
  type: 'INVOKE' | 'DEPLOY_ACCOUNT' | 'DECLARE';
  hash: string;
  sender: string;
  nonce: number;
  calldata: string[];
  signature: string[];
  tip: string;
  status: 'RECEIVED' | 'PRE_CONFIRMED' | 'ACCEPTED_ON_L2';
  execution: 'SUCCEEDED' | 'REVERTED';
  revertReason?: string;
  fee: string;
  blockNumber?: number;
  classHash?: string;
};

/**
 * The calldata a transaction carries (constructor calldata of a deploy_account).
 *
 * @param tx - The transaction.
 * @returns Its calldata (none for declares).
 */
function calldataOf(tx: Tx): bigint[] {
  if (tx.type === 'DEPLOY_ACCOUNT') {
    return tx.constructorCalldata;
  }
  return tx.type === 'INVOKE' ? tx.calldata : [];
}

/**
 * One accepted transaction in wire shape (`WireTransaction`).
 *
 * @param chain - The chain.
 * @param txHash - The transaction.
 * @returns The wire object.
 */
function wireTransaction(chain: Chain, txHash: bigint): JsonObject | undefined {
  const record = chain.txs.get(txHash);
  if (!record) {
    return undefined;
  }
  const { tx } = record;
  return {
    type: tx.type,
    hash: feltHex(record.hash),
    sender: paddedAddress(record.payer),
    nonce: Number(tx.nonce),
    calldata: feltHexes(calldataOf(tx)),
    signature: feltHexes(tx.signature),
    tip: tx.tip.toString(),
    status: record.finality,
    execution: record.execution,
    ...(record.revertReason === undefined
      ? {}
      : { revertReason: record.revertReason }),
    fee: record.fee.toString(),
    ...(record.blockNumber === undefined
      ? {}
      : { blockNumber: record.blockNumber }),
    ...(record.classHash === undefined
      ? {}
      : { classHash: feltHex(record.classHash) }),
  };
}

/** One admin operation of the chain itself (the others go to traffic, mempool, paymaster). */
type ChainOp = (
  chain: Chain,
  args: Record<string, unknown>,
  traffic: Traffic,
) => Json;

/**
 * `addNft`: deploys a collection holding the given tokens.
 *
 * @param chain - The chain.
 * @param args - `{ address, standard, holdings }`.
 * @returns Null.
 */
function addNft(chain: Chain, args: Record<string, unknown>): Json {
  const standard = text(args, 'standard');
  if (standard !== 'erc721' && standard !== 'erc1155') {
    throw new Error('standard must be erc721 or erc1155');
  }
  chain.addNft(
    feltArg(args, 'address'),
    standard,
    (Array.isArray(args.holdings) ? args.holdings : []).map((item) => {
      const holding = typeof item === 'object' && item ? item : {};
      return {
        owner: feltArg(holding, 'owner'),
        tokenId: feltArg(holding, 'tokenId'),
        amount: feltArg(holding, 'amount'),
      };
    }),
  );
  return null;
}

/**
 * `deployAccount`: seeds a deployed account, with its nonce in every state if given.
 *
 * @param chain - The chain.
 * @param args - `{ publicKey, classHash?, address?, nonce? }`.
 * @returns The padded address.
 */
function deployAccount(chain: Chain, args: Record<string, unknown>): Json {
  const address = chain.deployAccount(
    feltArg(args, 'publicKey'),
    optionalFelt(args, 'classHash') ?? ARGENT_ACCOUNT_CLASS_HASH,
    optionalFelt(args, 'address'),
  );
  const nonce = optionalFelt(args, 'nonce');
  if (nonce !== undefined) {
    chain.latest.nonces.set(address, nonce);
    chain.pending.nonces.set(address, nonce);
    chain.mempool.nonces.set(address, nonce);
  }
  return paddedAddress(address);
}

/** Seeding and configuring operations of a network's chain. */
const SEED_OPS: Record<string, ChainOp> = {
  reset: (chain, _args, traffic) => {
    chain.reset();
    runPaymasterAdmin(chain, 'paymasterReset', {});
    traffic.clearRequests();
    traffic.clearFaults();
    traffic.rpcVersion = '0.10';
    return null;
  },
  setBalance: (chain, args) => {
    chain.setBalance(
      feltArg(args, 'token'),
      feltArg(args, 'address'),
      feltArg(args, 'amount'),
    );
    return null;
  },
  setAllowance: (chain, args) => {
    chain.setAllowance(
      feltArg(args, 'token'),
      feltArg(args, 'owner'),
      feltArg(args, 'spender'),
      feltArg(args, 'amount'),
    );
    return null;
  },
  deployAccount,
  addToken: (chain, args) => {
    chain.addToken({
      address: feltArg(args, 'address'),
      name: text(args, 'name'),
      symbol: text(args, 'symbol'),
      decimals: Number(feltArg(args, 'decimals')),
    });
    return null;
  },
  addNft,
  addContract: (chain, args) => {
    chain.addContract(
      feltArg(args, 'address'),
      functionsArg(args.functions),
      optionalFelt(args, 'classHash'),
      args.hideAbi === true,
    );
    return null;
  },
};

/** Block production and inspection operations of a network's chain. */
const CHAIN_OPS: Record<string, ChainOp> = {
  ...SEED_OPS,
  getBalance: (chain, args) => {
    const token = feltArg(args, 'token');
    const address = feltArg(args, 'address');
    const state = args.block === 'latest' ? chain.latest : chain.pending;
    if (!state.token(token)) {
      throw new Error(`no token at ${feltHex(token)}`);
    }
    return state.balanceOf(token, address).toString();
  },
  mine: (chain) => chain.mine(),
  setAutoMine: (chain, args) => {
    chain.autoMine = args.enabled === true;
    if (chain.autoMine && chain.pendingTxs().length > 0) {
      chain.mine();
    }
    return null;
  },
  setTxStatus: (chain, args) => {
    const execution =
      args.execution === undefined ? undefined : text(args, 'execution');
    chain.forced.set(feltArg(args, 'hash'), {
      finality: text(args, 'finality'),
      ...(execution === undefined ? {} : { execution }),
    });
    return null;
  },
  transactions: (chain) =>
    [...chain.txs.keys()].flatMap((txHash): JsonObject[] => {
      const wire = wireTransaction(chain, txHash);
      return wire ? [wire] : [];
    }),
  nonceOf: (chain, args) => {
    const state = args.block === 'latest' ? chain.latest : chain.pending;
    return state.nonceOf(feltArg(args, 'address')).toString();
  },
};

/**
 * Runs one admin operation.
 *
 * @param node - Chains and traffic.
 * @param network - Which network.
 * @param op - Operation name.
 * @param args - Its arguments.
 * @returns The operation's JSON result.
 */
export function runAdmin(
  node: NodeContext,
  network: NetworkName,
  op: string,
  args: Record<string, unknown>,
): Json {
  const chain = node.chains[network];
  const traffic = node.traffic[network];
  const chainOp = Object.hasOwn(CHAIN_OPS, op) ? CHAIN_OPS[op] : undefined;
  if (chainOp) {
    return chainOp(chain, args, traffic);
  }
  // Each group answers undefined for an operation it does not know; `null` is an
  // answer (an operation done with nothing to return), so `??` cannot chain them.
  for (const run of [
    () => runTrafficAdmin(traffic, op, args),
    () => runMempoolAdmin(chain, op, args),
    () => runPaymasterAdmin(chain, op, args),
    () => runOracleAdmin(chain, op, args),
  ]) {
    const answer = run();
    if (answer !== undefined) {
      return answer;
    }
  }
  throw new Error(`unknown admin operation ${op}`);
}
