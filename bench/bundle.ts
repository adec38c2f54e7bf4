/**
 * Bundle sizes, raw and gzip -9, for comparison only: the gates (each entry, the snap
 * bundle, the install footprint) are `npm run size` (.size-limit.mjs, scripts/footprint.ts).
 *
 * 1. The built snap (dist/bundle.js): what every MetaMask user downloads (the most used
 *    Starknet snap ships ~444 KB gzip).
 * 2. The dapp-side packages: a browser bundle (esbuild, --bundle --minify --format=esm
 *    --platform=browser) of a small example using each, next to a baseline doing the same
 *    job with the upstream library alone.
 */
import { build } from 'esbuild';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = resolve(__dirname, '..');

/** The examples measured: package and example file. */
const EXAMPLES: readonly { label: string; file: string }[] = [
  { label: 'snapnet/client', file: 'client.ts' },
  { label: 'snapnet/gateway', file: 'gateway.ts' },
  { label: '  viem alone', file: 'gateway-viem.ts' },
  { label: 'snapnet/multichain', file: 'multichain.ts' },
  { label: '  multichain-api-client alone', file: 'multichain-upstream.ts' },
  { label: 'snapnet/wallet', file: 'wallet.ts' },
];

/**
 * Formats bytes as KB.
 *
 * @param bytes - A size.
 * @returns E.g. `12.3 KB`.
 */
function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/**
 * One report line: raw and gzip -9 size of some bytes.
 *
 * @param label - What was measured.
 * @param bytes - Its bytes.
 * @returns The line.
 */
function line(label: string, bytes: Uint8Array): string {
  const gzip = gzipSync(bytes, { level: 9 }).length;
  return `${label.padEnd(32)} raw ${kb(bytes.length).padStart(9)}   gzip -9 ${kb(gzip).padStart(9)}`;
}

/**
 * Bundles one example the way a dapp's bundler would for a browser.
 *
 * @param file - The example's path.
 * @returns The minified bundle.
 */
async function bundle(file: string): Promise<Uint8Array> {
  const result = await build({
    entryPoints: [file],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  const [output] = result.outputFiles;
  if (!output) {
    throw new Error(`esbuild produced nothing for ${file}`);
  }
  return output.contents;
}

/**
 * Prints the report.
 */
async function main(): Promise<void> {
  const lines = ['', 'Snap bundle (dist/bundle.js)'];
  const snap = resolve(root, 'dist', 'bundle.js');
  lines.push(
    existsSync(snap)
      ? line('dist/bundle.js', readFileSync(snap))
      : 'dist/bundle.js: not built (npm run build)',
  );
  lines.push(
    '',
    'Dapp packages (bench/examples/*.ts, esbuild esm browser minified)',
  );
  for (const { label, file } of EXAMPLES) {
    const path = resolve(root, 'bench', 'examples', file);
    if (existsSync(path)) {
      lines.push(line(label, await bundle(path)));
    } else {
      lines.push(
        `${label.padEnd(32)} (skipped: bench/examples/${file} not written yet)`,
      );
    }
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
