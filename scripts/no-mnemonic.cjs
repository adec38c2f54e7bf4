/**
 * What the snap bundle gets for `@metamask/scure-bip39` (and its English wordlist),
 * through the aliases in snap.config.ts.
 *
 * The snap derives keys from the coin-type node MetaMask hands it
 * (`snap_getBip44Entropy` → key-tree's `getBIP44AddressKeyDeriver`); the manifest gives
 * it no way to see a secret recovery phrase. key-tree still imports scure-bip39 at
 * module level for its `bip39:` path segment and `mnemonicPhraseToBytes`, which brings
 * the 2048-word list and scure-bip39's own CommonJS copies of `@scure/base` and
 * `@noble/hashes`: 17.4 kB gzip of the bundle for code the snap cannot reach. Here both
 * names exist and refuse any use with an error that says why, so a future caller fails
 * loudly instead of deriving something else. test/unit/bundleAliases.test.ts checks
 * that only those key-tree modules import scure-bip39, taking only these names.
 */
const refuse = () => {
  throw new Error(
    'snapnet derives keys from snap_getBip44Entropy only: mnemonic phrases are not part of the snap bundle',
  );
};

module.exports = {
  mnemonicToEntropy: refuse,
  wordlist: new Proxy([], { get: refuse }),
};
