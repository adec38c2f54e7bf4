// The size gates of what a dapp installs, run by `npm run size` and so by `npm test`: each dapp entry
// as a one-line consumer (`import { x } from 'snapnet/…'`), bundled by esbuild for the
// browser from the built lib/esm, minified, gzip -9, in kB (1000 bytes, as the
// targets are given); the snap bundle in KiB, as README and docs/performance.md have always given
// it. Entries without `limit` are reported only. Run after `npm run build`.
//
// What an entry needs is counted, optional peers included (viem for the gateway, the
// multichain API client): size-limit would leave every peer out, so `external` is set
// here to what a check leaves out on purpose (`ignore`).
const entry = (name, file, imported, limit, ignore = []) => ({
  name,
  path: `lib/esm/${file}/index.mjs`,
  import: imported,
  gzip: true,
  modifyEsbuildConfig: (config) => ({
    ...config,
    external: ignore,
    // lib/esm's shared chunks are bare imports esbuild rightly drops: no warning.
    logLevel: 'error',
  }),
  ...(limit ? { limit } : {}),
});

// The targets are client ≤ 7 kB and wallet ≤ 10 kB. Not met yet (docs/performance.md
// says where the bytes go): until they are, those two gates hold the sizes reached so far,
// so CI fails on any growth; lower them as the targets come in reach. The client's gate
// moved from 8 to 8.1 kB for one more method contract (snapnet_replaceTransaction's
// params and result structs, which the client validates like every other method's).
const checks = [
  entry('snapnet/client', 'client/snap', '{ createSnapnetClient }', '8.1 kB'),
  entry(
    'snapnet/multichain',
    'client/multichain',
    '{ createMultichainClient }',
    '2.5 kB',
  ),
  // 18 kB before reverts were typed: a revert is now viem's own ExecutionRevertedError, whose
  // module (viem's errors/node.js, every node error class with formatGwei) viem's
  // packaging keeps whole, 1.3 kB; the revert decoding and the key redaction add 0.5 kB.
  entry(
    'snapnet/gateway',
    'client/gateway',
    '{ createGatewayClient }',
    '18.7 kB',
  ),
  entry(
    'snapnet/wallet (get-starknet-wallet-standard external)',
    'client/wallet',
    '{ installSnapnetWallet }',
    '12.4 kB',
    ['@starknet-io/get-starknet-wallet-standard'],
  ),
  entry(
    'snapnet/wallet (all bundled)',
    'client/wallet',
    '{ installSnapnetWallet }',
  ),
  entry('snapnet/api (everything)', 'api', '*'),
  {
    name: 'snap bundle (dist/bundle.js)',
    path: 'dist/bundle.js',
    disablePlugins: ['@size-limit/esbuild'],
    gzip: true,
    // 150 KiB with everything of its round: one noble copy, no mnemonic or Edwards
    // curve code, starknet.js' unused namespaces dropped (docs/performance.md).
    limit: '150 KiB',
  },
];

export default checks;
