/**
 * What key-tree gets for `@noble/curves/ed25519` in the snap bundle (through
 * scripts/dedupe-noble.cjs). key-tree imports the Edwards curve at module level for
 * SLIP-10 ed25519 and CIP-3 nodes; Starknet keys are ground from secp256k1 BIP-44 nodes
 * (`snap_getBip44Entropy`, coin type 9004), so the snap never reaches that code, and the
 * curve cost 4 kB gzip. Any use throws, saying why, instead of deriving something else.
 */
const refuse = () => {
  throw new Error(
    'snapnet derives secp256k1 BIP-44 keys only: the ed25519 curve is not part of the snap bundle',
  );
};

/** key-tree keeps `ed25519.CURVE` at module level: that read alone is allowed. */
const CURVE = new Proxy({}, { get: refuse });

module.exports = {
  ed25519: new Proxy(
    {},
    { get: (_target, name) => (name === 'CURVE' ? CURVE : refuse()) },
  ),
};
