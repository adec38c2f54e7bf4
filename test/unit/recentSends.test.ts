/**
 * Status answers of load-balanced providers (one node may not have seen a send yet): a
 * 29 for a send less than
 * 10 s old is asked about again until the send is 10 s old (only then does the dropped
 * rule apply); any other status error leaves the record and counts the send as still
 * pending. Time is the test's own clock: its `sleep` moves `now` on at once.
 */
import { describe, expect, it } from '@jest/globals';
import type { RPC_ERROR } from 'starknet';
import { RpcError } from 'starknet';

import { NodeRequestFailed } from '../../src/errors';
import type {
  NodeCall,
  NodeClient,
  NodeOutcome,
  NodeOutcomes,
} from '../../src/starknet/node/node';
import type { Clock, SentLog } from '../../src/starknet/sends/nonces';
import {
  liveSends,
  nextNonce,
  openSends,
} from '../../src/starknet/sends/nonces';
import {
  DROPPED,
  RECENT_SEND_MS,
  settledStatus,
} from '../../src/starknet/sends/status';
import { defaultState } from '../../src/state/store';
import type {
  SnapState,
  Store,
  TransactionRecord,
} from '../../src/state/types';

const CHAIN = '0x534e5f5345504f4c4941';
const SENDER = `0x${'1'.padStart(64, '0')}`;
/** The send's time: Unix seconds, as records carry it. */
const SENT_AT = 1_800_000_000;

/**
 * A stored, received send of the account.
 *
 * @param nonce - Its nonce.
 * @returns The record.
 */
function record(nonce: number): TransactionRecord {
  return {
    txnHash: `0x${nonce.toString(16).padStart(64, 'a')}`,
    txnType: 'invoke',
    senderAddress: SENDER,
    contractAddress: '0x2',
    contractFuncName: 'transfer',
    contractCallData: [],
    status: 'RECEIVED',
    failureReason: null,
    eventIds: [],
    timestamp: SENT_AT,
    chainId: CHAIN,
    nonce: `0x${nonce.toString(16)}`,
  };
}

/**
 * A failed status outcome carrying a node error.
 *
 * @param code - The node's code.
 * @param message - Its message.
 * @returns The outcome.
 */
function nodeError(code: number, message: string): NodeOutcome<unknown> {
  const cause = new RpcError(
    { code, message } as RPC_ERROR,
    'starknet_getTransactionStatus',
    {},
  );
  return {
    ok: false,
    error: new NodeRequestFailed(
      { method: 'starknet_getTransactionStatus', message, code },
      { cause },
    ),
  };
}

const NOT_FOUND = nodeError(29, 'Transaction hash not found');
const INTERNAL = nodeError(-32603, 'Internal error');
const RECEIVED: NodeOutcome<unknown> = {
  ok: true,
  result: { finality_status: 'RECEIVED' },
};

/**
 * A clock that starts `after` ms past the send and whose sleep only moves time on.
 *
 * @param after - Milliseconds since the send at the start.
 * @returns The clock and the sleeps it was asked for.
 */
function testClock(after: number): { clock: Clock; slept: number[] } {
  let now = SENT_AT * 1000 + after;
  const slept: number[] = [];
  return {
    slept,
    clock: {
      now: () => now,
      sleep: async (ms) => {
        slept.push(ms);
        now += ms;
      },
    },
  };
}

/**
 * A sent log over an in-memory state holding the records.
 *
 * @param records - The account's records.
 * @param clock - The clock.
 * @returns The log and the state it writes.
 */
function logOf(
  records: TransactionRecord[],
  clock: Clock,
): { log: SentLog; state: SnapState } {
  const state = defaultState();
  state.transactions = { [CHAIN]: { [SENDER]: records } };
  const store: Store = {
    read: async () => state,
    update: async (mutate) => mutate(state),
    rewriteStored: async () => undefined,
  };
  return { log: { store, chainId: CHAIN, clock }, state };
}

/**
 * A node whose status answers come from a script, one batch at a time.
 *
 * @param answers - Each re-ask batch's outcomes.
 * @returns The node and the number of batches it answered.
 */
function scriptedNode(answers: NodeOutcome<unknown>[][]): {
  node: NodeClient;
  batches: () => number;
} {
  let asked = 0;
  const node: NodeClient = {
    send: async () => {
      throw new Error('not used');
    },
    batch: async <const Calls extends readonly NodeCall<unknown>[]>(
      calls: Calls,
    ): Promise<NodeOutcomes<Calls>> => {
      const next = answers[asked];
      asked += 1;
      if (next?.length !== calls.length) {
        throw new Error('asked otherwise than scripted');
      }
      return next as NodeOutcomes<Calls>;
    },
  };
  return { node, batches: () => asked };
}

describe('status answers of load-balanced providers', () => {
  it('concludes nothing from a 29 for a send less than 10 s old; drops it after', () => {
    const sent = record(5);
    const at = SENT_AT * 1000;
    expect(settledStatus(sent, NOT_FOUND, 5n, at + 2000)).toBeUndefined();
    expect(
      settledStatus(sent, NOT_FOUND, 5n, at + RECENT_SEND_MS - 1),
    ).toBeUndefined();
    expect(
      settledStatus(sent, NOT_FOUND, 5n, at + RECENT_SEND_MS),
    ).toStrictEqual({ status: 'REJECTED', failureReason: DROPPED });
  });

  it('asks again about once a second; a known hash keeps its nonce taken', async () => {
    const { clock, slept } = testClock(1500);
    const { log, state } = logOf([record(5)], clock);
    const open = await openSends(log, SENDER);
    const { node, batches } = scriptedNode([[NOT_FOUND], [RECEIVED]]);
    const live = await liveSends(log, open, [NOT_FOUND], 5n, node);
    expect(batches()).toBe(2);
    expect(slept).toStrictEqual([1000, 1000]);
    expect(nextNonce(5n, live)).toBe(6n);
    expect(state.transactions[CHAIN]?.[SENDER]?.[0]?.status).toBe('RECEIVED');
  });

  it('applies the dropped rule once the send is 10 s old, never before', async () => {
    const { clock, slept } = testClock(7200);
    const { log, state } = logOf([record(5)], clock);
    const open = await openSends(log, SENDER);
    const { node, batches } = scriptedNode([
      [NOT_FOUND],
      [NOT_FOUND],
      [NOT_FOUND],
    ]);
    const live = await liveSends(log, open, [NOT_FOUND], 5n, node);
    // 7.2 s → 8.2 → 9.2 → 10: the last wait is what is left.
    expect(slept).toStrictEqual([1000, 1000, 800]);
    expect(batches()).toBe(3);
    expect(nextNonce(5n, live)).toBe(5n);
    expect(state.transactions[CHAIN]?.[SENDER]?.[0]).toMatchObject({
      status: 'REJECTED',
      failureReason: DROPPED,
    });
  });

  it('counts a recent send as pending when the re-ask cannot reach the node', async () => {
    const { clock } = testClock(3000);
    const { log, state } = logOf([record(5)], clock);
    const open = await openSends(log, SENDER);
    const unreachable: NodeClient = {
      send: async () => {
        throw new Error('not used');
      },
      batch: async () => {
        throw new NodeRequestFailed({
          method: 'starknet_getTransactionStatus',
          message: 'could not be reached (fetch failed)',
          lost: true,
        });
      },
    };
    const live = await liveSends(log, open, [NOT_FOUND], 5n, unreachable);
    expect(nextNonce(5n, live)).toBe(6n);
    expect(state.transactions[CHAIN]?.[SENDER]?.[0]?.status).toBe('RECEIVED');
  });

  it("counts a send as pending on juno's -32603, leaves its record and asks no more", async () => {
    const { clock, slept } = testClock(60_000);
    const { log, state } = logOf([record(5), record(6)], clock);
    const open = await openSends(log, SENDER);
    const { node, batches } = scriptedNode([]);
    const live = await liveSends(log, open, [INTERNAL, RECEIVED], 5n, node);
    expect(batches()).toBe(0);
    expect(slept).toStrictEqual([]);
    expect(nextNonce(5n, live)).toBe(7n);
    expect(
      state.transactions[CHAIN]?.[SENDER]?.map((item) => item.status),
    ).toStrictEqual(['RECEIVED', 'RECEIVED']);
  });
});
