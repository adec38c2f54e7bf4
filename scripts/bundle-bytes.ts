/**
 * Where the snap bundle's bytes go: an esbuild build of src/index.ts with the same
 * substitutions as snap.config.ts (lodash's `memoize` alone, no mnemonic code, one
 * noble copy and no Edwards curve, starknet.js' unused namespaces dropped), minified,
 * and its metafile summed per package and per src folder. esbuild's bundle is within
 * 1–2 % of the Snaps CLI's webpack one (the gate, `npm run size`, reads the real
 * dist/bundle.js); this table says what the bytes are, for docs/performance.md.
 *
 * Run: `npx tsx scripts/bundle-bytes.ts` (add `--files src/rpc` to list one folder's
 * files).
 */
import type { Plugin } from 'esbuild';
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

import { redirect } from './dedupe-noble.cjs';
import starknetNamespaces from './starknet-namespaces.cjs';

const root = resolve(__dirname, '..');
const script = (name: string): string => resolve(__dirname, name);

/* eslint-disable require-unicode-regexp -- esbuild's filters are Go regular
   expressions, which take no flags. */
const LODASH = /^lodash$/;
const MNEMONIC = /^@metamask\/scure-bip39(?:\/dist\/wordlists\/english\.js)?$/;
const NOBLE = /^@noble\/(?:curves|hashes)(?:\/|$)/;
const STARKNET_BUNDLE = /[\\/]starknet[\\/]dist[\\/]index\.mjs$/;
/* eslint-enable require-unicode-regexp */

/** The snap.config.ts substitutions, as an esbuild plugin. */
const substitutions: Plugin = {
  name: 'snap-substitutions',
  setup(bundle) {
    bundle.onResolve({ filter: LODASH }, () => ({
      path: script('lodash-memoize.cjs'),
    }));
    bundle.onResolve({ filter: MNEMONIC }, () => ({
      path: script('no-mnemonic.cjs'),
    }));
    bundle.onResolve({ filter: NOBLE }, async (args) => {
      if (args.pluginData === 'redirected') {
        return undefined;
      }
      const target = redirect(args.path, args.resolveDir);
      if (target.request === args.path && target.context === args.resolveDir) {
        return undefined;
      }
      return bundle.resolve(target.request, {
        resolveDir: target.context,
        kind: args.kind,
        pluginData: 'redirected',
      });
    });
    bundle.onLoad({ filter: STARKNET_BUNDLE }, (args) => ({
      contents: starknetNamespaces.call(
        {
          resourcePath: args.path,
          emitError: (error: Error) => {
            throw error;
          },
        },
        readFileSync(args.path, 'utf8'),
      ),
      loader: 'js',
    }));
  },
};

/**
 * The group a bundled file counts under: its package, or its src folder.
 *
 * @param path - The file, relative to the repository.
 * @returns E.g. `starknet`, `@noble/curves`, `src/rpc`, `locales/fr.json`.
 */
function groupOf(path: string): string {
  const inPackage =
    /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*node_modules)/u.exec(path);
  if (inPackage?.[1]) {
    return inPackage[1];
  }
  const parts = path.split('/');
  return parts[0] === 'src' && parts.length > 2 ? `src/${parts[1]}` : path;
}

/**
 * Prints the table.
 */
async function main(): Promise<void> {
  const filesOf = process.argv.indexOf('--files');
  const folder = filesOf === -1 ? undefined : process.argv[filesOf + 1];
  const result = await build({
    entryPoints: [resolve(root, 'src/index.ts')],
    absWorkingDir: root,
    bundle: true,
    minify: true,
    write: false,
    metafile: true,
    platform: 'browser',
    format: 'cjs',
    jsx: 'automatic',
    jsxImportSource: '@metamask/snaps-sdk',
    logLevel: 'error',
    define: { 'process.env': '{}' },
    plugins: [substitutions],
  });
  const [output] = Object.values(result.metafile.outputs);
  const [file] = result.outputFiles;
  if (!output || !file) {
    throw new Error('esbuild produced nothing');
  }
  const groups = new Map<string, number>();
  const files = new Map<string, number>();
  for (const [path, input] of Object.entries(output.inputs)) {
    const group = groupOf(path);
    groups.set(group, (groups.get(group) ?? 0) + input.bytesInOutput);
    if (folder && path.startsWith(folder)) {
      files.set(path, input.bytesInOutput);
    }
  }
  const kb = (bytes: number): string => (bytes / 1000).toFixed(1).padStart(7);
  const lines = [
    `esbuild bundle of src/index.ts: ${kb(file.contents.length)} kB minified, ${kb(gzipSync(file.contents, { level: 9 }).length)} kB gzip -9`,
    'minified kB per package and src folder (at least 0.3 kB):',
    ...[...groups, ...files]
      .filter(([, bytes]) => bytes >= 300)
      .sort(([, a], [, b]) => b - a)
      .map(([name, bytes]) => `${name.padEnd(44)} ${kb(bytes)}`),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
