/**
 * The benchmarks that run as scripts (`npm run bench`: bench/bundle.ts, bench/gateway.ts)
 * run once here with one iteration, so a benchmark that breaks fails the test run. Their
 * figures are printed, never compared: only that each runs to the end and prints its
 * table is checked.
 */
import { describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

const repo = resolve(__dirname, '../..');

/**
 * Runs a bench script with one iteration, killed if it outlives its bound.
 *
 * @param script - The script, from the repository root.
 * @returns Exit status (null when killed) and output.
 */
function smoke(script: string): { status: number | null; output: string } {
  const child = spawnSync(
    process.execPath,
    [resolve(repo, 'node_modules/tsx/dist/cli.mjs'), script],
    {
      cwd: repo,
      encoding: 'utf8',
      env: { ...process.env, BENCH_ITERATIONS: '1' },
      timeout: 100_000,
      killSignal: 'SIGKILL',
    },
  );
  return { status: child.status, output: `${child.stdout}${child.stderr}` };
}

describe('bench scripts, one iteration', () => {
  it('bench/bundle.ts prints the bundle sizes', () => {
    const run = smoke('bench/bundle.ts');
    expect(run.output).toContain('snapnet/client');
    expect(run.output).toMatch(/snapnet\/gateway +raw +[\d.]+ KB/u);
    expect(run.status).toBe(0);
  }, 120_000);

  it('bench/gateway.ts measures on anvil and stops it', () => {
    const run = smoke('bench/gateway.ts');
    expect(run.output).toContain('anvil, 32 in flight');
    expect(run.status).toBe(0);
  }, 120_000);
});
