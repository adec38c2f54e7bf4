/**
 * The JSON-RPC methods that run transactions without adding them: fee estimates and
 * simulations, on a copy of a block's state (rpc.ts merges them).
 */
import * as errors from './errors';
import { runInOrder } from './execute';
import { blockId, simulationFlags } from './params';
import { feeEstimateJson } from './responses';
import type { Method } from './rpcMethod';
import { simulatedJson } from './simulate';
import type { Tx } from './transactions';
import { parseTx } from './transactions';
import { deployAccountAddress } from './verify';

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

/** The estimate and simulation methods, merged into rpc.ts' `METHODS`. */
export const SIMULATE_METHODS: Record<string, Method> = {
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
};
