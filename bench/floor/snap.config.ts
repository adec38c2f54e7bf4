import type { SnapConfig } from '@metamask/snaps-cli';
import { resolve } from 'path';

/**
 * The floor snap's build (bench/floor/build.ts), written to `.bench-floor/`
 * (git-ignored) so no committed file changes. Same polyfills and webpack rules as
 * snapnet's snap.config.ts (the CLI loads one config file alone, so they are repeated
 * here), so both bundles carry the same libraries built the same way.
 */
const root = resolve(__dirname, '../..');
const out = resolve(root, '.bench-floor');

const config: SnapConfig = {
  input: resolve(__dirname, 'index.tsx'),
  output: { path: resolve(out, 'dist') },
  manifest: { path: resolve(out, 'snap.manifest.json') },
  server: { port: 8081, root: out },
  polyfills: { buffer: true },
  stats: { buffer: false },
  customizeWebpackConfig: (webpackConfig) => ({
    ...webpackConfig,
    resolve: {
      ...webpackConfig.resolve,
      alias: {
        ...(webpackConfig.resolve?.alias as Record<string, string> | undefined),
        lodash$: resolve(root, 'scripts/lodash-memoize.cjs'),
      },
    },
    module: {
      ...webpackConfig.module,
      rules: [
        ...(webpackConfig.module?.rules ?? []),
        {
          test: /[\\/]node_modules[\\/]starknet[\\/]dist[\\/]index\.m?js$/u,
          loader: resolve(root, 'scripts/starknet-default-node.cjs'),
        },
      ],
    },
  }),
};

export default config;
