/**
 * Two module substitutions of the snap bundle (snap.config.ts) that are right only while
 * the module graph stays as it is; these tests read it (esbuild, from src/index.ts as
 * the Snaps CLI bundles it) and fail when it changes, instead of letting a bundle ship
 * with a mnemonic stub where a phrase is needed or with noble code of another version.
 * - scripts/no-mnemonic.cjs for `@metamask/scure-bip39`: only key-tree's phrase code
 *   imports it, which the snap (keys from `snap_getBip44Entropy`) never reaches.
 * - scripts/dedupe-noble.cjs: starknet.js' copies of `@noble/curves`/`@noble/hashes`
 *   for every package, in the majors they declare, and no Edwards curve for key-tree.
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
  STARKNET: string;
  redirect: (
    request: string,
    context: string,
  ) => { request: string; context: string };
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
 * Whether an installed version satisfies a declared range: `^` as npm reads it for
 * 1.x (same major, not older), `~` and an exact pin as {@link sameMinor}.
 *
 * @param version - An installed version.
 * @param range - A declared range.
 * @returns True when it does.
 */
function accepts(version: string, range: string): boolean {
  if (!range.startsWith('^')) {
    return sameMinor(version, range);
  }
  const [have, want] = [version, range.slice(1)].map((text) =>
    text.split('.').map(Number),
  );
  const [haveMajor = 0, haveMinor = 0, havePatch = 0] = have ?? [];
  const [wantMajor = 0, wantMinor = 0, wantPatch = 0] = want ?? [];
  return (
    haveMajor === wantMajor &&
    (haveMinor > wantMinor ||
      (haveMinor === wantMinor && havePatch >= wantPatch))
  );
}

/**
 * A version's major.
 *
 * @param version - E.g. `1.7.0`.
 * @returns E.g. 1.
 */
function majorOf(version: string): number {
  return Number(version.split('.')[0]);
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
  const keyTree = join(ROOT, 'node_modules', '@metamask', 'key-tree');

  it("gives every package starknet.js' copies in the major it declares, and within its range but key-tree's curves", async () => {
    // noble's own modules import each other (those copies are replaced whole), and
    // scure-bip39 is the mnemonic stub in the bundle.
    const importers = [
      ...(await importersOf('@noble/curves')),
      ...(await importersOf('@noble/hashes')),
    ].filter(
      ({ path }) =>
        !/node_modules\/(?:@noble|@metamask\/scure-bip39)\//u.test(path),
    );
    const folders = new Set(
      importers
        .map(({ path }) =>
          /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//u.exec(path),
        )
        .flatMap((match) => (match?.[1] ? [resolve(ROOT, match[1])] : [])),
    );
    expect(folders).toContain(keyTree);
    for (const folder of folders) {
      const { dependencies } = manifest(folder);
      for (const name of ['curves', 'hashes']) {
        const range = dependencies[`@noble/${name}`];
        if (range === undefined) {
          continue;
        }
        const crossesMinor = folder === keyTree && name === 'curves';
        expect([
          folder,
          name,
          accepts(starknetCopy(name), range),
        ]).toStrictEqual([folder, name, !crossesMinor]);
        expect([folder, name, majorOf(starknetCopy(name))]).toStrictEqual([
          folder,
          name,
          majorOf(range.replace(/^[~^]/u, '')),
        ]);
      }
    }
  });

  it('gives key-tree curves that derive what its own copy derives', () => {
    type Secp = {
      getPublicKey: (key: Uint8Array, compressed?: boolean) => Uint8Array;
      ProjectivePoint: {
        fromHex: (point: Uint8Array) => {
          add: (other: unknown) => {
            toRawBytes: (compressed: boolean) => Uint8Array;
          };
        };
        fromPrivateKey: (key: Uint8Array) => unknown;
        BASE: { _setWindowSize: (size: number) => void };
      };
      utils: { isValidPrivateKey: (key: Uint8Array) => boolean };
      CURVE: { n: bigint };
    };
    const load = (folder: string): Secp =>
      jest.requireActual<{ secp256k1: Secp }>(
        join(folder, '@noble', 'curves', 'secp256k1.js'),
      ).secp256k1;
    const bundled = load(join(dedupe.STARKNET, 'node_modules'));
    const own = load(join(ROOT, 'node_modules'));
    const key = new Uint8Array(32).fill(7);
    const tweak = new Uint8Array(32).fill(9);
    const derive = (curve: Secp): string => {
      curve.ProjectivePoint.BASE._setWindowSize(4);
      const point = curve.ProjectivePoint.fromHex(curve.getPublicKey(key));
      return Buffer.from(
        point
          .add(curve.ProjectivePoint.fromPrivateKey(tweak))
          .toRawBytes(false),
      ).toString('hex');
    };

    expect(derive(bundled)).toBe(derive(own));
    expect(bundled.CURVE.n).toBe(own.CURVE.n);
    expect(bundled.utils.isValidPrivateKey(key)).toBe(true);
  });

  it('resolves bare noble imports from starknet.js, the Edwards curve from the stub', () => {
    const scure = join(ROOT, 'node_modules', '@scure', 'starknet', 'lib');
    const keyTreeDist = join(keyTree, 'dist', 'curves');
    const starknetDist = join(dedupe.STARKNET, 'dist');
    const at = (request: string, context: string): string => {
      const target = dedupe.redirect(request, context);
      return target.request === request ? target.context : target.request;
    };

    expect(at('@noble/curves/abstract/weierstrass', scure)).toBe(
      dedupe.STARKNET,
    );
    expect(at('@noble/hashes/sha3', scure)).toBe(dedupe.STARKNET);
    expect(at('@noble/curves/secp256k1', keyTreeDist)).toBe(dedupe.STARKNET);
    expect(at('@noble/curves/ed25519', keyTreeDist)).toBe(
      resolve(ROOT, 'scripts', 'no-ed25519.cjs'),
    );
    expect(at('@noble/hashes/sha3', starknetDist)).toBe(starknetDist);
    expect(at('./index.js', scure)).toBe(scure);
  });

  it('refuses any use of the Edwards curve but keeping its CURVE, saying why', () => {
    const { ed25519 } = jest.requireActual<{
      ed25519: { CURVE: { n: bigint }; getPublicKey: () => unknown };
    }>('../../scripts/no-ed25519.cjs');
    const { CURVE } = ed25519;

    expect(() => CURVE.n).toThrow('secp256k1 BIP-44 keys only');
    expect(() => ed25519.getPublicKey()).toThrow('secp256k1 BIP-44 keys only');
  });
});
