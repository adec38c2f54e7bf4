import base, { createConfig } from '@metamask/eslint-config';
import nodejs from '@metamask/eslint-config-nodejs';
import typescript from '@metamask/eslint-config-typescript';
import jest from 'eslint-plugin-jest';

const config = createConfig([
  ...base,
  {
    rules: {
      // JSDoc on what a module exports (what it does and why), as the style guide asks;
      // not on every inner arrow function or type member. No auto-fixer: it inserts
      // empty comment stubs.
      'jsdoc/require-jsdoc': [
        'error',
        {
          publicOnly: true,
          enableFixer: false,
          require: {
            ArrowFunctionExpression: true,
            ClassDeclaration: true,
            FunctionDeclaration: true,
            FunctionExpression: true,
            MethodDefinition: false,
          },
          contexts: ['TSInterfaceDeclaration'],
        },
      ],
    },
  },
  {
    ignores: [
      'dist/',
      'lib/',
      '.e2e*/',
      'node_modules/',
      'stubs/',
      'coverage/',
    ],
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
      'scripts/**/*',
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
      // Test helpers may let TypeScript infer what simulation helpers return.
      '@typescript-eslint/explicit-function-return-type': 'off',
      // Tests spell out JSON-RPC shapes (transaction_hash, max_amount, …).
      '@typescript-eslint/naming-convention': 'off',
    },
  },
  {
    files: ['**/*.tsx'],
    rules: {
      // snaps JSX components are named like DOM globals (Text, Image, Button).
      '@typescript-eslint/no-shadow': ['error', { builtinGlobals: false }],
    },
  },
  {
    files: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    extends: [jest.configs['flat/recommended']],
    rules: {
      // snaps-jest hands out `request` & co. as detached methods by design.
      '@typescript-eslint/unbound-method': 'off',
      'jest/expect-expect': [
        'error',
        { assertFunctionNames: ['expect', 'expect*'] },
      ],
    },
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
