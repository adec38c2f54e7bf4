// Runs the snap benchmarks (bench/*.bench.ts) in the snaps simulation against the
// fake node, like the e2e suites. They print figures; they assert nothing.
const { resolve } = require('path');

/** @type {import('jest').Config} */
module.exports = {
  rootDir: resolve(__dirname, '..'),
  preset: '@metamask/snaps-jest',
  transform: {
    '^.+\\.(t|j)sx?$': [
      'ts-jest',
      { diagnostics: false, tsconfig: 'tsconfig.json' },
    ],
  },
  testMatch: ['<rootDir>/bench/**/*.bench.ts'],
  modulePathIgnorePatterns: ['<rootDir>/.e2e'],
  testEnvironmentOptions: {
    server: {
      root: resolve(__dirname, '..', process.env.SNAPNET_E2E_DIR ?? '.e2e'),
    },
  },
  globalSetup: '<rootDir>/test/setup/global-setup.ts',
  globalTeardown: '<rootDir>/test/setup/global-teardown.ts',
  // Bounded: a benchmark that hangs fails after 10 min; the guard of test/reporter.js
  // names what a run left open instead of waiting for it.
  testTimeout: 600000,
  reporters: ['default', '<rootDir>/test/reporter.js'],
};
