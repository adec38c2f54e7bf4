import base, { createConfig } from '@metamask/eslint-config';
import nodejs from '@metamask/eslint-config-nodejs';
import typescript from '@metamask/eslint-config-typescript';
import jest from 'eslint-plugin-jest';

/**
 * A layer of src/ and the layers it may import (besides itself).
 *
 * @param {string} name - Folder under src/.
 * @param {string[]} below - Folders under src/ it may import.
 * @returns {object} An `import-x/no-restricted-paths` zone.
 */
function layer(name, below) {
  return {
    target: `./src/${name}`,
    from: './src',
    except: [`./${name}`, ...below.map((folder) => `./${folder}`)],
    message: `src/${name} may import only ${
      below.length
        ? below.map((folder) => `src/${folder}`).join(', ')
        : 'itself'
    } (ARCHITECTURE.md).`,
  };
}

/**
 * The rooms of src/starknet and the rooms each may import (ARCHITECTURE.md): the node
 * client at the bottom, then accounts and tokens, the sends built on them, the review
 * that plans and simulates a send, and what builds on a review.
 */
const STARKNET_ROOMS = [
  ['node', []],
  ['accounts', ['node']],
  ['tokens', ['node']],
  ['sends', ['node', 'accounts', 'tokens']],
  ['review', ['node', 'accounts', 'tokens', 'sends']],
  ['outsideExecution', ['node', 'accounts', 'tokens', 'sends', 'review']],
  [
    'paymaster',
    ['node', 'accounts', 'tokens', 'sends', 'review', 'outsideExecution'],
  ],
  ['assets', ['node', 'accounts', 'tokens', 'sends', 'review']],
];

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
      '.bench-floor/',
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
      'src/fakeNode/**/*',
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
    // snapnet/testing runs in the dapp's Node test process (servers, files, the snaps
    // simulation), not in a page or the snap.
    files: ['src/client/testing/**/*'],
    extends: [nodejs],
    rules: {
      'import-x/no-nodejs-modules': 'off',
      'no-restricted-globals': 'off',
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
    files: [
      'test/**/*.test.ts',
      'test/**/*.test.tsx',
      'src/fakeNode/**/*.test.ts',
    ],
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
    // Layers point down only (ARCHITECTURE.md): src/api and the bottom modules import
    // nothing else of the snap, src/state only src/api, src/starknet only the layers
    // below it; the dapp client never reaches into the snap.
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            layer('api', []),
            layer('errors', []),
            layer('keys', ['api']),
            layer('state', ['api']),
            layer('starknet', ['api', 'state', 'keys', 'errors']),
            // src/starknet's rooms, lowest first: each may import only the rooms below.
            ...STARKNET_ROOMS.map(([room, below]) =>
              layer(`starknet/${room}`, [
                'api',
                'state',
                'keys',
                'errors',
                ...below.map((lower) => `starknet/${lower}`),
              ]),
            ),
            layer('ui', ['api', 'state', 'keys', 'errors', 'starknet']),
            layer('lifecycle', ['ui']),
            layer('rpc', ['api', 'state', 'keys', 'errors', 'starknet', 'ui']),
            layer('keyring', [
              'api',
              'state',
              'keys',
              'errors',
              'starknet',
              'ui',
              'rpc',
            ]),
            // Background jobs: run from src/index.ts only; they read like the rpc
            // handlers and tell MetaMask through the keyring's events.
            layer('background', [
              'api',
              'state',
              'keys',
              'errors',
              'starknet',
              'ui',
              'rpc',
              'keyring',
            ]),
            {
              ...layer('client', ['api']),
              target: ['./src/client/!(testing)/**/*', './src/client/*.ts'],
            },
            {
              // The testing kit starts the fake node for a dapp's tests.
              ...layer('client', ['api', 'fakeNode']),
              target: './src/client/testing',
            },
            // The fake node stands alone: it models the chain, never the snap's code.
            layer('fakeNode', []),
            {
              // Only the testing kit ships the fake node; the snap and the runtime
              // libraries never load it.
              target: [
                './src/!(client|fakeNode)/**/*',
                './src/*.ts',
                './src/client/!(testing)/**/*',
                './src/client/*.ts',
              ],
              from: './src/fakeNode',
              except: [],
              message:
                'Only src/client/testing may import the fake node (ARCHITECTURE.md).',
            },
            {
              // The testing kit (Node only, snaps simulation) never enters what ships
              // to a page.
              target: ['./src/client/!(testing)/**/*', './src/client/*.ts'],
              from: './src/client/testing',
              except: [],
              message:
                'Only src/client/testing may import the testing kit (ARCHITECTURE.md).',
            },
          ],
        },
      ],
    },
  },
  {
    // No import circles: a loop of modules, even of types only, means a type
    // sits too high; move it down to the module both sides import.
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    rules: {
      'import-x/no-cycle': 'error',
    },
  },
  {
    // Functions short enough to read as steps (a reader holds one at a time), the dapp
    // client included;
    // a test's describe block is a list of cases, not a function to read as steps.
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    ignores: ['src/**/*.test.ts'],
    rules: {
      'max-lines-per-function': [
        'error',
        { max: 60, skipBlankLines: false, skipComments: false },
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
