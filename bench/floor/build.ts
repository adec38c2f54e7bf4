/**
 * Builds the bench's floor snap (bench/floor/index.tsx) into `.bench-floor/`, beside
 * the e2e build of snapnet that the latency benches install.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';

const root = resolve(__dirname, '../..');
const out = resolve(root, '.bench-floor');

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
// Its package.json is kept under another name here, so that tools reading the
// repository (ESLint, npm) see one package.
cpSync(resolve(__dirname, 'snap-package.json'), resolve(out, 'package.json'));
cpSync(
  resolve(__dirname, 'snap.manifest.json'),
  resolve(out, 'snap.manifest.json'),
);
const build = spawnSync(
  resolve(root, 'node_modules/.bin/mm-snap'),
  ['build', '--config', resolve(__dirname, 'snap.config.ts')],
  // Bounded: a build that hangs is killed and fails the run.
  { cwd: root, encoding: 'utf8', timeout: 300_000, killSignal: 'SIGKILL' },
);
process.stdout.write(`${build.stdout}${build.stderr}`);
process.exitCode = build.status ?? 1;
