/**
 * Webpack loader for starknet.js' bundle, used by snap.config.ts. starknet.js picks a
 * public default node with `Math.random()` when a provider is given no URL; the snap
 * always gives one, so that code never runs, but the Snaps CLI rightly warns about
 * `Math.random` in a wallet bundle. This rewrites the pick to use
 * `crypto.getRandomValues`, and fails the build if starknet.js changes it so that the
 * rewrite no longer applies (instead of silently letting the warning back).
 */
const PICK = /Math\.floor\(Math\.random\(\) \* nodes\.length\)/gu;
const SAFE_PICK =
  'crypto.getRandomValues(new Uint32Array(1))[0] % nodes.length';

/**
 * Rewrites the pick.
 *
 * @param {string} source - A starknet.js dist file.
 * @returns {string} The same with the default-node pick rewritten.
 */
module.exports = function starknetDefaultNode(source) {
  const rewritten = source.replace(PICK, SAFE_PICK);
  if (rewritten.includes('Math.random')) {
    this.emitError(
      new Error(
        `${this.resourcePath}: starknet.js uses Math.random in a way scripts/starknet-default-node.cjs does not rewrite`,
      ),
    );
  }
  return rewritten;
};
