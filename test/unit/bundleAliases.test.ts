/**
 * Two module substitutions of the snap bundle (snap.config.ts) that are right only while
 * the module graph stays as it is; these tests read it (esbuild, from src/index.ts as
 * the Snaps CLI bundles it) and fail when it changes, instead of letting a bundle ship
 * with a mnemonic stub where a phrase is needed or with noble code of another version.
 * - scripts/no-mnemonic.cjs for `@metamask/scure-bip39`: only key-tree's phrase code
 *   imports it, which the snap (keys from `snap_getBip44Entropy`) never reaches.
 * - scripts/dedupe-noble.cjs: starknet.js' copies of `@noble/curves`/`@noble/hashes`
 *   for `@scure/starknet` and starknet.js' own curves, in the versions they declare.
 */
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..', '..');

/** What the snap bundle gets for `@metamask/scure-bip39` and its English wordlist. */
const noMnemonic: Record<string, unknown> = jest.requireActual(
  '../../scripts/no-mnemonic.cjs',
);

/** The noble dedupe plugin and the folders it applies to. */
const dedupe: {
  DedupeNoble: new () => { apply: (compiler: unknown) => void };
  STARKNET: string;
  DUPLICATES: string[];
} = jest.requireActual('../../scripts/dedupe-noble.cjs');

/** A module of the snap's graph and what it imports, as esbuild's metafile lists it. */
type Importer = { path: string; requests: string[] };

/**
 * The snap's modules importing a package, with the requests they write.
 *
 * @param pkg - A package folder under node_modules, e.g. `@metamask/scure-bip39`.
 * @returns The importers, paths relative to the repository.
 */
async function importersOf(pkg: string): Promise<Importer[]> {
  const { metafile } = await build({
    entryPoints: [resolve(ROOT, 'src/index.ts')],
    absWorkingDir: ROOT,
    bundle: true,
    write: false,
    metafile: true,
    platform: 'browser',
    jsx: 'automatic',
    jsxImportSource: '@metamask/snaps-sdk',
    logLevel: 'silent',
  });
  const inside = `node_modules/${pkg}/`;
  return Object.entries(metafile.inputs)
    .filter(([path]) => !path.includes(inside))
    .map(([path, input]) => ({
      path,
      requests: input.imports
        .filter((imported) => imported.path.includes(inside))
        .map((imported) => imported.original ?? imported.path),
    }))
    .filter(({ requests }) => requests.length > 0);
}

/**
 * Whether a version is a release of the minor a range names, at or after its patch:
 * what `~1.7.0` means, and what an exact pin (starknet.js' curves pins hashes `1.6.0`)
 * is taken to allow here (same API, fixes only).
 *
 * @param version - An installed version, e.g. `1.6.1`.
 * @param range - A declared range, `~1.6.0` or `1.6.0`.
 * @returns True when the version is in that minor, patch not older.
 */
function sameMinor(version: string, range: string): boolean {
  const [major, minor, patch] = version.split('.').map(Number);
  const [wantMajor, wantMinor, wantPatch] = range
    .replace(/^~/u, '')
    .split('.')
    .map(Number);
  return (
    /^~?\d+\.\d+\.\d+$/u.test(range) &&
    major === wantMajor &&
    minor === wantMinor &&
    (patch ?? -1) >= (wantPatch ?? Infinity)
  );
}

/**
 * A package's manifest field.
 *
 * @param folder - The package folder.
 * @returns Its version and dependency ranges.
 */
function manifest(folder: string): {
  version: string;
  dependencies: Record<string, string>;
} {
  return JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
}

/**
 * The names a module takes from scure-bip39: `import { a, b as c }` lists, and the
 * destructuring of a namespace import (`import * as ns …; const { a } = ns;`).
 *
 * @param source - The module's source.
 * @returns The names; empty when it uses scure-bip39 some other way.
 */
function namesTaken(source: string): string[] {
  const list = (names: string): string[] =>
    names.split(',').map((name) => name.trim().split(' ')[0] ?? '');
  const named = [
    ...source.matchAll(
      /import \{([^}]*)\} from "@metamask\/scure-bip39[^"]*";/gu,
    ),
  ].flatMap(([, names]) => list(names ?? ''));
  const destructured = [
    ...source.matchAll(
      /import \* as (\w+) from "@metamask\/scure-bip39[^"]*";/gu,
    ),
  ].flatMap(([, namespace]) =>
    [
      ...source.matchAll(
        new RegExp(`const \\{([^}]*)\\} = ${namespace};`, 'gu'),
      ),
    ].flatMap(([, names]) => list(names ?? '')),
  );
  return [...named, ...destructured];
}

describe('the mnemonic stub of the snap bundle', () => {
  it('is imported only by mnemonic code the snap never calls, for names it has', async () => {
    const importers = await importersOf('@metamask/scure-bip39');

    expect(importers.map(({ path }) => path).sort()).toStrictEqual([
      'node_modules/@metamask/key-tree/dist/derivers/bip39.mjs',
      'node_modules/@metamask/key-tree/dist/utils.mjs',
      // uint8ArrayToMnemonic and convertMnemonicToWordlistIndices: the snap calls neither.
      'node_modules/@metamask/utils/dist/mnemonic.mjs',
    ]);
    for (const { path } of importers) {
      const names = namesTaken(readFileSync(resolve(ROOT, path), 'utf8'));
      expect([path, names.length > 0]).toStrictEqual([path, true]);
      for (const name of names) {
        expect([path, name, name in noMnemonic]).toStrictEqual([
          path,
          name,
          true,
        ]);
      }
    }
  });

  it('refuses any use, saying why', () => {
    const mnemonicToEntropy = noMnemonic.mnemonicToEntropy as () => unknown;
    const wordlist = noMnemonic.wordlist as string[];

    expect(() => mnemonicToEntropy()).toThrow('snap_getBip44Entropy only');
    expect(() => wordlist.includes('abandon')).toThrow(
      'snap_getBip44Entropy only',
    );
    expect(() => wordlist.indexOf('abandon')).toThrow(
      'snap_getBip44Entropy only',
    );
  });
});

describe('the noble dedupe of the snap bundle', () => {
  const starknetCopy = (name: string): string =>
    manifest(join(dedupe.STARKNET, 'node_modules', '@noble', name)).version;

  it("gives each package starknet.js' copies within the ranges it declares", () => {
    for (const folder of dedupe.DUPLICATES) {
      const { dependencies } = manifest(folder);
      for (const name of ['curves', 'hashes']) {
        const range = dependencies[`@noble/${name}`];
        if (range === undefined) {
          continue;
        }
        expect([
          folder,
          name,
          sameMinor(starknetCopy(name), range),
        ]).toStrictEqual([folder, name, true]);
      }
    }
  });

  it('resolves only noble imports from those packages from starknet.js', () => {
    const taps: ((data: { request: string; context: string }) => void)[] = [];
    const hook = {
      tap: (_name: string, fn: (typeof taps)[number]) => taps.push(fn),
    };
    new dedupe.DedupeNoble().apply({
      hooks: {
        normalModuleFactory: {
          tap: (_name: string, fn: (factory: unknown) => void) =>
            fn({ hooks: { beforeResolve: hook } }),
        },
      },
    });
    const resolveFrom = (request: string, context: string): string => {
      const data = { request, context };
      taps.forEach((tap) => tap(data));
      return data.context;
    };
    const scure = join(
      ROOT,
      'node_modules',
      '@scure',
      'starknet',
      'lib',
      'esm',
    );
    const keyTree = join(ROOT, 'node_modules', '@metamask', 'key-tree', 'dist');

    expect(resolveFrom('@noble/curves/abstract/weierstrass', scure)).toBe(
      dedupe.STARKNET,
    );
    expect(resolveFrom('@noble/hashes/sha3', scure)).toBe(dedupe.STARKNET);
    expect(resolveFrom('./index.js', scure)).toBe(scure);
    expect(resolveFrom('@noble/curves/secp256k1', keyTree)).toBe(keyTree);
  });
});
