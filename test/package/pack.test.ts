/**
 * The published package, as a dapp gets it: a fresh clone packed with `npm pack`
 * (`prepack` builds dist/ and lib/), installed into a new project offline from the npm
 * cache, every export loaded through both `import` and `require`, and a small
 * TypeScript consumer type-checked against the shipped declarations.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { build } from 'esbuild';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import {
  diskSize,
  installConsumer,
  manifest,
  packFreshClone,
  REPO,
  run,
  runtimeImports,
} from './packing';

/** Packages inside the snap's bundle or used by tests only: never for users. */
const BUILD_AND_TEST_ONLY = [
  '@metamask/snaps-sdk',
  '@metamask/key-tree',
  '@metamask/snaps-cli',
  '@foundry-rs/anvil-linux-amd64',
  'jest',
  'snapnet-test-tools',
];

/**
 * `snapnet/client` and friends: every subpath but the snap bundle, package.json and the
 * testing kit, whose optional peers (snaps simulation, starknet.js) a consumer that
 * installs snapnet alone does not have; test/testing/ loads it from the built lib.
 */
const librarySpecifiers = Object.keys(manifest.exports)
  .filter((key) => !['.', './package.json', './testing'].includes(key))
  .map((key) => `${manifest.name}${key.slice(1)}`);

/** What runs in a dapp's page: all but the testing kit, which runs in Node. */
const browserSpecifiers = librarySpecifiers.filter(
  (name) => name !== `${manifest.name}/testing`,
);

/**
 * Whether lib/ may load a package: a dependency, a peer, or Node's own (testing kit).
 *
 * @param name - A package name as lib/ imports it.
 * @returns Whether the package manifest provides for it.
 */
function loadable(name: string): boolean {
  return (
    name.startsWith('node:') ||
    name in manifest.dependencies ||
    name in (manifest.peerDependencies ?? {})
  );
}

let dir: string;
let tarball: string;
let project: string;

/**
 * Runs a script with Node in the consumer project.
 *
 * @param file - Script name.
 * @param source - Its text.
 * @returns What it printed, parsed as JSON.
 */
async function runInConsumer(file: string, source: string): Promise<unknown> {
  writeFileSync(join(project, file), source);
  const out = await run(process.execPath, [file], project, 60_000);
  return JSON.parse(out);
}

describe('the npm package', () => {
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'snapnet-pack-'));
    tarball = await packFreshClone(dir);
    project = await installConsumer(dir, tarball);
  }, 600_000);

  afterAll(() => {
    if (dir) {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('ships the built snap, both library builds and the license, not the sources', async () => {
    const files = (await run('tar', ['-tzf', tarball], dir, 30_000))
      .split('\n')
      .map((line) => line.replace(/^package\//u, ''));
    expect(files).toStrictEqual(
      expect.arrayContaining([
        'dist/bundle.js',
        'snap.manifest.json',
        'LICENSE',
        'package.json',
      ]),
    );
    const targets = JSON.stringify(manifest.exports).match(
      /\.\/(?:dist|lib)\/[^"]+/gu,
    );
    for (const target of targets ?? []) {
      expect(files).toContain(target.slice(2));
    }
    expect(
      files.filter((file) => /^(src|test|scripts)\//u.test(file)),
    ).toStrictEqual([]);
  });

  it('installs only what the libraries load at run time', () => {
    const installed = join(project, 'node_modules');
    const imports = runtimeImports(join(installed, manifest.name, 'lib'));
    expect(imports.size).toBeGreaterThan(0);
    expect([...imports].filter((name) => !loadable(name))).toStrictEqual([]);
    for (const name of BUILD_AND_TEST_ONLY) {
      expect(diskSize(join(installed, name))).toBe(0);
    }
    const unused = Object.keys(manifest.dependencies).filter(
      (name) => !imports.has(name),
    );
    const megabytes = (diskSize(installed) / 1e6).toFixed(1);
    process.stdout.write(
      `\nsnapnet install size, with the browser entries' optional peers: ${megabytes} MB in node_modules (tarball ${(diskSize(tarball) / 1e3).toFixed(0)} kB); ` +
        `dependencies lib/ does not load yet: ${unused.join(', ') || 'none'}\n`,
    );
  });

  it('loads every export with import and with require, with the same names', async () => {
    const list = JSON.stringify(librarySpecifiers);
    const viaImport = await runInConsumer(
      'esm.mjs',
      `const out = {};
for (const name of ${list}) out[name] = Object.keys(await import(name)).filter((key) => key !== 'default').sort();
console.log(JSON.stringify(out));`,
    );
    const viaRequire = await runInConsumer(
      'cjs.cjs',
      `const out = {};
for (const name of ${list}) out[name] = Object.keys(require(name)).sort();
require.resolve(${JSON.stringify(manifest.name)});
console.log(JSON.stringify(out));`,
    );
    expect(viaImport).toStrictEqual(viaRequire);
    for (const name of librarySpecifiers) {
      expect(Reflect.get(Object(viaImport), name)).toStrictEqual(
        expect.arrayContaining([expect.any(String)]),
      );
    }
  });

  it.each(browserSpecifiers)(
    'bundles %s for the browser with plain esbuild, no polyfills',
    async (name) => {
      const result = await build({
        stdin: {
          contents: `export * from '${name}';`,
          resolveDir: project,
        },
        absWorkingDir: project,
        bundle: true,
        format: 'esm',
        platform: 'browser',
        minify: true,
        write: false,
        logLevel: 'silent',
      });
      expect(result.errors).toStrictEqual([]);
      const [output] = result.outputFiles;
      // Nothing of Node's: no `require("events")` and the like left for the page.
      expect(output?.text).not.toMatch(/require\(["'](node:)?[a-z_]+["']\)/u);
    },
    60_000,
  );

  it('type-checks a consumer written against the declarations', async () => {
    const namespaces = librarySpecifiers
      .map((name, index) => `import * as lib${index} from '${name}';`)
      .join('\n');
    const consumer = `${namespaces}
import { createSnapnetClient } from 'snapnet/client';
import { createGatewayClient } from 'snapnet/gateway';
import { createMultichainClient } from 'snapnet/multichain';
import { createSnapnetWallet } from 'snapnet/wallet';
export type Client = ReturnType<typeof createSnapnetClient>;
export const all = [${librarySpecifiers.map((_, index) => `lib${index}`).join(', ')}];
export const factories = [createGatewayClient, createMultichainClient, createSnapnetWallet];
`;
    writeFileSync(join(project, 'consumer.mts'), consumer);
    writeFileSync(join(project, 'consumer.cts'), consumer);
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          module: 'nodenext',
          moduleResolution: 'nodenext',
          target: 'es2022',
          lib: ['es2022', 'dom'],
          types: [],
          // As dapp projects set it (Vite's and Next's templates do):
          // @metamask/chain-agnostic-permission 1.7 ships a declaration that imports
          // @metamask/keyring-internal-api, which it does not depend on. Our own
          // declarations are checked when `npm run build` emits them.
          skipLibCheck: true,
        },
        files: ['consumer.mts', 'consumer.cts'],
      }),
    );
    const tsc = join(REPO, 'node_modules/typescript/bin/tsc');
    expect(
      await run(process.execPath, [tsc, '-p', '.'], project, 180_000),
    ).toBe('');
  }, 180_000);
});
