/**
 * Helpers of the package test: pack this repository as a fresh clone would (a copy
 * without dist/ or lib/, so `prepack` must build them), and install the tarball into a
 * throw-away consumer project offline, from the local npm cache, with exactly the
 * versions this repository's lockfile tested.
 */
import { execFile } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join, resolve } from 'node:path';

/** This repository. */
export const REPO = resolve(__dirname, '../..');

/** What a clone holds that `npm pack` needs (everything else is generated). */
const SOURCES = [
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.lib.json',
  // snapnet/testing builds the fake node (src/fakeNode) into lib/testing.
  'tsconfig.testing.json',
  'snap.config.ts',
  'snap.manifest.json',
  'README.md',
  'LICENSE',
  'src',
  'scripts',
  'images',
  'locales',
  'test/tools',
];

type LockEntry = {
  version?: string;
  dev?: boolean;
  link?: boolean;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
};

type Manifest = {
  name: string;
  version: string;
  license: string;
  engines?: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, { optional?: boolean }>;
  exports: Record<string, unknown>;
};

/**
 * Runs a command, failing with its output when it fails or outlives `timeoutMs`.
 *
 * @param command - The program.
 * @param args - Its arguments.
 * @param cwd - Where to run it.
 * @param timeoutMs - When to kill it.
 * @returns Its standard output.
 */
export async function run(
  command: string,
  args: string[],
  cwd: string,
  timeoutMs: number,
): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    execFile(
      command,
      args,
      {
        cwd,
        timeout: timeoutMs,
        killSignal: 'SIGKILL',
        maxBuffer: 64 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        if (error) {
          reject(
            new Error(
              `${command} ${args.join(' ')}: ${error.message}\n${stdout}\n${stderr}`,
            ),
          );
          return;
        }
        resolvePromise(stdout);
      },
    );
  });
}

/**
 * Reads a JSON file.
 *
 * @param path - The file.
 * @returns Its value.
 */
export function readJson<Type>(path: string): Type {
  return JSON.parse(readFileSync(path, 'utf8')) as Type;
}

/** This repository's package.json. */
export const manifest = readJson<Manifest>(join(REPO, 'package.json'));

/**
 * The optional peers a dapp installs with the browser entries (`snapnet/gateway` needs
 * viem, `snapnet/multichain` the multichain API client, `snapnet/wallet` get-starknet's
 * wallet standard); the testing kit's (snaps-simulation, Playwright) are Node-only.
 */
export const BROWSER_PEERS = [
  'viem',
  '@metamask/multichain-api-client',
  '@starknet-io/get-starknet-wallet-standard',
];

/**
 * Copies the sources into `dir` (node_modules linked) and runs `npm pack` there.
 *
 * @param dir - An empty folder.
 * @returns The tarball's path.
 */
export async function packFreshClone(dir: string): Promise<string> {
  const clone = join(dir, 'clone');
  for (const entry of SOURCES) {
    cpSync(join(REPO, entry), join(clone, entry), { recursive: true });
  }
  symlinkSync(join(REPO, 'node_modules'), join(clone, 'node_modules'));
  const out = await run(
    'npm',
    ['pack', '--json', '--pack-destination', dir],
    clone,
    300_000,
  );
  // The build's own output precedes npm's JSON array.
  const report = readJsonText(out.slice(out.lastIndexOf('\n[')));
  return join(dir, report[0]?.filename ?? 'missing');
}

/**
 * Parses `npm pack --json` output.
 *
 * @param text - The JSON array.
 * @returns The packed files.
 */
function readJsonText(text: string): { filename: string }[] {
  return JSON.parse(text) as { filename: string }[];
}

/**
 * The lockfile entries a project depending on this package needs: what the runtime
 * dependencies reach through their dependencies, optional dependencies and required
 * peers, resolved the way Node does (nearest node_modules first).
 *
 * @returns Entries keyed by their path under the consumer's root.
 */
function runtimeLockEntries(): Record<string, LockEntry> {
  const lock = readJson<{ packages: Record<string, LockEntry> }>(
    join(REPO, 'package-lock.json'),
  );
  const found: Record<string, LockEntry> = {};
  const visit = (from: string, name: string): void => {
    let base = from;
    for (;;) {
      const path = `${base ? `${base}/` : ''}node_modules/${name}`;
      const entry = lock.packages[path];
      if (entry && !entry.link) {
        if (!found[path]) {
          found[path] = entry;
          for (const child of requiredNames(entry)) {
            visit(path, child);
          }
        }
        return;
      }
      if (!base) {
        return;
      }
      const parent = base.lastIndexOf('/node_modules/');
      base = parent === -1 ? '' : base.slice(0, parent);
    }
  };
  for (const name of [
    ...Object.keys(manifest.dependencies),
    ...BROWSER_PEERS,
  ]) {
    visit('', name);
  }
  return found;
}

/**
 * Names a lockfile entry needs installed (optional peers are not installed by npm).
 *
 * @param entry - The entry.
 * @returns Package names.
 */
function requiredNames(entry: LockEntry): string[] {
  const peers = Object.keys(entry.peerDependencies ?? {}).filter(
    (name) => !entry.peerDependenciesMeta?.[name]?.optional,
  );
  return [
    ...Object.keys(entry.dependencies ?? {}),
    ...Object.keys(entry.optionalDependencies ?? {}),
    ...peers,
  ];
}

/**
 * Creates a consumer project depending on the tarball and the browser entries' optional
 * peers (as their docs tell a dapp to), and installs it offline.
 *
 * @param dir - Where to create it.
 * @param tarball - The packed package.
 * @returns The project folder.
 */
export async function installConsumer(
  dir: string,
  tarball: string,
): Promise<string> {
  const project = join(dir, 'consumer');
  mkdirSync(project);
  const spec = `file:${tarball}`;
  const root = { name: 'consumer', version: '1.0.0', private: true };
  const peers = Object.fromEntries(
    BROWSER_PEERS.map((name) => [name, manifest.peerDependencies[name]]),
  );
  const dependencies = { [manifest.name]: spec, ...peers };
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({ ...root, dependencies }),
  );
  const packages = {
    '': { ...root, dependencies },
    [`node_modules/${manifest.name}`]: {
      version: manifest.version,
      resolved: spec,
      license: manifest.license,
      dependencies: manifest.dependencies,
      peerDependencies: manifest.peerDependencies,
      peerDependenciesMeta: manifest.peerDependenciesMeta,
      engines: manifest.engines,
    },
    ...runtimeLockEntries(),
  };
  writeFileSync(
    join(project, 'package-lock.json'),
    JSON.stringify({ ...root, lockfileVersion: 3, requires: true, packages }),
  );
  try {
    await run(
      'npm',
      ['ci', '--offline', '--no-audit', '--no-fund', '--loglevel=error'],
      project,
      300_000,
    );
  } catch (error) {
    if (String(error).includes('ENOTCACHED')) {
      throw new Error(
        `the npm cache lacks a dependency: run \`npm ci\` in this repository first (it fills the cache this offline install reads)\n${String(error)}`,
      );
    }
    throw error;
  }
  return project;
}

/**
 * Total size of the files under a folder (symbolic links not followed).
 *
 * @param path - The folder.
 * @returns Bytes.
 */
export function diskSize(path: string): number {
  const stats = statSync(path, { throwIfNoEntry: false });
  if (!stats?.isDirectory()) {
    return stats?.size ?? 0;
  }
  return readdirSync(path).reduce(
    (sum, entry) => sum + diskSize(join(path, entry)),
    0,
  );
}

/**
 * The packages the built libraries load at run time (bare specifiers of `require`
 * and `import` in lib/, reduced to package names).
 *
 * @param lib - The installed package's lib/ folder.
 * @returns Package names.
 */
export function runtimeImports(lib: string): Set<string> {
  const names = new Set<string>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(path);
      } else if (/\.m?js$/u.test(entry.name)) {
        const text = readFileSync(path, 'utf8');
        for (const match of text.matchAll(
          /(?:require\(|from\s*|import\()\s*["']([^./"'\s][^"'\s]*)["']/gu,
        )) {
          const parts = (match[1] ?? '').split('/');
          names.add(
            parts[0]?.startsWith('@')
              ? parts.slice(0, 2).join('/')
              : (parts[0] ?? ''),
          );
        }
      }
    }
  };
  if (existsSync(lib)) {
    walk(lib);
  }
  return names;
}
