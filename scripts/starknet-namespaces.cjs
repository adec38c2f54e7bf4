/**
 * Webpack loader for starknet.js' bundle (dist/index.mjs), used by snap.config.ts: lets
 * the bundler drop the namespaces the snap does not use.
 *
 * starknet.js ships one file in which every namespace (`hash`, `num`, `provider`,
 * `starknetId`, `events`, the wallet connectors, …) is filled by a top-level
 * `__export(ns, { name: () => value, … })` call. A call is a side effect to a bundler,
 * so every namespace, and every function and class its getters name, stayed in the
 * snap whether the snap used it or not: 142 kB of the 492 kB file after minification.
 * Here each namespace is built by one expression marked pure
 * (`var ns = /* @__PURE__ *\/ __exportPure({ … })`), the same getters on a fresh object,
 * and the two module-level `new Deployer(…)` likewise, so a namespace nobody imports
 * is dropped with whatever only it reaches. The namespaces the snap imports are the
 * same objects with the same getters as before.
 *
 * The build fails if starknet.js changes its output so that a namespace is still
 * filled by a bare `__export` call (instead of silently keeping the bytes).
 */
const NAMESPACE =
  /var (\w+_exports) = \{\};\n__export\(\1, \{([\s\S]*?)\n\}\);/gu;
const HELPER = 'var __copyProps';
const PURE_HELPER = `var __exportPure = (all) => {
  const target = {};
  __export(target, all);
  return target;
};
`;
const DEPLOYER = /[=] new Deployer\(/gu;

/**
 * Rewrites each namespace.
 *
 * @param {string} source - The bundle, starknet.js' dist/index.mjs.
 * @returns {string} The same with each namespace built by a pure expression.
 */
module.exports = function starknetNamespaces(source) {
  const rewritten = source
    .replace(
      NAMESPACE,
      (_match, name, body) =>
        `var ${name} = /* @__PURE__ */ __exportPure({${body}\n});`,
    )
    .replace(HELPER, `${PURE_HELPER}${HELPER}`)
    .replace(DEPLOYER, '= /* @__PURE__ */ new Deployer(');
  if (!rewritten.includes(PURE_HELPER) || /^__export\(/mu.test(rewritten)) {
    this.emitError(
      new Error(
        `${this.resourcePath}: starknet.js fills a namespace in a way scripts/starknet-namespaces.cjs does not rewrite`,
      ),
    );
  }
  return rewritten;
};
