/**
 * Node round trips per snap method: what a user waits for. Counts the HTTP requests
 * the fake node receives for each method (a batch is one request) and prints a table.
 * Targets (each round trip is latency on a remote node): executeTxn with fee estimation
 * ≤ 3 (≤ 4 with deployment; the
 * confirmation's simulation replaces the estimate in the same trip, and a token not on
 * the
 * watch list costs one more),
 * estimateFee ≤ 2, recoverAccounts { maxScanned: 20 } ≤ 2.
 */
import { afterAll, beforeEach, describe, it, jest } from '@jest/globals';

import { fakeNode } from '../src/fakeNode/admin';
import { installSnapnet } from '../test/e2e/helpers';
import { expectedAccount } from '../test/fixtures/wallet';
import { BENCH_TIMEOUT_MS, isSmoke } from './runs';
import type { BenchRequest, Snap } from './simulation';
import { grantedToBench, runRequest } from './simulation';

// Bounded, whichever project runs it (the e2e project's 30 s would cut a real run).
jest.setTimeout(BENCH_TIMEOUT_MS);
const node = fakeNode('sepolia');
const STRK =
  '0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d';
const account = expectedAccount(0);
const UNLISTED = '0x5e1ec7';
const CALLS = [
  {
    contractAddress: STRK,
    entrypoint: 'transfer',
    calldata: ['0x42', '1', '0'],
  },
];
const rows: {
  method: string;
  roundTrips: number;
  target: string;
  ms: number;
}[] = [];
/** The default tip's block reads (src/starknet/tips.ts) inside each measured send. */
const tipRows: { method: string; calls: number; bytes: number }[] = [];
const TIP_METHODS = new Set([
  'starknet_getBlockWithTxs',
  'starknet_blockNumber',
]);

/**
 * Runs one request (approving its dialog when it shows one) and records the node
 * round trips and wall time it took.
 *
 * @param snap - The snap.
 * @param label - Row label.
 * @param target - The target, as text.
 * @param request - The request.
 * @param request.method - Method name.
 * @param request.params - Params.
 * @param withDialog - Whether a confirmation is to be approved.
 */
async function measure(
  snap: Snap,
  label: string,
  target: string,
  request: BenchRequest,
  withDialog: boolean,
): Promise<void> {
  await node.clearRequests();
  const started = performance.now();
  await runRequest(snap, request, withDialog);
  const ms = performance.now() - started;
  const { httpRequests, rpcCalls } = await node.requests();
  rows.push({ method: label, roundTrips: httpRequests, target, ms });
  const tipCalls = rpcCalls.filter((call) => TIP_METHODS.has(call.method));
  if (request.method === 'snapnet_executeTxn') {
    tipRows.push({
      method: label,
      calls: tipCalls.length,
      // What crosses the wire for them: params sent and answers received, as JSON.
      bytes: tipCalls.reduce(
        (sum, call) =>
          sum +
          JSON.stringify(call.params).length +
          JSON.stringify(call.answer ?? null).length,
        0,
      ),
    });
  }
}

describe('node round trips per method', () => {
  beforeEach(async () => {
    await node.reset();
    await node.setBalance(STRK, account.address, 10n ** 20n);
  });

  afterAll(() => {
    const lines = [
      '',
      'Node round trips (HTTP requests to the node) per call',
      `${'method'.padEnd(44)} ${'trips'.padStart(5)} ${'target'.padStart(6)} ${'ms'.padStart(7)}`,
      ...rows.map(
        (row) =>
          `${row.method.padEnd(44)} ${String(row.roundTrips).padStart(5)} ${row.target.padStart(6)} ${row.ms.toFixed(0).padStart(7)}`,
      ),
      '',
      'Default tip: block reads riding in the first batch, per send',
      `${'method'.padEnd(44)} ${'calls'.padStart(5)} ${'bytes'.padStart(7)}`,
      ...tipRows.map(
        (row) =>
          `${row.method.padEnd(44)} ${String(row.calls).padStart(5)} ${String(row.bytes).padStart(7)}`,
      ),
      '',
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  });

  it('measures', async () => {
    // A token not on the watch list: its symbol and decimals cost one more trip.
    await node.addToken({
      address: UNLISTED,
      name: 'Private',
      symbol: 'PRV',
      decimals: 6,
    });
    await node.setBalance(UNLISTED, account.address, 10n ** 9n);
    // The page was given account 0, which it sends from.
    const snap = await installSnapnet({
      state: grantedToBench([account.address]),
    });
    const estimate = {
      method: 'snapnet_estimateFee',
      params: { address: account.address, invocations: CALLS },
    };
    const execute = {
      method: 'snapnet_executeTxn',
      params: { address: account.address, calls: CALLS },
    };
    // In order: the first two run before the account is deployed.
    const cases: [string, string, BenchRequest, boolean][] = [
      ['estimateFee (undeployed sender)', '≤ 2', estimate, false],
      ['executeTxn with deployment', '≤ 4', execute, true],
      ['estimateFee (deployed sender)', '≤ 2', estimate, false],
      ['executeTxn with fee estimation', '≤ 3', execute, true],
      [
        'executeTxn, token not on the watch list',
        '≤ 4',
        {
          method: 'snapnet_executeTxn',
          params: {
            address: account.address,
            calls: [
              {
                contractAddress: UNLISTED,
                entrypoint: 'transfer',
                calldata: ['0x42', '20000000', '0'],
              },
            ],
          },
        },
        true,
      ],
      [
        'getErc20TokenBalance',
        '1',
        {
          method: 'snapnet_getErc20TokenBalance',
          params: { tokenAddress: STRK, userAddress: account.address },
        },
        false,
      ],
      // A smoke run scans 20 only: 100 takes the longest and runs the same code.
      ...(isSmoke() ? [20] : [20, 100]).map(
        (count): [string, string, BenchRequest, boolean] => [
          `recoverAccounts { maxScanned: ${count} }`,
          count === 20 ? '≤ 2' : '-',
          {
            method: 'snapnet_recoverAccounts',
            params: { maxScanned: count, maxMissed: count },
          },
          // A page's scan asks the user first (what it finds is given to it).
          true,
        ],
      ),
    ];
    for (const [label, target, request, withDialog] of cases) {
      await measure(snap, label, target, request, withDialog);
      // The sequencer includes what was sent, so the next case sees it deployed.
      await node.include();
    }
  });
});
