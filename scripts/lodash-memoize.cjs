/**
 * What the snap bundle gets for `lodash`, through the alias in snap.config.ts.
 *
 * The hex module of `@metamask/utils` (pulled in by key-tree, snaps-sdk and
 * rpc-errors) does `import $lodash from "lodash"; const { memoize } = $lodash`: a
 * default import of lodash's CommonJS build, which no bundler can shake, so all of
 * lodash (74 kB minified, 22 KiB gzip of the bundle) rode along for one function.
 * This gives the same lodash `memoize` from its own per-method module. Nothing else in
 * the snap imports lodash; test/unit/lodashAlias.test.ts fails if that changes.
 */
const memoize = require('lodash/memoize');

module.exports = { memoize };
