/**
 * The open-handle guard of test/reporter.js, proven on a child Jest run: a suite that
 * leaves a server listening fails the run quickly (instead of hanging forever) and
 * names the handle; a suite that cleans up passes.
 */
import { describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

const repo = resolve(__dirname, '../..');

/**
 * Runs the fixture project's suites matching `pattern` in a child Jest.
 *
 * @param pattern - Test path pattern.
 * @returns Exit status (null when killed at the bound) and output.
 */
function childJest(pattern: string): {
  status: number | null;
  output: string;
} {
  const child = spawnSync(
    process.execPath,
    [
      resolve(repo, 'node_modules/jest/bin/jest.js'),
      '-c',
      resolve(repo, 'test/fixtures/leak/jest.config.js'),
      '--runInBand',
      pattern,
    ],
    { cwd: repo, encoding: 'utf8', timeout: 60_000, killSignal: 'SIGKILL' },
  );
  return {
    status: child.status,
    output: `${child.stdout}${child.stderr}`,
  };
}

describe('open-handle guard', () => {
  it('fails a run whose test leaves a server listening, naming it', () => {
    const run = childJest('leaky');
    expect(run.output).toContain('1 passed, 0 failed');
    expect(run.output).toContain('keep it alive: TCPServerWrap ×1');
    // Ended by the guard (1 s grace) with status 1: a child still alive at the 60 s
    // bound is killed and has no status, so no clock is read to tell the two apart.
    expect(run.status).toBe(1);
  }, 100_000);

  it('lets a run that closed everything exit 0', () => {
    const run = childJest('tidy');
    expect(run.output).toContain('1 passed, 0 failed');
    expect(run.output).not.toContain('keep it alive');
    expect(run.status).toBe(0);
  }, 100_000);
});
