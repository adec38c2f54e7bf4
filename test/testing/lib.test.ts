/**
 * The built `snapnet/testing` (lib/, from `npm run build:lib`): its ES module and its
 * CommonJS build both load in Node with the same exports, and no runtime entry (client,
 * wallet, gateway, multichain, api) reaches it or what it loads (the snaps simulation,
 * Playwright, Node's modules), in either build: a dapp's bundle never carries the kit.
 */
import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

import { manifest } from '../package/packing';

const ROOT = resolve(__dirname, '../..');

/** Packages only the testing kit may load. */
const TESTING_ONLY = [
  '@metamask/snaps-simulation',
  'playwright',
  'playwright-core',
  'starknet',
];

/**
 * The build targets of an export condition, relative to the repository.
 *
 * @param condition - `import` or `require`.
 * @returns Export name → file.
 */
function targets(condition: 'import' | 'require'): Record<string, string> {
  return Object.fromEntries(
    Object.entries(manifest.exports).flatMap(([name, target]) => {
      const file: unknown = Reflect.get(Object(target), condition);
      return typeof file === 'string' ? [[name, resolve(ROOT, file)]] : [];
    }),
  );
}

/**
 * A module's file for a relative specifier (`../snap` → `../snap/index.js`).
 *
 * @param from - The importing file.
 * @param specifier - The relative specifier.
 * @returns The file.
 */
function resolveRelative(from: string, specifier: string): string {
  const base = resolve(dirname(from), specifier);
  const found = [base, `${base}.js`, join(base, 'index.js')].find(
    (file) => existsSync(file) && statSync(file).isFile(),
  );
  return found ?? base;
}

/**
 * Every file and package a built module loads, following its relative imports.
 *
 * @param entry - The module's file.
 * @returns The files and the packages (bare specifiers).
 */
function graph(entry: string): { files: string[]; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string): void => {
    if (files.has(file) || !existsSync(file)) {
      return;
    }
    files.add(file);
    const text = readFileSync(file, 'utf8');
    for (const [, specifier = ''] of text.matchAll(
      /(?:require\(|from\s*|import\(?)\s*["']([^"']+)["']/gu,
    )) {
      if (specifier.startsWith('.')) {
        visit(resolveRelative(file, specifier));
      } else {
        packages.add(specifier);
      }
    }
  };
  visit(entry);
  return { files: [...files], packages };
}

/**
 * Export names of a built module, loaded by a child Node.
 *
 * @param file - The module.
 * @param condition - How to load it.
 * @returns The sorted names.
 */
function exportNames(file: string, condition: 'import' | 'require'): string[] {
  const load =
    condition === 'import'
      ? `import(${JSON.stringify(file)}).then((m) => console.log(JSON.stringify(Object.keys(m).filter((k) => k !== 'default').sort())))`
      : `console.log(JSON.stringify(Object.keys(require(${JSON.stringify(file)})).sort()))`;
  return JSON.parse(
    execFileSync(process.execPath, ['-e', load], {
      cwd: ROOT,
      encoding: 'utf8',
    }),
  );
}

describe('the built snapnet/testing', () => {
  const esm = targets('import');
  const cjs = targets('require');

  it('is built (npm run build:lib) and loads as ES module and CommonJS alike', () => {
    const [esmFile, cjsFile] = [esm['./testing'], cjs['./testing']];
    if (!esmFile || !cjsFile || !existsSync(esmFile) || !existsSync(cjsFile)) {
      throw new Error('lib/ lacks snapnet/testing: run `npm run build:lib`');
    }
    const names = exportNames(esmFile, 'import');
    expect(names).toStrictEqual(
      expect.arrayContaining([
        'createSimulatedWallet',
        'exposeToPage',
        'startFakeStarknetNode',
      ]),
    );
    expect(exportNames(cjsFile, 'require')).toStrictEqual(names);
  });

  it.each(['import', 'require'] as const)(
    'stays out of every runtime entry (%s)',
    (condition) => {
      const all = targets(condition);
      // The walk does reach what the kit loads, through chunks and index files.
      expect([...graph(all['./testing'] ?? '').packages]).toStrictEqual(
        expect.arrayContaining(['@metamask/snaps-simulation', 'node:http']),
      );
      const entries = Object.entries(all).filter(
        ([name]) => name !== './testing',
      );
      expect(entries.length).toBeGreaterThan(0);
      for (const [name, file] of entries) {
        const { files, packages } = graph(file);
        const leaks = [
          ...files.filter((path) => path.includes('testing')),
          ...[...packages].filter(
            (pkg) =>
              pkg.startsWith('node:') ||
              TESTING_ONLY.some(
                (only) => pkg === only || pkg.startsWith(`${only}/`),
              ),
          ),
        ];
        expect({ name, leaks }).toStrictEqual({ name, leaks: [] });
      }
    },
  );
});
