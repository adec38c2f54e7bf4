/**
 * The JSON-RPC methods that add transactions and read them back: status, receipt and
 * the transaction itself, by hash or by block and index (rpc.ts merges them).
 */
import type { Chain, TxRecord } from './chain';
import * as errors from './errors';
import { feltHex } from './json';
import { blockId, feltAt } from './params';
import { receiptJson, txJson } from './responses';
import type { Method, Params } from './rpcMethod';
import { parseTx } from './transactions';

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

/** The add and read-back transaction methods, merged into rpc.ts' `METHODS`. */
export const TRANSACTION_METHODS: Record<string, Method> = {
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
