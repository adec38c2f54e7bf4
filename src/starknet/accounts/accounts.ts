import { AccountKeyMismatch, InvalidField } from '../../errors';
import type { AccountKeys, KeyDeriver } from '../../keys/derive';
import type { AccountRecord, SnapState } from '../../state/types';
import type { Network } from '../node/networks';
import type { CairoVersion } from './address';
import { accountAddress, toFelt64 } from './address';

/**
 * How many indexes past the stored accounts an address is looked for, so that a dapp
 * can use an account of this seed even before it was created or recovered here.
 */
export const ACCOUNT_LOOKUP_LIMIT = 10;

/**
 * The record the snap keeps for a derived account.
 *
 * @param keys - The account's derived keys.
 * @param chainId - The network.
 * @param cairoVersion - Which account contract the address is for.
 * @param deployTxnHash - Hash of the deploy transaction, when the snap sent one.
 * @returns The record (no key material).
 */
export function toAccountRecord(
  keys: AccountKeys,
  chainId: string,
  cairoVersion: CairoVersion = '1',
  deployTxnHash = '',
): AccountRecord {
  return {
    address: accountAddress(keys.publicKey, cairoVersion),
    addressIndex: keys.addressIndex,
    publicKey: keys.publicKey,
    addressSalt: keys.publicKey,
    deployTxnHash,
    derivationPath: keys.derivationPath,
    chainId,
    cairoVersion,
  };
}

/**
 * The address a record's public key gives for its account kind.
 *
 * @param record - A stored account.
 * @returns The address, or undefined when the stored key is not a felt.
 */
function addressOfKey(record: AccountRecord): string | undefined {
  try {
    return accountAddress(record.publicKey, record.cairoVersion);
  } catch {
    return undefined;
  }
}

/** What finding an account needs of a request (the rpc layer's context has it). */
export type AccountLookup = {
  /** The state read when the request began (stored accounts only get added). */
  state: SnapState;
  network: Network;
  keys: () => Promise<KeyDeriver>;
};

/**
 * Finds which of this wallet's accounts an address is, without keeping any key: a
 * stored account whose public key gives its address is taken from state (no
 * derivation, so no key exists before the user approves); any other is looked for
 * among the first indexes (both account kinds), its key derived and dropped at once.
 * Signing needs {@link unlockAccount} after the dialog.
 *
 * @param ctx - Request context.
 * @param address - Normalized account address.
 * @param field - Param name, for the error.
 * @returns The account's record.
 * @throws InvalidField when the address is not this wallet's on that network.
 */
export async function findWalletAccount(
  ctx: AccountLookup,
  address: string,
  field: string,
): Promise<{ record: AccountRecord }> {
  const { state } = ctx;
  // A stored record whose public key does not give its address is damaged: skipped.
  const stored = (state.accounts[ctx.network.chainId] ?? []).find(
    (item) => item.address === address && addressOfKey(item) === address,
  );
  if (stored) {
    return { record: stored };
  }
  const derive = await ctx.keys();
  for (let index = 0; index < ACCOUNT_LOOKUP_LIMIT; index++) {
    const keys = await derive(index);
    for (const version of ['1', '0'] as const) {
      const record = toAccountRecord(keys, ctx.network.chainId, version);
      if (record.address === address) {
        return { record };
      }
    }
  }
  throw new InvalidField(
    field,
    `${address} is not an account of this wallet on ${ctx.network.name}; create or recover it first`,
  );
}

/**
 * Derives the key an account signs with, and proves it is that account's: the
 * derivation path must be the one of the stored index, and the address computed from
 * the derived public key (class hash and constructor calldata of the record's account
 * kind, Cairo 1 or the legacy proxy) must be the account's. A record whose index, path,
 * public key or kind was damaged or tampered with is refused here, before anything is
 * signed or sent. Call it only once the user approved.
 *
 * @param ctx - Request context (its key deriver).
 * @param record - The account about to sign.
 * @returns Its keys.
 * @throws AccountKeyMismatch when the key does not belong to the account.
 */
export async function unlockAccount(
  ctx: Pick<AccountLookup, 'keys'>,
  record: AccountRecord,
): Promise<AccountKeys> {
  const keys = await (await ctx.keys())(record.addressIndex);
  const derivedAddress = accountAddress(keys.publicKey, record.cairoVersion);
  if (keys.derivationPath !== record.derivationPath) {
    throw new AccountKeyMismatch(
      record.address,
      `its stored derivation path ${record.derivationPath} is not the path ${keys.derivationPath} of its index ${record.addressIndex}`,
    );
  }
  if (
    derivedAddress !== record.address ||
    keys.publicKey !== toFelt64(record.publicKey)
  ) {
    throw new AccountKeyMismatch(
      record.address,
      `the key at index ${record.addressIndex} gives account ${derivedAddress}`,
    );
  }
  return keys;
}
