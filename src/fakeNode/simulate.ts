/**
 * Traces of simulated transactions (`starknet_simulateTransactions`, trace API v0.10.0
 * `TRANSACTION_TRACE`): the account's `__execute__` (or constructor) invocation with one
 * nested invocation per call carrying the events that call emitted, the fee transfer as
 * its own invocation with its `Transfer` event, and `revert_reason` for a reverted
 * invoke. Events carry no `from_address` in a trace: the emitter is the invocation's
 * `contract_address`, as on real nodes.
 */
import type { GasUsage } from './constants';
import { SEQUENCER_ADDRESS, STRK_TOKEN } from './constants';
import type { EventRecord } from './contracts';
import { selectorOf, toU256 } from './contracts';
import type { Outcome } from './execute';
import type { Json, JsonObject } from './json';
import { feltHex, feltHexes } from './json';
import { feeEstimateJson } from './responses';

const EXECUTE = selectorOf('__execute__');
const CONSTRUCTOR = selectorOf('constructor');
const TRANSFER = selectorOf('transfer');

/** Numbers events in the order the transaction emitted them. */
type Counter = { next: number };

/**
 * A FUNCTION_INVOCATION with its own events (ORDERED_EVENT) and nested calls.
 *
 * @param call - Contract, selector, calldata and caller.
 * @param call.contract - Called contract.
 * @param call.selector - Called selector.
 * @param call.calldata - Call data.
 * @param call.caller - Caller (0 for a root invocation).
 * @param events - Events this invocation emitted itself.
 * @param calls - Nested invocations.
 * @param counter - Event order within the transaction.
 * @returns The JSON object.
 */
function invocation(
  call: {
    contract: bigint;
    selector: bigint;
    calldata: bigint[];
    caller: bigint;
  },
  events: EventRecord[],
  calls: Json[],
  counter: Counter,
): JsonObject {
  return {
    contract_address: feltHex(call.contract),
    entry_point_selector: feltHex(call.selector),
    calldata: feltHexes(call.calldata),
    caller_address: feltHex(call.caller),
    class_hash: '0x0',
    entry_point_type:
      call.selector === CONSTRUCTOR ? 'CONSTRUCTOR' : 'EXTERNAL',
    call_type: 'CALL',
    result: [],
    calls,
    events: events.map((event) => ({
      order: (counter.next += 1) - 1,
      keys: feltHexes(event.keys),
      data: feltHexes(event.data),
    })),
    messages: [],
    execution_resources: { l1_gas: 0, l2_gas: 0 },
    is_reverted: false,
  };
}

/**
 * Gas used, as EXECUTION_RESOURCES.
 *
 * @param gas - Gas usage.
 * @returns The JSON object.
 */
function resources(gas: GasUsage): JsonObject {
  return {
    l1_gas: Number(gas.l1Gas),
    l1_data_gas: Number(gas.l1DataGas),
    l2_gas: Number(gas.l2Gas),
  };
}

/**
 * The fee transfer's invocation (STRK `transfer` to the sequencer), when a fee was
 * charged.
 *
 * @param payer - Who paid.
 * @param outcome - What the execution did.
 * @param counter - Event order within the transaction.
 * @returns The entry, or nothing when no fee was charged.
 */
function feeTransfer(
  payer: bigint,
  outcome: Outcome,
  counter: Counter,
): JsonObject {
  if (outcome.feeEvents.length === 0) {
    return {};
  }
  return {
    fee_transfer_invocation: invocation(
      {
        contract: STRK_TOKEN.address,
        selector: TRANSFER,
        calldata: [SEQUENCER_ADDRESS, ...toU256(outcome.fee)],
        caller: payer,
      },
      outcome.feeEvents,
      [],
      counter,
    ),
  };
}

/**
 * An invoke's `execute_invocation`: `__execute__` with one nested invocation per call,
 * or the revert reason.
 *
 * @param tx - Paying address and calldata.
 * @param tx.payer - Sender.
 * @param tx.calldata - The transaction's calldata.
 * @param outcome - What the execution did.
 * @param counter - Event order within the transaction.
 * @returns The trace's entry.
 */
function invokeBody(
  tx: { payer: bigint; calldata: bigint[] },
  outcome: Outcome,
  counter: Counter,
): JsonObject {
  if (outcome.execution === 'REVERTED') {
    return {
      execute_invocation: { revert_reason: outcome.revertReason ?? '' },
    };
  }
  const nested = outcome.calls.map((call, index) =>
    invocation(
      {
        contract: call.to,
        selector: call.selector,
        calldata: call.calldata,
        caller: tx.payer,
      },
      outcome.callEvents[index] ?? [],
      [],
      counter,
    ),
  );
  return {
    execute_invocation: invocation(
      {
        contract: tx.payer,
        selector: EXECUTE,
        calldata: tx.calldata,
        caller: 0n,
      },
      [],
      nested,
      counter,
    ),
  };
}

/**
 * One simulated transaction: its trace and fee estimate.
 *
 * @param tx - Type, paying address and calldata (constructor calldata of a deployment).
 * @param tx.type - Transaction type.
 * @param tx.payer - Sender or deployed address.
 * @param tx.calldata - The transaction's calldata.
 * @param outcome - What the execution did.
 * @param l2Price - The L2 gas price of the next block (feeMarket.ts), FRI.
 * @returns The JSON object (`{ transaction_trace, fee_estimation }`).
 */
export function simulatedJson(
  tx: { type: string; payer: bigint; calldata: bigint[] },
  outcome: Outcome,
  l2Price?: bigint,
): JsonObject {
  const counter: Counter = { next: 0 };
  let body: JsonObject = {};
  if (tx.type === 'INVOKE') {
    body = invokeBody(tx, outcome, counter);
  } else if (tx.type === 'DEPLOY_ACCOUNT') {
    body = {
      constructor_invocation: invocation(
        {
          contract: tx.payer,
          selector: CONSTRUCTOR,
          calldata: tx.calldata,
          caller: 0n,
        },
        [],
        [],
        counter,
      ),
    };
  }
  return {
    transaction_trace: {
      type: tx.type,
      ...body,
      ...feeTransfer(tx.payer, outcome, counter),
      execution_resources: resources(outcome.gas),
    },
    fee_estimation: feeEstimateJson(outcome.gas, l2Price),
  };
}
