const { resolve } = require('path');

// Two projects: `unit` (plain Node: helpers, fake node, gateway and multichain clients)
// and `e2e` (the built snap in the snaps simulation, against the fake Starknet node that
// the global setup starts on a fixed loopback port baked into the e2e build).
const transform = {
  '^.+\\.(t|j)sx?$': [
    'ts-jest',
    { diagnostics: false, tsconfig: 'tsconfig.json' },
  ],
};

// `ox` (imported by @starknet-io/get-starknet-wallet-standard, whose
// `StarknetInjectedWallet` the wallet adapter reuses), its own @noble/@scure copies and
// the ES-module-only packages its index imports ship ES modules only: compile them to
// CommonJS like our sources (ts-jest with `allowJs`); other node_modules load as they are.
const ESM_ONLY = '(ox|@noble/ciphers|@noble/post-quantum|abitype|zod)';
const esmTransform = [
  'ts-jest',
  {
    diagnostics: false,
    tsconfig: {
      allowJs: true,
      module: 'commonjs',
      target: 'es2022',
      esModuleInterop: true,
    },
  },
];
const esmDependencies = {
  transform: {
    [`/node_modules/${ESM_ONLY}/.+\\.js$`]: esmTransform,
    ...transform,
  },
  transformIgnorePatterns: [
    `^(?!.*/node_modules/${ESM_ONLY}/).*/node_modules/`,
  ],
};
// Tests import the testing kit by its published name, as a dapp's tests do.
const moduleNameMapper = {
  '^snapnet/testing$': '<rootDir>/src/client/testing/index.ts',
};

/** @type {import('jest').Config} */
module.exports = {
  reporters: ['default', '<rootDir>/test/reporter.js'],
  // E2E tests drive dialogs and a node; the snaps-jest preset's 30 s, for all.
  testTimeout: 30000,
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      ...esmDependencies,
      moduleNameMapper,
      // The e2e build folders hold a copy of package.json.
      modulePathIgnorePatterns: ['<rootDir>/.e2e'],
      testMatch: [
        '<rootDir>/test/**/*.test.ts',
        '<rootDir>/src/fakeNode/**/*.test.ts',
      ],
      testPathIgnorePatterns: ['<rootDir>/test/e2e/', '/node_modules/'],
    },
    {
      displayName: 'e2e',
      preset: '@metamask/snaps-jest',
      ...esmDependencies,
      moduleNameMapper,
      modulePathIgnorePatterns: ['<rootDir>/.e2e'],
      // The benchmarks run here once each (bench/smoke.setup.js: one iteration), so a
      // benchmark that breaks fails the run; `npm run bench` measures (bench/jest.config.js).
      testMatch: [
        '<rootDir>/test/e2e/**/*.test.ts?(x)',
        '<rootDir>/bench/**/*.bench.ts',
      ],
      setupFiles: ['<rootDir>/bench/smoke.setup.js'],
      testEnvironmentOptions: {
        server: {
          root: resolve(__dirname, process.env.SNAPNET_E2E_DIR ?? '.e2e'),
        },
      },
      globalSetup: '<rootDir>/test/setup/global-setup.ts',
      globalTeardown: '<rootDir>/test/setup/global-teardown.ts',
    },
  ],
};
