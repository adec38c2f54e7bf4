/**
 * Server side of the admin API (`POST /__admin/{network}/{op}`): seeds and inspects a
 * network's chain, and configures request counting and fault injection. Amounts travel
 * as decimal strings, addresses and hashes as hex strings.
 */
import type { Chain } from './chain';
import type { NetworkName } from './constants';
import { ARGENT_ACCOUNT_CLASS_HASH } from './constants';
import type { Json, JsonObject } from './json';
import { feltHex, feltHexes, isRecord, paddedAddress } from './json';
import { runMempoolAdmin } from './mempool';
import { felt } from './params';
import { runPaymasterAdmin } from './paymaster';
import type { FunctionBehaviour } from './state';
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
 * Reads a required string argument.
 *
 * @param args - Arguments.
 * @param key - Name.
 * @returns The value.
 */
function text(args: Record<string, unknown>, key: string): string {
  const value = args[key];
  if (typeof value !== 'string') {
    throw new Error(`${key} must be a string`);
  }
  return value;
}

/**
 * Reads a felt argument (hex or decimal string).
 *
 * @param args - Arguments.
 * @param key - Name.
 * @returns The felt.
 */
function feltArg(args: Record<string, unknown>, key: string): bigint {
  try {
    return felt(args[key], key);
  } catch {
    throw new Error(`${key} must be a felt (hex or decimal string)`);
  }
}

/**
 * Reads an optional felt argument.
 *
 * @param args - Arguments.
 * @param key - Name.
 * @returns The felt, if given.
 */
function optionalFelt(
  args: Record<string, unknown>,
  key: string,
): bigint | undefined {
  return args[key] === undefined ? undefined : feltArg(args, key);
}

/**
 * Reads the `functions` of `addContract`: name -> result felts, or `{ revert }`.
 *
 * @param value - Raw functions object.
 * @returns The behaviours.
 */
function functionsArg(value: unknown): FunctionBehaviour[] {
  if (!isRecord(value)) {
    throw new Error('functions must be an object');
  }
  return Object.entries(value).map(([name, behaviour]): FunctionBehaviour => {
    if (Array.isArray(behaviour)) {
      return {
        name,
        result: behaviour.map((item: unknown, index) =>
          felt(item, `${name}[${index}]`),
        ),
      };
    }
    if (isRecord(behaviour) && typeof behaviour.revert === 'string') {
      return { name, revert: behaviour.revert };
    }
    throw new Error(
      `functions.${name} must be a felt array or { revert: string }`,
    );
  });
}

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
  switch (op) {
    case 'reset':
      chain.reset();
      runPaymasterAdmin(chain, 'paymasterReset', {});
      traffic.clearRequests();
      traffic.clearFaults();
      traffic.rpcVersion = '0.10';
      return null;
    case 'setBalance':
      chain.setBalance(
        feltArg(args, 'token'),
        feltArg(args, 'address'),
        feltArg(args, 'amount'),
      );
      return null;
    case 'setAllowance':
      chain.setAllowance(
        feltArg(args, 'token'),
        feltArg(args, 'owner'),
        feltArg(args, 'spender'),
        feltArg(args, 'amount'),
      );
      return null;
    case 'getBalance': {
      const token = feltArg(args, 'token');
      const address = feltArg(args, 'address');
      const state = args.block === 'latest' ? chain.latest : chain.pending;
      if (!state.token(token)) {
        throw new Error(`no token at ${feltHex(token)}`);
      }
      return state.balanceOf(token, address).toString();
    }
    case 'deployAccount': {
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
    case 'addToken':
      chain.addToken({
        address: feltArg(args, 'address'),
        name: text(args, 'name'),
        symbol: text(args, 'symbol'),
        decimals: Number(feltArg(args, 'decimals')),
      });
      return null;
    case 'addNft': {
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
    case 'addContract':
      chain.addContract(
        feltArg(args, 'address'),
        functionsArg(args.functions),
        optionalFelt(args, 'classHash'),
        args.hideAbi === true,
      );
      return null;
    case 'mine':
      return chain.mine();
    case 'setAutoMine':
      chain.autoMine = args.enabled === true;
      if (chain.autoMine && chain.pendingTxs().length > 0) {
        chain.mine();
      }
      return null;
    case 'setTxStatus': {
      const execution =
        args.execution === undefined ? undefined : text(args, 'execution');
      chain.forced.set(feltArg(args, 'hash'), {
        finality: text(args, 'finality'),
        ...(execution === undefined ? {} : { execution }),
      });
      return null;
    }
    case 'transactions':
      return [...chain.txs.keys()].flatMap((txHash): JsonObject[] => {
        const wire = wireTransaction(chain, txHash);
        return wire ? [wire] : [];
      });
    case 'nonceOf': {
      const state = args.block === 'latest' ? chain.latest : chain.pending;
      return state.nonceOf(feltArg(args, 'address')).toString();
    }
    default: {
      const done = runTrafficAdmin(traffic, op, args);
      const mempool =
        done === undefined
          ? (runMempoolAdmin(chain, op, args) ??
            runPaymasterAdmin(chain, op, args))
          : done;
      if (mempool === undefined) {
        throw new Error(`unknown admin operation ${op}`);
      }
      return mempool;
    }
  }
}
