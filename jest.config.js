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
      transform,
      moduleNameMapper,
      // The e2e build folders hold a copy of package.json.
      modulePathIgnorePatterns: ['<rootDir>/.e2e'],
      testMatch: ['<rootDir>/test/**/*.test.ts'],
      testPathIgnorePatterns: ['<rootDir>/test/e2e/', '/node_modules/'],
    },
    {
      displayName: 'e2e',
      preset: '@metamask/snaps-jest',
      transform,
      moduleNameMapper,
      modulePathIgnorePatterns: ['<rootDir>/.e2e'],
      testMatch: ['<rootDir>/test/e2e/**/*.test.ts?(x)'],
      testEnvironmentOptions: {
        server: {
          root: resolve(__dirname, process.env.SNAPNET_E2E_DIR ?? '.e2e'),
        },
      },
      globalSetup: '<rootDir>/test/node/global-setup.ts',
      globalTeardown: '<rootDir>/test/node/global-teardown.ts',
    },
  ],
};
