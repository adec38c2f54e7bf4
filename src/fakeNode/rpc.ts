/**
 * The Starknet JSON-RPC methods the fake node answers (spec 0.10, params by name or by
 * position), each reading or changing one network's `Chain`.
 */
import type { Chain, TxRecord } from './chain';
import { CHAIN_IDS, SPEC_VERSION } from './constants';
import type { Call } from './contracts';
import { callContract, EntryPointNotFound } from './contracts';
import * as errors from './errors';
import { ExecutionRevert } from './errors';
import { runInOrder } from './execute';
import type { Json } from './json';
import { feltHex, feltHexes, isRecord } from './json';
import { blockId, feltAt, feltsAt, simulationFlags } from './params';
import type { BlockDetail } from './responses';
import {
  blockJson,
  feeEstimateJson,
  pendingBlockJson,
  receiptJson,
  txJson,
} from './responses';
import { simulatedJson } from './simulate';
import type { ChainState, Contract } from './state';
import type { Tx } from './transactions';
import { parseTx } from './transactions';
import { deployAccountAddress } from './verify';

/** Named params of a call (positional ones are mapped to names first). */
type Params = Record<string, unknown>;

/** A method: its param names in positional order, and its handler. */
type Method = { params: string[]; run: (chain: Chain, params: Params) => Json };

/**
 * A block in the requested detail, mined or pre-confirmed.
 *
 * @param detail - Transaction detail.
 * @returns The method.
 */
function blockMethod(detail: BlockDetail): Method {
  return {
    params: ['block_id'],
    run: (chain, params): Json => {
      const id = blockId(params.block_id);
      return 'tag' in id && id.tag === 'pending'
        ? pendingBlockJson(chain, detail)
        : blockJson(chain, chain.block(id), detail);
    },
  };
}

/**
 * The deployed contract at `contract_address` in the state of `block_id`.
 *
 * @param chain - The chain.
 * @param params - Method params.
 * @returns The contract.
 */
function contractAt(
  chain: Chain,
  params: Params,
): { state: ChainState; contract: Contract } {
  const state = chain.stateAt(blockId(params.block_id));
  const address = feltAt(params, 'contract_address', 'params');
  const contract = state.contracts.get(address);
  if (!contract) {
    throw errors.contractNotFound();
  }
  return { state, contract };
}

/**
 * The class body of a class hash, or error 28.
 *
 * @param chain - The chain.
 * @param params - Method params (for block_id).
 * @param classHash - The class hash.
 * @returns The body.
 */
function classBody(chain: Chain, params: Params, classHash: bigint): Json {
  const body = chain.stateAt(blockId(params.block_id)).classes.get(classHash);
  if (!body) {
    throw errors.classHashNotFound();
  }
  return body;
}

/**
 * The accepted transaction with `transaction_hash`, or error 29.
 *
 * @param chain - The chain.
 * @param params - Method params.
 * @returns The record.
 */
function record(chain: Chain, params: Params): TxRecord {
  const found = chain.txs.get(feltAt(params, 'transaction_hash', 'params'));
  if (!found) {
    throw errors.txnHashNotFound();
  }
  return found;
}

/**
 * Parses a list of broadcasted transactions.
 *
 * @param value - Raw list.
 * @param path - Its name.
 * @returns The transactions.
 */
function txList(value: unknown, path: string): Tx[] {
  if (!Array.isArray(value)) {
    throw errors.invalidParams(`${path} must be an array of transactions`);
  }
  return value.map((item: unknown, index) =>
    parseTx(item, `${path}[${index}]`, true),
  );
}

/** Every method the node answers. */
export const METHODS: Record<string, Method> = {
  starknet_specVersion: { params: [], run: () => SPEC_VERSION },
  starknet_chainId: { params: [], run: (chain) => CHAIN_IDS[chain.network] },
  starknet_syncing: { params: [], run: () => false },
  starknet_blockNumber: { params: [], run: (chain) => chain.latestNumber },
  starknet_blockHashAndNumber: {
    params: [],
    run: (chain) => ({
      block_hash: feltHex(chain.blockHash(chain.latestNumber)),
      block_number: chain.latestNumber,
    }),
  },
  starknet_getBlockWithTxHashes: blockMethod('hashes'),
  starknet_getBlockWithTxs: blockMethod('txs'),
  starknet_getBlockWithReceipts: blockMethod('receipts'),
  starknet_getBlockTransactionCount: {
    params: ['block_id'],
    run: (chain, params) => {
      const id = blockId(params.block_id);
      return 'tag' in id && id.tag === 'pending'
        ? chain.pendingTxs().length
        : chain.block(id).txs.length;
    },
  },
  starknet_getNonce: {
    params: ['block_id', 'contract_address'],
    run: (chain, params) => {
      const { state, contract } = contractAt(chain, params);
      return feltHex(state.nonceOf(contract.address));
    },
  },
  starknet_getClassHashAt: {
    params: ['block_id', 'contract_address'],
    run: (chain, params) =>
      feltHex(contractAt(chain, params).contract.classHash),
  },
  starknet_getClassAt: {
    params: ['block_id', 'contract_address'],
    run: (chain, params) =>
      classBody(chain, params, contractAt(chain, params).contract.classHash),
  },
  starknet_getClass: {
    params: ['block_id', 'class_hash'],
    run: (chain, params) =>
      classBody(chain, params, feltAt(params, 'class_hash', 'params')),
  },
  starknet_getStorageAt: {
    params: ['contract_address', 'key', 'block_id'],
    run: (chain, params) => {
      contractAt(chain, params);
      feltAt(params, 'key', 'params');
      return '0x0';
    },
  },
  starknet_call: {
    params: ['request', 'block_id'],
    run: (chain, params) => {
      const { request } = params;
      const call: Call = {
        to: feltAt(request, 'contract_address', 'request'),
        selector: feltAt(request, 'entry_point_selector', 'request'),
        calldata: feltsAt(request, 'calldata', 'request', true),
      };
      const state = chain.stateAt(blockId(params.block_id));
      if (!state.contracts.has(call.to)) {
        throw errors.contractNotFound();
      }
      try {
        return feltHexes(
          callContract({ state: state.clone(), events: [] }, 0n, call),
        );
      } catch (error) {
        if (
          error instanceof EntryPointNotFound ||
          error instanceof ExecutionRevert
        ) {
          throw errors.contractError(error.message);
        }
        throw error;
      }
    },
  },
  starknet_estimateFee: {
    params: ['request', 'simulation_flags', 'block_id'],
    run: (chain, params) => {
      const flags = simulationFlags(
        params.simulation_flags,
        'simulation_flags',
      );
      const txs = txList(params.request, 'request');
      const state = chain.stateAt(blockId(params.block_id));
      return runInOrder(state, txs, chain.network, {
        validate: !flags.includes('SKIP_VALIDATE'),
        chargeFee: false,
        failOnRevert: true,
      }).map((outcome) => feeEstimateJson(outcome.gas, chain.fees.l2GasPrice));
    },
  },
  starknet_simulateTransactions: {
    params: ['block_id', 'transactions', 'simulation_flags'],
    run: (chain, params) => {
      const flags = simulationFlags(
        params.simulation_flags,
        'simulation_flags',
      );
      const txs = txList(params.transactions, 'transactions');
      const state = chain.stateAt(blockId(params.block_id));
      const outcomes = runInOrder(state, txs, chain.network, {
        validate: !flags.includes('SKIP_VALIDATE'),
        chargeFee: !flags.includes('SKIP_FEE_CHARGE'),
        failOnRevert: false,
      });
      return outcomes.map((outcome, index) => {
        const tx = txs[index];
        if (!tx) {
          throw errors.unexpectedError(
            'simulation outcome without transaction',
          );
        }
        if (tx.type === 'DEPLOY_ACCOUNT') {
          return simulatedJson(
            {
              type: tx.type,
              payer: deployAccountAddress(tx),
              calldata: tx.constructorCalldata,
            },
            outcome,
            chain.fees.l2GasPrice,
          );
        }
        return simulatedJson(
          {
            type: tx.type,
            payer: tx.sender,
            calldata: tx.type === 'INVOKE' ? tx.calldata : [],
          },
          outcome,
          chain.fees.l2GasPrice,
        );
      });
    },
  },
  starknet_addInvokeTransaction: {
    params: ['invoke_transaction'],
    run: (chain, params) => {
      const tx = parseTx(
        params.invoke_transaction,
        'invoke_transaction',
        false,
        'INVOKE',
      );
      return { transaction_hash: feltHex(chain.add(tx).hash) };
    },
  },
  starknet_addDeployAccountTransaction: {
    params: ['deploy_account_transaction'],
    run: (chain, params) => {
      const tx = parseTx(
        params.deploy_account_transaction,
        'deploy_account_transaction',
        false,
        'DEPLOY_ACCOUNT',
      );
      const added = chain.add(tx);
      return {
        transaction_hash: feltHex(added.hash),
        contract_address: feltHex(added.payer),
      };
    },
  },
  starknet_addDeclareTransaction: {
    params: ['declare_transaction'],
    run: (chain, params) => {
      const tx = parseTx(
        params.declare_transaction,
        'declare_transaction',
        false,
        'DECLARE',
      );
      const added = chain.add(tx);
      return {
        transaction_hash: feltHex(added.hash),
        class_hash: feltHex(added.classHash ?? 0n),
      };
    },
  },
  starknet_getTransactionStatus: {
    params: ['transaction_hash'],
    run: (chain, params) => {
      const forced = chain.forced.get(
        feltAt(params, 'transaction_hash', 'params'),
      );
      if (forced) {
        return {
          finality_status: forced.finality,
          ...(forced.execution ? { execution_status: forced.execution } : {}),
        };
      }
      const found = record(chain, params);
      return found.finality === 'RECEIVED'
        ? { finality_status: 'RECEIVED' }
        : {
            finality_status: found.finality,
            execution_status: found.execution,
          };
    },
  },
  starknet_getTransactionReceipt: {
    params: ['transaction_hash'],
    run: (chain, params) => {
      const found = record(chain, params);
      if (found.finality === 'RECEIVED') {
        // Like a real node: a transaction only in the mempool has no receipt yet.
        throw errors.txnHashNotFound();
      }
      return receiptJson(chain, found);
    },
  },
  starknet_getTransactionByHash: {
    params: ['transaction_hash'],
    run: (chain, params) => txJson(record(chain, params)),
  },
  starknet_getTransactionByBlockIdAndIndex: {
    params: ['block_id', 'index'],
    run: (chain, params) => {
      const id = blockId(params.block_id);
      const hashes =
        'tag' in id && id.tag === 'pending'
          ? chain.pendingTxs()
          : chain.block(id).txs;
      const { index } = params;
      const txHash = typeof index === 'number' ? hashes[index] : undefined;
      const found = txHash === undefined ? undefined : chain.txs.get(txHash);
      if (!found) {
        throw new errors.RpcFailure(27, 'Invalid transaction index in a block');
      }
      return txJson(found);
    },
  },
};

/**
 * Runs one JSON-RPC call on a chain.
 *
 * @param chain - The network's chain.
 * @param method - Method name.
 * @param params - By-name object, positional array, or absent.
 * @returns The result.
 */
export function dispatch(chain: Chain, method: string, params: unknown): Json {
  const entry = METHODS[method];
  if (!entry) {
    throw errors.methodNotFound(method);
  }
  let named: Params;
  if (params === undefined || params === null) {
    named = {};
  } else if (Array.isArray(params)) {
    named = Object.fromEntries(
      entry.params.map((name, index): [string, unknown] => [
        name,
        params[index],
      ]),
    );
  } else if (isRecord(params)) {
    named = params;
  } else {
    throw errors.invalidParams('params must be an object or an array');
  }
  return entry.run(chain, named);
}
