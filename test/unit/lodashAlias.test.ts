/**
 * snap.config.ts gives the snap bundle scripts/lodash-memoize.cjs for `lodash`: all of
 * lodash would cost ~22 KiB gzip for the one function @metamask/utils takes from it.
 * That holds only while every module of the snap that imports lodash takes nothing
 * but what the alias module exports; these tests read the snap's module graph (esbuild,
 * from src/index.ts as the Snaps CLI bundles it) and fail when that changes, instead
 * of letting a bundle ship with an `undefined` lodash function.
 */
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** lodash's memoize as the tests use it. */
type Memoize = (fn: (value: number) => number) => ((
  value: number,
) => number) & {
  cache: { has: (key: unknown) => boolean };
};

/** What the snap bundle gets for `lodash`. */
const aliasModule: Record<string, unknown> = jest.requireActual(
  '../../scripts/lodash-memoize.cjs',
);

const ROOT = resolve(__dirname, '..', '..');
const LODASH = /(?:^|\/)node_modules\/lodash\/lodash\.js$/u;
/** `const { memoize, … } = $lodash;` as @metamask/utils' dist writes its import. */
const DESTRUCTURE = /const \{([^}]*)\} = \$lodash;/gu;

/**
 * The snap's modules that import all of lodash, from the entry's module graph.
 *
 * @returns Their paths, relative to the repository.
 */
async function lodashImporters(): Promise<string[]> {
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
  return Object.entries(metafile.inputs)
    .filter(([, input]) =>
      input.imports.some((imported) => LODASH.test(imported.path)),
    )
    .map(([path]) => path);
}

/**
 * The lodash functions a module takes, as its `$lodash` destructurings name them.
 *
 * @param path - A module path relative to the repository.
 * @returns The names; empty when the module uses lodash some other way.
 */
function namesTaken(path: string): string[] {
  const source = readFileSync(resolve(ROOT, path), 'utf8');
  return [...source.matchAll(DESTRUCTURE)].flatMap(([, names]) =>
    (names ?? '').split(',').map((name) => name.trim()),
  );
}

describe('the lodash alias of the snap bundle', () => {
  it('is imported only by modules that take named functions it exports', async () => {
    const importers = await lodashImporters();

    expect(importers).toStrictEqual([
      'node_modules/@metamask/utils/dist/hex.mjs',
    ]);
    for (const path of importers) {
      const source = readFileSync(resolve(ROOT, path), 'utf8');
      const uses = source.match(/\$lodash\b/gu) ?? [];
      const names = namesTaken(path);

      // The import and one destructuring: no `$lodash.x` elsewhere.
      expect(uses).toHaveLength(2);
      expect(names).toStrictEqual(['memoize']);
      for (const name of names) {
        expect(typeof aliasModule[name]).toBe('function');
      }
    }
  });

  it("gives lodash's own memoize, cache included", () => {
    const square = jest.fn((value: number) => value * value);
    const memoize = aliasModule.memoize as Memoize;
    const memoized = memoize(square);

    expect(memoized(3)).toBe(9);
    expect(memoized(3)).toBe(9);
    expect(square).toHaveBeenCalledTimes(1);
    expect(memoized.cache.has(3)).toBe(true);
  });
});
