/**
 * Node round trips per snap method: what a user waits for. Counts the HTTP requests
 * the fake node receives for each method (a batch is one request) and prints a table.
 * Targets (issue 4): executeTxn with fee estimation ≤ 3 (≤ 4 with deployment),
 * estimateFee ≤ 2, recoverAccounts { maxScanned: 20 } ≤ 2.
 */
import { afterAll, beforeEach, describe, it } from '@jest/globals';
import { installSnap } from '@metamask/snaps-jest';

import { expectedAccount } from '../test/fixtures/wallet';
import { fakeNode } from '../test/node/admin';
import type { Snap } from './simulation';
import { runRequest } from './simulation';

const node = fakeNode('sepolia');
const STRK =
  '0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d';
const account = expectedAccount(0);
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
  request: { method: string; params: Record<string, unknown> },
  withDialog: boolean,
): Promise<void> {
  await node.clearRequests();
  const started = performance.now();
  await runRequest(snap, request, withDialog);
  const ms = performance.now() - started;
  rows.push({
    method: label,
    roundTrips: (await node.requests()).httpRequests,
    target,
    ms,
  });
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
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  });

  it('measures', async () => {
    const snap = await installSnap();
    await measure(
      snap,
      'estimateFee (undeployed sender)',
      '≤ 2',
      {
        method: 'snapnet_estimateFee',
        params: { address: account.address, invocations: CALLS },
      },
      false,
    );
    await measure(
      snap,
      'executeTxn with deployment',
      '≤ 4',
      {
        method: 'snapnet_executeTxn',
        params: { address: account.address, calls: CALLS },
      },
      true,
    );
    await measure(
      snap,
      'estimateFee (deployed sender)',
      '≤ 2',
      {
        method: 'snapnet_estimateFee',
        params: { address: account.address, invocations: CALLS },
      },
      false,
    );
    await measure(
      snap,
      'executeTxn with fee estimation',
      '≤ 3',
      {
        method: 'snapnet_executeTxn',
        params: { address: account.address, calls: CALLS },
      },
      true,
    );
    await measure(
      snap,
      'getErc20TokenBalance',
      '1',
      {
        method: 'snapnet_getErc20TokenBalance',
        params: { tokenAddress: STRK, userAddress: account.address },
      },
      false,
    );
    await measure(
      snap,
      'recoverAccounts { maxScanned: 20 }',
      '≤ 2',
      {
        method: 'snapnet_recoverAccounts',
        params: { maxScanned: 20, maxMissed: 20 },
      },
      false,
    );
    await measure(
      snap,
      'recoverAccounts { maxScanned: 100 }',
      '-',
      {
        method: 'snapnet_recoverAccounts',
        params: { maxScanned: 100, maxMissed: 100 },
      },
      false,
    );
  });
});
