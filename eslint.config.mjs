import base, { createConfig } from '@metamask/eslint-config';
import nodejs from '@metamask/eslint-config-nodejs';
import typescript from '@metamask/eslint-config-typescript';
import jest from 'eslint-plugin-jest';

const config = createConfig([
  ...base,
  {
    ignores: ['dist/', '.e2e/', 'node_modules/', 'stubs/', 'coverage/'],
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    extends: [nodejs],
    languageOptions: { sourceType: 'module' },
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    extends: [typescript],
    languageOptions: {
      parserOptions: { tsconfigRootDir: import.meta.dirname },
    },
  },
  {
    // Tests, the fake node, benchmarks and build scripts run in Node.
    files: [
      'test/**/*',
      'bench/**/*',
      'snap.config.ts',
      'jest.config.js',
      'eslint.config.mjs',
    ],
    extends: [nodejs],
    rules: {
      // Build-time configuration and test tooling read the environment and use the
      // file system synchronously on purpose.
      'n/no-process-env': 'off',
      'n/no-sync': 'off',
      'n/no-unsupported-features/node-builtins': 'off',
      'no-restricted-globals': 'off',
    },
  },
  {
    files: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    extends: [jest.configs['flat/recommended']],
  },
  {
    files: ['**/*.mjs'],
    languageOptions: { sourceType: 'module' },
  },
  {
    files: ['jest.config.js', 'test/reporter.js'],
    languageOptions: { sourceType: 'commonjs' },
  },
]);

export default config;
