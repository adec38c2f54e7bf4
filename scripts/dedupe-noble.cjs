/**
 * A webpack plugin for the snap bundle (snap.config.ts): one copy of starknet.js'
 * `@noble/curves` and `@noble/hashes` instead of three.
 *
 * npm gives starknet.js (`@noble/curves ~1.7.0`, `@noble/hashes ~1.6.0`) and
 * `@scure/starknet` (the same ranges) each their own nested copy, and starknet.js'
 * `@noble/curves` 1.7.0 a third `@noble/hashes` (1.6.0, patch below starknet.js'
 * 1.6.1): the bundle carried the Weierstrass, modular, Poseidon, SHA-2/3 and HMAC code
 * of the same versions two or three times. Bare `@noble/curves` / `@noble/hashes`
 * imports from those packages are resolved from starknet.js' folder, so they all get
 * starknet.js' copies, in the ranges each package declares. Nothing else is touched:
 * key-tree keeps the top-level (newer) noble it declares.
 * test/unit/bundleAliases.test.ts checks the versions still match.
 */
const { join, sep } = require('path');

const ROOT = join(__dirname, '..', 'node_modules');
const STARKNET = join(ROOT, 'starknet');
const NOBLE = /^@noble\/(?:curves|hashes)(?:\/|$)/u;
/** Packages whose noble imports get starknet.js' copies. */
const DUPLICATES = [
  join(ROOT, '@scure', 'starknet'),
  join(STARKNET, 'node_modules', '@noble', 'curves'),
].map((folder) => folder + sep);

/** The webpack plugin. */
class DedupeNoble {
  /**
   * Points those packages' noble imports at starknet.js' folder before webpack resolves them.
   *
   * @param {import('webpack').Compiler} compiler - The snap's compiler.
   */
  apply(compiler) {
    compiler.hooks.normalModuleFactory.tap('DedupeNoble', (factory) => {
      factory.hooks.beforeResolve.tap('DedupeNoble', (data) => {
        if (
          NOBLE.test(data.request) &&
          DUPLICATES.some((folder) => (data.context + sep).startsWith(folder))
        ) {
          data.context = STARKNET;
        }
      });
    });
  }
}

module.exports = { DedupeNoble, STARKNET, DUPLICATES };
