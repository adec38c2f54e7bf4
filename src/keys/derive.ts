import { getBIP44AddressKeyDeriver } from '@metamask/key-tree';
import { ec } from 'starknet';

import { toFelt64 } from '../api/felt';

/** Starknet's SLIP-44 coin type: the only entropy the manifest lets the snap read. */
export const STARKNET_COIN_TYPE = 9004;

/** Key material of one account. Lives only for the duration of one request. */
export type AccountKeys = {
  addressIndex: number;
  /** Stark private key (`0x` + 64 hex). Never stored, logged or returned. */
  privateKey: string;
  /** Stark public key (`0x` + 64 hex), the account's signer. */
  publicKey: string;
  /** Full BIP-44 path, e.g. m/44'/9004'/0'/0/3. */
  derivationPath: string;
};

/** Derives the keys of account `addressIndex`. */
export type KeyDeriver = (addressIndex: number) => Promise<AccountKeys>;

/**
 * Turns a BIP-44 node private key into a Stark key by grinding (sha256 with a counter
 * until the value is below the largest multiple of the curve order, then mod n): the
 * rule the most used Starknet snap follows, so the same seed gives the same accounts.
 *
 * @param nodePrivateKey - The BIP-44 node's 32-byte private key, hex.
 * @returns The Stark private key, padded hex.
 */
export function grindStarkKey(nodePrivateKey: string): string {
  return toFelt64(`0x${ec.starkCurve.grindKey(nodePrivateKey)}`);
}

/**
 * Asks the wallet for the coin-type 9004 node once and returns a deriver for account
 * indexes under it (m/44'/9004'/0'/0/{index}). Call it once per request.
 *
 * @returns The deriver.
 */
export async function getKeyDeriver(): Promise<KeyDeriver> {
  const coinTypeNode = await snap.request({
    method: 'snap_getBip44Entropy',
    params: { coinType: STARKNET_COIN_TYPE },
  });
  const deriveNode = await getBIP44AddressKeyDeriver(coinTypeNode);
  return async (addressIndex) => {
    const node = await deriveNode(addressIndex);
    if (!node.privateKey) {
      throw new Error(
        `Key derivation gave no private key at index ${addressIndex}`,
      );
    }
    const privateKey = grindStarkKey(node.privateKey);
    return {
      addressIndex,
      privateKey,
      publicKey: toFelt64(ec.starkCurve.getStarkKey(privateKey)),
      derivationPath: `m/44'/${STARKNET_COIN_TYPE}'/0'/0/${addressIndex}`,
    };
  };
}
