/**
 * Execution of admitted V3 transactions against a chain state: runs calls (invoke),
 * deploys the account or declares the class, charges the fee in STRK and advances the
 * nonce. A reverted invoke keeps only the fee and nonce changes.
 */
import { accountFromConstructor, admit, Rejection } from './admission';
import type { GasUsage, NetworkName } from './constants';
import { feeFor, GAS_USAGE, SEQUENCER_ADDRESS, STRK_TOKEN } from './constants';
import { callContract, revertText } from './contracts';
import * as errors from './errors';
import { cairo1Summary, ExecutionRevert, frameLine, panicItem } from './errors';
import { maxFee } from './feeRules';
import type { Call, CallContext, EventRecord } from './ledger';
import { moveTokens, selectorOf } from './ledger';
import { executeRevert } from './legacy';
import { decodeMulticall } from './multicall';
import type { ChainState } from './state';
import type { Identified, Tx } from './transactions';
import {
  declareHash,
  deployAccountAddress,
  deployAccountHash,
  invokeHash,
  sierraClassHash,
} from './verify';

export type { Identified } from './transactions';

const EXECUTE_SELECTOR = selectorOf('__execute__');

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
 * Blockifier's text of a reverted invoke (`ErrorStack` with the Execution header): the
 * account's `__execute__` frame, then for a contract's panic the Cairo 1 summary of the
 * calls it passed through (the account's first) and the panic data.
 *
 * @param state - The state the invoke ran on.
 * @param sender - The account.
 * @param error - The revert.
 * @returns The revert reason.
 */
function executionFailure(
  state: ChainState,
  sender: bigint,
  error: ExecutionRevert,
): string {
  if (error.frames.length === 0) {
    return `Transaction execution has failed:\n0: ${error.message}`;
  }
  const account = {
    address: sender,
    classHash: state.contracts.get(sender)?.classHash ?? 0n,
    selector: EXECUTE_SELECTOR,
  };
  const outer = frameLine('0: Error in the called contract', account);
  return `Transaction execution has failed:\n${outer}\n${cairo1Summary(
    'Execution failed. Failure reason:',
    [account, ...error.frames],
    [panicItem(error.reason)],
  )}`;
}

/**
 * Runs an invoke's calls on a copy of the state, committed only if every call succeeds
 * and the payer can still pay the fee; otherwise the outcome is REVERTED. With a fee
 * charged, the run is limited to `l2_gas.max_amount` (blockifier `initial_sierra_gas`):
 * a bound below what the calls use reverts "Out of gas".
 *
 * @param state - State to change.
 * @param tx - The invoke.
 * @param outcome - Filled with the calls, their events or the revert reason.
 * @param charge - Whether the fee is charged.
 */
function runInvoke(
  state: ChainState,
  tx: Extract<Tx, { type: 'INVOKE' }>,
  outcome: Outcome,
  charge: boolean,
): void {
  const account = state.account(tx.sender);
  const calls = account
    ? (decodeMulticall(account.flavour, tx.calldata) ?? [])
    : [];
  outcome.calls = calls;
  const work = state.clone();
  const ctx: CallContext = { state: work, events: [] };
  try {
    if (charge && tx.bounds.l2Gas.maxAmount < outcome.gas.l2Gas) {
      throw new ExecutionRevert(
        revertText(tx.sender, EXECUTE_SELECTOR, 'Out of gas'),
      );
    }
    // A Cairo 0 account's own check in __execute__ (the whitelist's tip rule).
    const refused = executeRevert(state, tx.sender, tx.tip);
    if (refused) {
      throw new ExecutionRevert(refused);
    }
    const callEvents = calls.map((call) => {
      const start = ctx.events.length;
      callContract(ctx, tx.sender, call);
      return ctx.events.slice(start);
    });
    if (charge && work.balanceOf(STRK_TOKEN.address, tx.sender) < outcome.fee) {
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
    outcome.revertReason = executionFailure(state, tx.sender, error);
  }
}

/**
 * Deploys the account of a deploy_account, or declares the class of a declare.
 *
 * @param state - State to change.
 * @param tx - The transaction.
 * @param id - Its identifiers.
 */
function applyNonInvoke(state: ChainState, tx: Tx, id: Identified): void {
  if (tx.type === 'DEPLOY_ACCOUNT') {
    const data = accountFromConstructor(tx.classHash, tx.constructorCalldata);
    if (data) {
      state.contracts.set(id.payer, {
        address: id.payer,
        classHash: tx.classHash,
        data,
      });
    }
  } else if (tx.type === 'DECLARE' && id.classHash !== undefined) {
    const { contractClass } = tx;
    state.classes.set(id.classHash, {
      ...contractClass,
      entry_points_by_type: { ...contractClass.entry_points_by_type },
    });
  }
}

/**
 * Executes an admitted transaction on the state: runs calls (invoke, reverting them on
 * failure), deploys the account or declares the class, charges the fee and advances
 * the nonce. As blockifier's `handle_fee`, no fee is charged when charging is off or
 * the bounds allow none (all zero: `enforce_fee` is false); the fee charged is the gas
 * used at the block's prices, capped at the bounds' maximal fee.
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
  const bound = maxFee(tx.bounds, tx.tip);
  const charge = chargeFee && bound > 0n;
  const outcome: Outcome = {
    execution: 'SUCCEEDED',
    events: [],
    callEvents: [],
    feeEvents: [],
    fee: charge && bound < full ? bound : full,
    gas,
    calls: [],
  };
  if (tx.type === 'INVOKE') {
    runInvoke(state, tx, outcome, charge);
  } else {
    applyNonInvoke(state, tx, id);
  }
  const strk = charge ? state.token(STRK_TOKEN.address) : undefined;
  if (strk) {
    const ctx = { state, events: outcome.feeEvents };
    moveTokens(
      ctx,
      STRK_TOKEN.address,
      strk,
      id.payer,
      SEQUENCER_ADDRESS,
      outcome.fee,
    );
    outcome.events.push(...outcome.feeEvents);
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
      admit(state, tx, ident, {
        validate: options.validate,
        strict: options.validate,
        chargeFee: options.chargeFee,
      });
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
