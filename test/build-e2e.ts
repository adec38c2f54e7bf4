/**
 * Builds the snap for the e2e suites into `.e2e/`, with the node URLs pointing at the
 * fake Starknet node. A separate folder keeps `npm test` from rewriting the committed
 * manifest's shasum or the `dist/` that `npm start` serves.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';

import { FAKE_MAINNET_URL, FAKE_SEPOLIA_URL } from './node/ports';

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

execFileSync(resolve(root, 'node_modules/.bin/mm-snap'), ['build'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    SNAPNET_BUILD_ROOT: out,
    STARKNET_SEPOLIA_RPC_URL: FAKE_SEPOLIA_URL,
    STARKNET_MAINNET_RPC_URL: FAKE_MAINNET_URL,
    STARKNET_SEPOLIA_INDEXER_URL: `${FAKE_SEPOLIA_URL}/indexer`,
    STARKNET_MAINNET_INDEXER_URL: `${FAKE_MAINNET_URL}/indexer`,
    // Short, so the stalled-node tests finish quickly.
    STARKNET_RPC_TIMEOUT_MS: '3000',
  },
});
