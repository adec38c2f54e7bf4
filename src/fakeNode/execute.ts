/**
 * Execution of admitted V3 transactions against a chain state: runs calls (invoke),
 * deploys the account or declares the class, charges the fee in STRK and advances the
 * nonce. A reverted invoke keeps only the fee and nonce changes.
 */
import { accountFromConstructor, admit, maxFee, Rejection } from './admission';
import type { GasUsage, NetworkName } from './constants';
import { feeFor, GAS_USAGE, SEQUENCER_ADDRESS, STRK_TOKEN } from './constants';
import type { Call, CallContext, EventRecord } from './contracts';
import { callContract, moveTokens } from './contracts';
import * as errors from './errors';
import { ExecutionRevert } from './errors';
import { executeRevert } from './legacy';
import { decodeMulticall } from './multicall';
import type { ChainState } from './state';
import type { Tx } from './transactions';
import {
  declareHash,
  deployAccountAddress,
  deployAccountHash,
  invokeHash,
  sierraClassHash,
} from './verify';

/** Hash and derived identifiers of a transaction, computed from what was received. */
export type Identified = {
  hash: bigint;
  /** The account paying (sender, or the deployed address of a deploy_account). */
  payer: bigint;
  classHash?: bigint;
};

/** What executing a transaction did. */
export type Outcome = {
  execution: 'SUCCEEDED' | 'REVERTED';
  revertReason?: string;
  events: EventRecord[];
  /** Events of each call of an invoke that succeeded, by call (traces nest them so). */
  callEvents: EventRecord[][];
  /** The fee transfer's own events. */
  feeEvents: EventRecord[];
  fee: bigint;
  gas: GasUsage;
  calls: Call[];
};

/**
 * Computes a transaction's hash (and class hash of a declare).
 *
 * @param tx - The transaction.
 * @param network - Its network.
 * @returns The identifiers.
 */
export function identify(tx: Tx, network: NetworkName): Identified {
  if (tx.type === 'INVOKE') {
    return { hash: invokeHash(tx, network), payer: tx.sender };
  }
  if (tx.type === 'DEPLOY_ACCOUNT') {
    return {
      hash: deployAccountHash(tx, network),
      payer: deployAccountAddress(tx),
    };
  }
  const classHash = sierraClassHash(tx.contractClass);
  return {
    hash: declareHash(tx, network, classHash),
    payer: tx.sender,
    classHash,
  };
}

/**
 * Executes an admitted transaction on the state: runs calls (invoke, reverting them on
 * failure), deploys the account or declares the class, charges the fee and advances
 * the nonce.
 *
 * @param state - State to change.
 * @param tx - The transaction.
 * @param id - Its identifiers.
 * @param chargeFee - Whether to take the fee from the payer.
 * @returns What happened.
 */
export function execute(
  state: ChainState,
  tx: Tx,
  id: Identified,
  chargeFee: boolean,
): Outcome {
  const gas = GAS_USAGE[tx.type];
  const full = feeFor(tx.type, tx.tip);
  const bound = maxFee(tx.bounds);
  const fee = chargeFee && bound > 0n && bound < full ? bound : full;
  const outcome: Outcome = {
    execution: 'SUCCEEDED',
    events: [],
    callEvents: [],
    feeEvents: [],
    fee,
    gas,
    calls: [],
  };

  if (tx.type === 'INVOKE') {
    const account = state.account(tx.sender);
    const calls = account
      ? (decodeMulticall(account.flavour, tx.calldata) ?? [])
      : [];
    outcome.calls = calls;
    const work = state.clone();
    const ctx: CallContext = { state: work, events: [] };
    try {
      const refused = executeRevert(state, tx.sender, tx.tip);
      if (refused) {
        throw new ExecutionRevert(refused);
      }
      const callEvents = calls.map((call) => {
        const start = ctx.events.length;
        callContract(ctx, tx.sender, call);
        return ctx.events.slice(start);
      });
      if (chargeFee && work.balanceOf(STRK_TOKEN.address, tx.sender) < fee) {
        throw new ExecutionRevert(
          'Insufficient fee token balance to pay the actual fee after execution.',
        );
      }
      state.assign(work);
      outcome.events.push(...ctx.events);
      outcome.callEvents = callEvents;
    } catch (error) {
      if (!(error instanceof ExecutionRevert)) {
        throw error;
      }
      outcome.execution = 'REVERTED';
      outcome.revertReason = `Transaction execution has failed:\n0: ${error.message}`;
    }
  } else if (tx.type === 'DEPLOY_ACCOUNT') {
    const data = accountFromConstructor(tx.classHash, tx.constructorCalldata);
    if (data) {
      state.contracts.set(id.payer, {
        address: id.payer,
        classHash: tx.classHash,
        data,
      });
    }
  } else if (id.classHash !== undefined) {
    const { contractClass } = tx;
    state.classes.set(id.classHash, {
      ...contractClass,
      entry_points_by_type: { ...contractClass.entry_points_by_type },
    });
  }

  if (chargeFee) {
    const strk = state.token(STRK_TOKEN.address);
    if (strk) {
      const ctx = { state, events: outcome.feeEvents };
      moveTokens(
        ctx,
        STRK_TOKEN.address,
        strk,
        id.payer,
        SEQUENCER_ADDRESS,
        fee,
      );
      outcome.events.push(...outcome.feeEvents);
    }
  }
  state.nonces.set(id.payer, state.nonceOf(id.payer) + 1n);
  return outcome;
}

/**
 * Runs transactions in order on a copy of a state, as estimates and simulations do;
 * a rejected (or, for estimates, reverted) transaction is error 41 naming its index.
 *
 * @param base - State they run on (not changed).
 * @param txs - The transactions.
 * @param network - Their network.
 * @param options - Checks and fee charging.
 * @param options.validate - Whether to check signatures (no SKIP_VALIDATE).
 * @param options.chargeFee - Whether to charge fees (no SKIP_FEE_CHARGE).
 * @param options.failOnRevert - Whether a reverted invoke is an error (estimates).
 * @returns Each transaction's outcome.
 */
export function runInOrder(
  base: ChainState,
  txs: Tx[],
  network: NetworkName,
  options: { validate: boolean; chargeFee: boolean; failOnRevert: boolean },
): Outcome[] {
  const state = base.clone();
  return txs.map((tx, index) => {
    const ident = identify(tx, network);
    try {
      admit(state, tx, ident, { validate: options.validate, strict: false });
    } catch (error) {
      if (error instanceof Rejection) {
        throw errors.transactionExecutionError(index, error.message);
      }
      throw error;
    }
    let outcome: Outcome;
    try {
      outcome = execute(state, tx, ident, options.chargeFee);
    } catch (error) {
      // Only the fee transfer can throw here: the payer cannot pay.
      if (error instanceof ExecutionRevert) {
        throw errors.transactionExecutionError(index, error.message);
      }
      throw error;
    }
    if (options.failOnRevert && outcome.execution === 'REVERTED') {
      throw errors.transactionExecutionError(
        index,
        outcome.revertReason ?? 'reverted',
      );
    }
    return outcome;
  });
}
