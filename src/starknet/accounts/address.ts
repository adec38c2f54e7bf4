import { hash } from 'starknet';

import { toFelt64 } from '../../api/felt';

/** Re-exported for the snap modules that pad felts next to address code. */
export { toFelt64 } from '../../api/felt';

/** Argent account (Cairo 1): the class every new snapnet account is deployed with. */
export const ARGENT_CLASS_HASH =
  '0x29927c8af6bccf3f6fda035981e765a7bdbf18a2dc0d630494f8758aa908e2b';

/** Cairo 0 proxy used by accounts created by older wallets on mainnet. */
export const ARGENT_PROXY_CLASS_HASH =
  '0x25ec026985a3bf9d0cc1fe17326b245dfdc3ff89b8fde106542a3ea56c5a918';

/** Implementation class behind the Cairo 0 proxy. */
export const ARGENT_PROXY_IMPLEMENTATION =
  '0x033434ad846cdd5f23eb73ff09fe6fddd568284a0fb7d1be20ee482f044dabe2';

/** Which account contract an address belongs to. */
export type CairoVersion = '0' | '1';

/**
 * Constructor calldata of the Argent Cairo 1 account: signer, then guardian 0.
 *
 * @param publicKey - The signer's Stark public key.
 * @returns The calldata.
 */
export function argentConstructorCalldata(publicKey: string): string[] {
  return [toFelt64(publicKey), '0x0'];
}

/**
 * Constructor calldata of the Cairo 0 proxy: implementation, `initialize` selector and
 * its arguments (signer, guardian 0).
 *
 * @param publicKey - The signer's Stark public key.
 * @returns The calldata.
 */
export function proxyConstructorCalldata(publicKey: string): string[] {
  return [
    ARGENT_PROXY_IMPLEMENTATION,
    hash.getSelectorFromName('initialize'),
    '0x2',
    toFelt64(publicKey),
    '0x0',
  ];
}

/**
 * How many (public key, kind) → address answers are kept: more than one request uses
 * (recoverAccounts scans up to 100 indexes, two kinds each), bounded so the snap's
 * memory is.
 */
const ADDRESS_MEMO_SIZE = 512;

/** Addresses already computed, keyed by kind and padded public key. */
const addressMemo = new Map<string, string>();

/**
 * Computes the counterfactual address (see {@link accountAddress}).
 *
 * @param publicKey - The signer's Stark public key.
 * @param cairoVersion - '1' for the Argent account, '0' for the legacy proxy.
 * @returns The account address, padded.
 */
function computeAccountAddress(
  publicKey: string,
  cairoVersion: CairoVersion,
): string {
  const [classHash, calldata] =
    cairoVersion === '1'
      ? [ARGENT_CLASS_HASH, argentConstructorCalldata(publicKey)]
      : [ARGENT_PROXY_CLASS_HASH, proxyConstructorCalldata(publicKey)];
  return toFelt64(
    hash.calculateContractAddressFromHash(publicKey, classHash, calldata, 0),
  );
}

/**
 * The counterfactual address of a wallet account, as the most used Starknet snap
 * computes it (salt = public key, deployer 0), so a restored seed finds its funds.
 *
 * Pedersen hashing makes this the costliest step of a signature (9 hashes for the
 * Argent account, 12 for the proxy), and a request needs it twice for one key (the
 * account lookup before the dialog, the key check after it). It is a pure function of
 * its two inputs and holds no secret, so answers are kept for the snap's lifetime,
 * keyed by both inputs: a check with another key or kind computes afresh.
 *
 * @param publicKey - The signer's Stark public key.
 * @param cairoVersion - '1' for the Argent account, '0' for the legacy proxy.
 * @returns The account address, padded.
 */
export function accountAddress(
  publicKey: string,
  cairoVersion: CairoVersion = '1',
): string {
  const key = `${cairoVersion}:${toFelt64(publicKey)}`;
  const known = addressMemo.get(key);
  if (known !== undefined) {
    return known;
  }
  const address = computeAccountAddress(publicKey, cairoVersion);
  if (addressMemo.size >= ADDRESS_MEMO_SIZE) {
    // Oldest first: a Map iterates in insertion order.
    const [oldest] = addressMemo.keys();
    addressMemo.delete(oldest ?? key);
  }
  addressMemo.set(key, address);
  return address;
}
