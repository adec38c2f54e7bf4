/**
 * Builds the dapp-side libraries into `lib/` for the package's `exports` map:
 * CommonJS and declarations with tsc (`lib/<path>/index.js`, `.d.ts`), and ES modules
 * with esbuild (`lib/esm/<path>/index.mjs`, shared code split into chunks) so that a
 * dapp's bundler can tree-shake them. The entry points are read from the `import`
 * conditions in package.json, so a new export needs no change here. The testing kit
 * (Node only) bundles the fake node's code from src/fakeNode into its ES module.
 */
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';

const root = resolve(__dirname, '..');
const ESM_TARGET = /^\.\/lib\/esm\/(.+)\.mjs$/u;

/**
 * The source file of every `import` condition in package.json's exports.
 *
 * @returns Paths such as `src/client/snap/index.ts`.
 */
function esmEntryPoints(): string[] {
  const manifest: unknown = JSON.parse(
    readFileSync(resolve(root, 'package.json'), 'utf8'),
  );
  const exportsMap: unknown = Reflect.get(Object(manifest), 'exports');
  return Object.values(Object(exportsMap)).flatMap((target: unknown) => {
    const esm: unknown = Reflect.get(Object(target), 'import');
    const match = typeof esm === 'string' ? ESM_TARGET.exec(esm) : null;
    return match?.[1] ? [`src/${match[1]}.ts`] : [];
  });
}

rmSync(resolve(root, 'lib'), { recursive: true, force: true });
// snapnet/testing also builds the fake node of src/fakeNode (Node code, outside the
// libraries' tsconfig), so it has its own tsconfig rooted at the repository:
// lib/testing/src/….
for (const project of ['tsconfig.lib.json', 'tsconfig.testing.json']) {
  execFileSync(
    process.execPath,
    [resolve(root, 'node_modules/typescript/bin/tsc'), '-p', project],
    { cwd: root, stdio: 'inherit' },
  );
}
build({
  absWorkingDir: root,
  entryPoints: esmEntryPoints(),
  outbase: 'src',
  outdir: 'lib/esm',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  // Dependencies stay imports, resolved (and deduplicated) by the dapp's bundler.
  packages: 'external',
  // tsconfig's `paths` points this subpath at its types for tsc; esbuild would follow
  // that mapping to a file and inline the package, so it is named external here too.
  external: ['@metamask/snaps-controllers/node'],
  logLevel: 'warning',
}).catch(() => {
  process.exitCode = 1;
});
