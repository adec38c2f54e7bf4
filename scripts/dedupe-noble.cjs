/**
 * A webpack plugin for the snap bundle (snap.config.ts): one copy of `@noble/curves`
 * and `@noble/hashes` (starknet.js'), and none of the Edwards curve.
 *
 * npm gives starknet.js (`@noble/curves ~1.7.0`, `@noble/hashes ~1.6.0`) and
 * `@scure/starknet` (the same ranges) each their own nested copy, starknet.js'
 * `@noble/curves` 1.7.0 a third `@noble/hashes` (1.6.0, patch below starknet.js'
 * 1.6.1), and key-tree and `@metamask/utils` the top-level curves 1.9.7 and hashes
 * 1.8.0: the bundle carried the Weierstrass, modular, SHA-2/3 and HMAC code two or
 * three times. Every bare `@noble/curves` / `@noble/hashes` import is resolved from
 * starknet.js' folder, so all get starknet.js' copies. Same major everywhere; for
 * hashes within every declared range (`@metamask/utils` ^1.3.1, key-tree ^1.3.2);
 * key-tree declares curves ^1.8.1 and gets 1.7.0, one minor below: it uses only
 * `secp256k1` (`getPublicKey`, `ProjectivePoint` `fromHex`/`fromPrivateKey`/`add`,
 * `utils.isValidPrivateKey`, `CURVE`) and `mod`, all in 1.7.0 with the same meaning,
 * and the e2e suites compare every key the bundle derives with key-tree run outside
 * it on its own 1.9.7 (test/fixtures/wallet.ts).
 *
 * key-tree's `@noble/curves/ed25519` (SLIP-10 ed25519 and CIP-3 derivation, which
 * Starknet keys never use: the snap derives secp256k1 BIP-44 nodes only) gets
 * scripts/no-ed25519.cjs, which refuses any use saying why.
 * test/unit/bundleAliases.test.ts checks the ranges and the names key-tree takes.
 */
const { join, sep } = require('path');

const ROOT = join(__dirname, '..', 'node_modules');
const STARKNET = join(ROOT, 'starknet');
const NOBLE = /^@noble\/(?:curves|hashes)(?:\/|$)/u;
const ED25519 = /^@noble\/curves\/ed25519(?:\.js)?$/u;
const KEY_TREE = join(ROOT, '@metamask', 'key-tree') + sep;
const NO_ED25519 = join(__dirname, 'no-ed25519.cjs');
/** starknet.js' own noble copies, the only ones left in the bundle. */
const KEPT = [
  join(STARKNET, 'dist') + sep,
  join(STARKNET, 'node_modules', '@noble', 'hashes') + sep,
];

/**
 * Where a bare noble import is resolved from.
 *
 * @param {string} request - The import, e.g. `@noble/hashes/sha3`.
 * @param {string} context - The importing module's folder.
 * @returns {{ request: string, context: string }} The request and folder to resolve.
 */
function redirect(request, context) {
  if (!NOBLE.test(request)) {
    return { request, context };
  }
  if (ED25519.test(request) && (context + sep).startsWith(KEY_TREE)) {
    return { request: NO_ED25519, context };
  }
  if (KEPT.some((folder) => (context + sep).startsWith(folder))) {
    return { request, context };
  }
  return { request, context: STARKNET };
}

/** The webpack plugin. */
class DedupeNoble {
  /**
   * Points noble imports at starknet.js' folder before webpack resolves them.
   *
   * @param {import('webpack').Compiler} compiler - The snap's compiler.
   */
  apply(compiler) {
    compiler.hooks.normalModuleFactory.tap('DedupeNoble', (factory) => {
      factory.hooks.beforeResolve.tap('DedupeNoble', (data) => {
        const target = redirect(data.request, data.context);
        data.request = target.request;
        data.context = target.context;
      });
    });
  }
}

module.exports = { DedupeNoble, STARKNET, redirect };
