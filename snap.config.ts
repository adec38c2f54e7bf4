import type { SnapConfig } from '@metamask/snaps-cli';
import { resolve } from 'path';

import { DedupeNoble } from './scripts/dedupe-noble.cjs';

/**
 * Public Starknet JSON-RPC endpoints used when no URL is given at build time.
 * Override them with `STARKNET_MAINNET_RPC_URL` / `STARKNET_SEPOLIA_RPC_URL`, e.g. to
 * run against starknet-devnet (`http://127.0.0.1:5050/rpc`) or the e2e test node.
 */
const DEFAULT_MAINNET_RPC_URL =
  'https://api.zan.top/public/starknet-mainnet/rpc/v0_10';
const DEFAULT_SEPOLIA_RPC_URL =
  'https://api.zan.top/public/starknet-sepolia/rpc/v0_10';

/**
 * SNIP-29 paymasters (AVNU's public ones, "default" fee mode needs no API key) that let
 * users pay fees in another token (`details.feeToken`). Override with
 * `STARKNET_MAINNET_PAYMASTER_URL` / `STARKNET_SEPOLIA_PAYMASTER_URL`; an empty value
 * turns paymaster sends off for that network.
 */
const DEFAULT_MAINNET_PAYMASTER_URL = 'https://starknet.paymaster.avnu.fi';
const DEFAULT_SEPOLIA_PAYMASTER_URL = 'https://sepolia.paymaster.avnu.fi';

const NO_MNEMONIC = resolve(__dirname, 'scripts/no-mnemonic.cjs');

// The e2e build goes to its own folder (see test/build-e2e.ts) so that running the
// tests never rewrites the committed manifest's shasum.
const root = process.env.SNAPNET_BUILD_ROOT ?? __dirname;

const config: SnapConfig = {
  input: resolve(__dirname, 'src/index.ts'),
  output: { path: resolve(root, 'dist') },
  manifest: { path: resolve(root, 'snap.manifest.json') },
  server: { port: 8080, root },
  polyfills: { buffer: true },
  environment: {
    STARKNET_MAINNET_RPC_URL:
      process.env.STARKNET_MAINNET_RPC_URL ?? DEFAULT_MAINNET_RPC_URL,
    STARKNET_SEPOLIA_RPC_URL:
      process.env.STARKNET_SEPOLIA_RPC_URL ?? DEFAULT_SEPOLIA_RPC_URL,
    STARKNET_MAINNET_PAYMASTER_URL:
      process.env.STARKNET_MAINNET_PAYMASTER_URL ??
      DEFAULT_MAINNET_PAYMASTER_URL,
    STARKNET_SEPOLIA_PAYMASTER_URL:
      process.env.STARKNET_SEPOLIA_PAYMASTER_URL ??
      DEFAULT_SEPOLIA_PAYMASTER_URL,
    STARKNET_MAINNET_INDEXER_URL:
      process.env.STARKNET_MAINNET_INDEXER_URL ?? '',
    STARKNET_SEPOLIA_INDEXER_URL:
      process.env.STARKNET_SEPOLIA_INDEXER_URL ?? '',
    // Dapp origins allowed to call snapnet_displayPrivateKey, comma separated (e.g.
    // `https://wallet.example,https://other.example`). Default none: keys are exported
    // from the snap's home page in MetaMask only.
    SNAPNET_KEY_EXPORT_ORIGINS: process.env.SNAPNET_KEY_EXPORT_ORIGINS ?? '',
    // How long the snap waits for the node before reporting it failed, in ms.
    STARKNET_RPC_TIMEOUT_MS: process.env.STARKNET_RPC_TIMEOUT_MS ?? '20000',
  },
  stats: { buffer: false },
  customizeWebpackConfig: (webpackConfig) => ({
    ...webpackConfig,
    resolve: {
      ...webpackConfig.resolve,
      alias: {
        ...(webpackConfig.resolve?.alias as Record<string, string> | undefined),
        // lodash's `memoize` only, not all of lodash (see the module).
        lodash$: resolve(__dirname, 'scripts/lodash-memoize.cjs'),
        // No mnemonic code: the snap never sees a phrase (see the module).
        '@metamask/scure-bip39$': NO_MNEMONIC,
        '@metamask/scure-bip39/dist/wordlists/english.js$': NO_MNEMONIC,
      },
    },
    // One copy of noble's curves and hashes, starknet.js', and no ed25519 (see the plugin).
    plugins: [...(webpackConfig.plugins ?? []), new DedupeNoble()],
    module: {
      ...webpackConfig.module,
      rules: [
        ...(webpackConfig.module?.rules ?? []),
        {
          // starknet.js' unused default-node picker (see the loader).
          test: /[\\/]node_modules[\\/]starknet[\\/]dist[\\/]index\.m?js$/u,
          loader: resolve(__dirname, 'scripts/starknet-default-node.cjs'),
        },
        {
          // starknet.js' namespaces the snap does not import, dropped (see the loader).
          test: /[\\/]node_modules[\\/]starknet[\\/]dist[\\/]index\.m?js$/u,
          loader: resolve(__dirname, 'scripts/starknet-namespaces.cjs'),
        },
      ],
    },
  }),
};

export default config;
