/**
 * The install-footprint gate (a dapp installs only what it uses), run by `npm run size`
 * after size-limit: what a
 * dapp gets from `npm install snapnet` with npm's defaults. The built package is packed
 * (`npm pack --ignore-scripts`: dist/ and lib/ must be built, as `npm test` does first),
 * installed from the npm registry into an empty temporary project, and its node_modules
 * counted: packages and bytes on disk. Optional peers (viem, the multichain API client,
 * snaps-simulation, Playwright) are not installed, as npm leaves them out: this is the
 * cost of a dapp using `snapnet/client` or `snapnet/wallet`. Fails above the goals; the
 * temporary folder is removed even then.
 */
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(__dirname, '..');

/** Goals for a dapp installing the package alone. */
const MAX_PACKAGES = 80;
const MAX_MEGABYTES = 25;

/**
 * Runs npm, its output returned (and its errors shown).
 *
 * @param args - npm's arguments.
 * @param cwd - Where.
 * @returns Standard output.
 */
function npm(args: string[], cwd: string): string {
  return execFileSync('npm', args, {
    cwd,
    encoding: 'utf8',
    timeout: 600_000,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}

/**
 * Bytes of the files under a path (links not followed).
 *
 * @param path - A file or folder.
 * @returns Its size on disk, as `du -b` counts file contents.
 */
function bytesUnder(path: string): number {
  const stats = statSync(path, { throwIfNoEntry: false });
  if (!stats?.isDirectory()) {
    return stats?.isFile() ? stats.size : 0;
  }
  return readdirSync(path).reduce(
    (sum, entry) => sum + bytesUnder(join(path, entry)),
    0,
  );
}

/**
 * The installed packages: folders holding a package.json under any node_modules.
 *
 * @param modules - A node_modules folder.
 * @returns Their paths.
 */
function packagesUnder(modules: string): string[] {
  if (!existsSync(modules)) {
    return [];
  }
  return readdirSync(modules)
    .filter((name) => !name.startsWith('.'))
    .flatMap((name) =>
      name.startsWith('@')
        ? readdirSync(join(modules, name)).map((scoped) =>
            join(modules, name, scoped),
          )
        : [join(modules, name)],
    )
    .filter((path) => existsSync(join(path, 'package.json')))
    .flatMap((path) => [path, ...packagesUnder(join(path, 'node_modules'))]);
}

const dir = mkdtempSync(join(tmpdir(), 'snapnet-footprint-'));
try {
  const [packed] = JSON.parse(
    npm(
      ['pack', '--ignore-scripts', '--json', '--pack-destination', dir],
      root,
    ),
  ) as { filename: string }[];
  const tarball = join(dir, packed?.filename ?? 'missing.tgz');
  const project = join(dir, 'dapp');
  execFileSync('mkdir', [project]);
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({ name: 'dapp', version: '1.0.0', private: true }),
  );
  npm(['install', '--no-audit', '--no-fund', tarball], project);
  const modules = join(project, 'node_modules');
  const packages = packagesUnder(modules).length;
  const megabytes = bytesUnder(modules) / 1e6;
  const tarballKb = statSync(tarball).size / 1e3;
  const failed = packages > MAX_PACKAGES || megabytes > MAX_MEGABYTES;
  process.stdout.write(
    `\n  npm install snapnet (tarball ${tarballKb.toFixed(0)} kB, npm defaults)\n` +
      `  ${packages} packages (goal ≤ ${MAX_PACKAGES}), ${megabytes.toFixed(1)} MB on disk (goal ≤ ${MAX_MEGABYTES} MB)` +
      `${failed ? '   EXCEEDED' : ''}\n\n`,
  );
  process.exitCode = failed ? 1 : 0;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
