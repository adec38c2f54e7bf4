/**
 * Recorded answers of real nodes (test/fixtures/real, each naming its repository, path
 * and commit) through the snap's own parsers: the calls' result structs (node.ts checks
 * every answer with them), the preview, the fee estimates and the status rule. A field
 * the snap relies on that real answers lack fails here, whatever the fake node answers.
 */
import { describe, expect, it } from '@jest/globals';
import { is, type } from '@metamask/superstruct';
import type { JsonRpcResponse } from '@metamask/utils';
import { JsonStruct } from '@metamask/utils';

import { NodeRequestFailed } from '../../src/errors';
import type { NodeCall, NodeOutcome } from '../../src/starknet/node/node';
import { isNodeError, nodeCall } from '../../src/starknet/node/node';
import type { Fail } from '../../src/starknet/node/nodeAnswers';
import { toOutcome } from '../../src/starknet/node/nodeAnswers';
import type { Trace } from '../../src/starknet/review/preview';
import { readPreview, TraceStruct } from '../../src/starknet/review/preview';
import { simulateCall } from '../../src/starknet/review/simulation';
import { estimateCall, readEstimates } from '../../src/starknet/sends/fees';
import { statusCall } from '../../src/starknet/sends/send';
import { recordStatusOf } from '../../src/starknet/sends/status';
import junoTrace from '../fixtures/real/juno-traceTransaction-sepolia.json';
import estimates from '../fixtures/real/pathfinder-estimateFee.json';
import receipts from '../fixtures/real/pathfinder-getTransactionReceipt.json';
import statuses from '../fixtures/real/pathfinder-getTransactionStatus.json';
import validationFailure from '../fixtures/real/pathfinder-issue2799-validationFailure.json';
import simulations from '../fixtures/real/pathfinder-simulateTransactions.json';
import executionErrors from '../fixtures/real/pathfinder-transactionExecutionError.json';

const fail: Fail = (details, cause) =>
  new NodeRequestFailed({ ...details, host: 'node.example' }, { cause });

/**
 * Checks a recorded result as the node client does.
 *
 * @param call - The snap's call the answer is for.
 * @param result - The recorded result.
 * @returns The outcome.
 */
function answered(
  call: NodeCall<unknown>,
  result: unknown,
): NodeOutcome<unknown> {
  const response = { jsonrpc: '2.0', id: 1, result } as JsonRpcResponse;
  return toOutcome(call, response, fail);
}

/**
 * A recorded result checked by the snap's call, typed as the call's result.
 *
 * @param call - The snap's call.
 * @param result - The recorded result.
 * @returns The checked result.
 */
function checked<Result>(call: NodeCall<Result>, result: unknown): Result {
  if (!is(result, JsonStruct)) {
    throw new Error('the recorded result is not JSON');
  }
  const [invalid, value] = call.check(result);
  if (invalid) {
    throw invalid;
  }
  return value;
}

/**
 * A recorded answer as the trace struct reads it.
 *
 * @param trace - The recorded trace.
 * @returns The checked trace.
 */
function traceOf(trace: unknown): Trace {
  if (!is(trace, TraceStruct)) {
    throw new Error('the recorded trace does not match TraceStruct');
  }
  return trace;
}

describe('recorded answers of real nodes, read by the snap', () => {
  it('each fixture names its source repository, path and commit', () => {
    for (const fixture of [
      junoTrace,
      estimates,
      receipts,
      statuses,
      simulations,
      executionErrors,
    ]) {
      expect(fixture.source).toMatchObject({
        repository: expect.stringMatching(/^[\w-]+\/[\w.-]+$/u),
        path: expect.any(String),
        commit: expect.stringMatching(/^[0-9a-f]{40}$/u),
      });
    }
  });

  it("checks pathfinder's simulation of a v3 invoke (fee charged) and reads its estimate", () => {
    const invokeV3 = simulations.answer.filter(
      (item) =>
        item.fee_estimation.unit === 'FRI' &&
        item.transaction_trace.type === 'INVOKE',
    );
    expect(invokeV3).toHaveLength(1);
    const outcome = answered(simulateCall([]), invokeV3);
    expect(outcome.ok).toBe(true);
    const [item] = invokeV3;
    expect(item?.transaction_trace.fee_transfer_invocation).toBeDefined();
    const [estimate] = readEstimates(
      checked(simulateCall([]), invokeV3).map((one) => one.fee_estimation),
    );
    expect(estimate?.overallFee).toBe(
      BigInt(item?.fee_estimation.overall_fee ?? -1),
    );
    expect(estimate?.l2GasPrice).toBe(
      BigInt(item?.fee_estimation.l2_gas_price ?? -1),
    );
  });

  it("refuses a simulation's WEI fee (a pre-v3 transaction): the snap only sends v3", () => {
    const weiInvoke = simulations.answer.filter(
      (item) =>
        item.fee_estimation.unit === 'WEI' &&
        item.transaction_trace.type === 'INVOKE',
    );
    const outcome = answered(simulateCall([]), weiInvoke);
    expect(outcome.ok).toBe(false);
  });

  it("reads pathfinder's trace events in the preview (an event it cannot read is counted)", () => {
    const traces = simulations.answer
      .map((item) => item.transaction_trace)
      .filter((trace) => trace.type === 'INVOKE')
      .map(traceOf);
    const account = '0xc01';
    const preview = readPreview(traces, account);
    // The execution emitted one event (not a Transfer/Approval): unread, counted.
    expect(preview.unreadEvents).toBe(1);
    // The fee transfers are the fee, shown apart: no balance change from them.
    expect(preview.balanceChanges.size).toBe(0);
    expect(preview.revertReason).toBeUndefined();
  });

  it("reads juno's Sepolia trace: the account's STRK fee transfer is the fee, not a balance change", () => {
    const trace = traceOf(junoTrace.answer.trace_root);
    const feeEvents = trace.fee_transfer_invocation?.events ?? [];
    expect(feeEvents).toHaveLength(1);
    const preview = readPreview(
      [trace],
      trace.type === 'INVOKE' && 'contract_address' in trace.execute_invocation
        ? trace.execute_invocation.contract_address
        : '',
    );
    expect(preview.balanceChanges.size).toBe(0);
    expect(preview.unreadEvents).toBe(0);
  });

  it("checks pathfinder's starknet_estimateFee answer and reads every estimate", () => {
    const outcome = answered(estimateCall([]), estimates.answer);
    expect(outcome.ok).toBe(true);
    const read = readEstimates(checked(estimateCall([]), estimates.answer));
    expect(read.map((item) => item.overallFee)).toStrictEqual(
      estimates.answer.map((item) => BigInt(item.overall_fee)),
    );
    for (const item of read) {
      // Bounds carry the margin over what the node said.
      expect(BigInt(item.bounds.l1_gas.max_amount)).toBeGreaterThanOrEqual(0n);
    }
  });

  it("checks pathfinder's statuses and turns them into record statuses", () => {
    const call = statusCall('0x1');
    const read = Object.fromEntries(
      Object.entries(statuses.answer).map(([name, answer]) => {
        expect(answered(call, answer).ok).toBe(true);
        return [name, recordStatusOf(answer)];
      }),
    );
    expect(read).toStrictEqual({
      status_candidate: 'PENDING',
      status_pre_confirmed: 'PENDING',
      status_reverted_with_reason: 'REVERTED',
    });
  });

  it("forwards pathfinder's receipts as JSON and reads their finality as a status", () => {
    const read = Object.fromEntries(
      Object.entries(receipts.answer).map(([name, receipt]) => {
        expect(is(receipt, JsonStruct)).toBe(true);
        return [name, recordStatusOf(receipt)];
      }),
    );
    expect(read).toStrictEqual({
      receipt_l2_accepted: 'ACCEPTED_ON_L2',
      receipt_reverted: 'REVERTED',
      receipt_pre_confirmed: 'PENDING',
    });
    expect(receipts.answer.receipt_reverted.revert_reason).toBe(
      'Reverted because',
    );
  });

  it('keeps both execution_error shapes of a 41, matched by name', () => {
    for (const shape of ['string', 'nested'] as const) {
      const response = executionErrors.answer[shape] as JsonRpcResponse;
      const outcome = toOutcome(simulateCall([]), response, fail);
      expect(outcome.ok).toBe(false);
      const error = outcome.ok ? undefined : outcome.error;
      expect(isNodeError(error, 'TRANSACTION_EXECUTION_ERROR')).toBe(true);
      expect(error).toMatchObject({
        code: 41,
        data: executionErrors.answer[shape].error.data,
      });
    }
  });

  it("reads pathfinder's recorded 55 (issue #2799): the nonce the node expected", () => {
    const response = validationFailure.answer as JsonRpcResponse;
    const outcome = toOutcome(
      nodeCall('starknet_addInvokeTransaction', {}, type({})),
      response,
      fail,
    );
    const error = outcome.ok ? undefined : outcome.error;
    expect(error).toBeInstanceOf(NodeRequestFailed);
    expect(error).toMatchObject({
      code: 55,
      data: validationFailure.answer.error.data,
    });
    expect(error?.message).toBe(
      'The request failed: the Starknet node at node.example refused it: Account validation failed (code 55): the node expected nonce 387, got 5.',
    );
  });
});
