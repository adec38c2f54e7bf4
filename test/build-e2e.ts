/**
 * Builds the snap for the e2e suites into `.e2e/`, with the node URLs pointing at the
 * fake Starknet node. A separate folder keeps `npm test` from rewriting the committed
 * manifest's shasum or the `dist/` that `npm start` serves.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';

import { FAKE_MAINNET_URL, FAKE_SEPOLIA_URL } from '../src/fakeNode/ports';
import { KEY_EXPORT_ORIGIN } from './fixtures/origins';

const root = resolve(__dirname, '..');
const out = resolve(root, process.env.SNAPNET_E2E_DIR ?? '.e2e');

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
for (const entry of [
  'package.json',
  'snap.manifest.json',
  'images',
  'locales',
]) {
  if (existsSync(resolve(root, entry))) {
    cpSync(resolve(root, entry), resolve(out, entry), { recursive: true });
  }
}

const build = spawnSync(resolve(root, 'node_modules/.bin/mm-snap'), ['build'], {
  cwd: root,
  encoding: 'utf8',
  env: {
    ...process.env,
    SNAPNET_BUILD_ROOT: out,
    STARKNET_SEPOLIA_RPC_URL: FAKE_SEPOLIA_URL,
    STARKNET_MAINNET_RPC_URL: FAKE_MAINNET_URL,
    // The fake node's SNIP-29 paymaster (src/fakeNode/paymaster.ts).
    STARKNET_SEPOLIA_PAYMASTER_URL: `${FAKE_SEPOLIA_URL}/paymaster`,
    STARKNET_MAINNET_PAYMASTER_URL: `${FAKE_MAINNET_URL}/paymaster`,
    STARKNET_SEPOLIA_INDEXER_URL: `${FAKE_SEPOLIA_URL}/indexer`,
    STARKNET_MAINNET_INDEXER_URL: `${FAKE_MAINNET_URL}/indexer`,
    // The one dapp origin allowed to call snapnet_displayPrivateKey.
    SNAPNET_KEY_EXPORT_ORIGINS: KEY_EXPORT_ORIGIN,
    // Short, so the stalled-node tests finish quickly.
    STARKNET_RPC_TIMEOUT_MS: '3000',
  },
});
process.stdout.write(
  withoutExpectedShasumFix(`${build.stdout}${build.stderr}`),
);
process.exitCode = build.status ?? 1;

/**
 * The build's report without the one warning this build always has: the copied
 * manifest's shasum is that of the bundle with the public node URLs, so the CLI
 * recomputes it for this bundle ("… (fixed)"). Any other warning is kept.
 *
 * @param output - What `mm-snap build` printed.
 * @returns The same without that warning.
 */
function withoutExpectedShasumFix(output: string): string {
  const lines = output.split('\n');
  const kept = lines.filter(
    (line) => !/"shasum" field does not match .*\(fixed\)/u.test(line),
  );
  const dropped = lines.length - kept.length;
  return kept
    .join('\n')
    .replace(/⚠ (Compiled .*) with (\d+) warnings?\./u, (line, what, count) => {
      const left = Number(count) - dropped;
      return left > 0 ? line : `✔ ${String(what)}.`;
    });
}
