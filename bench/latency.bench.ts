/**
 * Cold start and per-method latency of the snap in the snaps simulation, against the
 * fake node on loopback: median and p95 over 50 runs (dialogs approved at once, so
 * this is the snap's own time plus the simulation's overhead, not a user's).
 */
import { afterAll, describe, it, jest } from '@jest/globals';

import { fakeNode } from '../src/fakeNode/admin';
import { installSnapnet } from '../test/e2e/helpers';
import { MAIL_REV1 } from '../test/fixtures/typedData';
import { expectedAccount } from '../test/fixtures/wallet';
import { BENCH_TIMEOUT_MS } from './runs';
import type { BenchRequest as Request, Snap } from './simulation';
import { grantedToBench, iterations, runRequest } from './simulation';

// Bounded, whichever project runs it (the e2e project's 30 s would cut a real run).
jest.setTimeout(BENCH_TIMEOUT_MS);
const RUNS = iterations(50);
const node = fakeNode('sepolia');
const STRK =
  '0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d';
const account = expectedAccount(0);
const SPENDER = `0x0${'5'.repeat(63)}`;
const lines: string[] = [];

/**
 * A percentile of sorted samples.
 *
 * @param sorted - Samples, ascending.
 * @param fraction - 0.5 for the median, 0.95 for p95.
 * @returns The sample at that rank.
 */
function percentile(sorted: number[], fraction: number): number {
  return (
    sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ??
    0
  );
}

/**
 * Times `RUNS` calls and adds a table row.
 *
 * @param snap - The snap.
 * @param label - Row label.
 * @param request - Request for run number `index`.
 * @param withDialog - Whether each call shows a dialog to approve.
 */
async function time(
  snap: Snap,
  label: string,
  request: (index: number) => Request,
  withDialog: boolean,
): Promise<void> {
  const samples: number[] = [];
  for (let index = 0; index < RUNS; index++) {
    const started = performance.now();
    await runRequest(snap, request(index), withDialog);
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  lines.push(
    `${label.padEnd(28)} ${percentile(samples, 0.5).toFixed(1).padStart(8)} ${percentile(samples, 0.95).toFixed(1).padStart(8)}`,
  );
}

describe('latency', () => {
  afterAll(() => {
    process.stdout.write(
      [
        '',
        `Latency in the snaps simulation, ${RUNS} runs (ms)`,
        `${'method'.padEnd(28)} ${'median'.padStart(8)} ${'p95'.padStart(8)}`,
        ...lines,
        '',
      ].join('\n'),
    );
  });

  it('measures', async () => {
    await node.reset();
    await node.deployAccount({ publicKey: account.publicKey });
    await node.setBalance(STRK, account.address, 10n ** 22n);
    await node.setAutoMine(true);

    const started = performance.now();
    // The page was given account 0, which it signs with.
    const snap = await installSnapnet({
      state: grantedToBench([account.address]),
    });
    await runRequest(snap, { method: 'snapnet_getCurrentNetwork' }, false);
    lines.push(
      `${'cold start (install + 1st)'.padEnd(28)} ${(performance.now() - started).toFixed(1).padStart(8)} ${'-'.padStart(8)}`,
    );

    await time(
      snap,
      'createAccount',
      (index) => ({
        method: 'snapnet_createAccount',
        params: { addressIndex: index },
      }),
      // A page's createAccount asks the user (the dialog is approved at once).
      true,
    );
    const signature = await runRequest(
      snap,
      {
        method: 'snapnet_signMessage',
        params: {
          typedDataMessage: MAIL_REV1,
          signerAddress: account.address,
        },
      },
      true,
    );
    await time(
      snap,
      'signMessage',
      () => ({
        method: 'snapnet_signMessage',
        params: {
          typedDataMessage: MAIL_REV1,
          signerAddress: account.address,
        },
      }),
      true,
    );
    await time(
      snap,
      'verifySignedMessage',
      () => ({
        method: 'snapnet_verifySignedMessage',
        params: {
          typedDataMessage: MAIL_REV1,
          address: account.address,
          signature,
        },
      }),
      false,
    );
    await time(
      snap,
      'getErc20TokenBalance',
      () => ({
        method: 'snapnet_getErc20TokenBalance',
        params: { tokenAddress: STRK, userAddress: account.address },
      }),
      false,
    );
    await time(
      snap,
      'executeTxn (approved)',
      () => ({
        method: 'snapnet_executeTxn',
        params: {
          address: account.address,
          calls: [
            {
              contractAddress: STRK,
              entrypoint: 'transfer',
              calldata: ['0x42', '1', '0'],
            },
          ],
        },
      }),
      true,
    );
    // A busier confirmation: a transfer, an unlimited approval and a transfer_from
    // back, so the preview shows balance changes, an approval and its warning.
    await node.setBalance(STRK, SPENDER, 10n ** 22n);
    await node.setAllowance(STRK, SPENDER, account.address, 10n ** 22n);
    await time(
      snap,
      'executeTxn, 3 calls (appr.)',
      () => ({
        method: 'snapnet_executeTxn',
        params: {
          address: account.address,
          calls: [
            {
              contractAddress: STRK,
              entrypoint: 'transfer',
              calldata: ['0x42', '2', '0'],
            },
            {
              contractAddress: STRK,
              entrypoint: 'approve',
              calldata: ['0x42', `0x${'f'.repeat(32)}`, `0x${'f'.repeat(32)}`],
            },
            {
              contractAddress: STRK,
              entrypoint: 'transfer_from',
              calldata: [SPENDER, account.address, '1', '0'],
            },
          ],
        },
      }),
      true,
    );
  });
});
