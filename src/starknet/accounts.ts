import { InvalidField } from '../errors';
import type { AccountKeys, KeyDeriver } from '../keys/derive';
import type { Store } from '../state/store';
import type { AccountRecord } from '../state/types';
import type { CairoVersion } from './address';
import { accountAddress } from './address';
import type { Network } from './networks';

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

/** What finding an account needs of a request (the rpc layer's context has it). */
export type AccountLookup = {
  store: Store;
  network: Network;
  keys: () => Promise<KeyDeriver>;
};

/**
 * Finds which of this wallet's accounts an address is, and derives its keys. Looks in
 * state first, then derives the first indexes (both account kinds).
 *
 * @param ctx - Request context.
 * @param address - Normalized account address.
 * @param field - Param name, for the error.
 * @returns The record and its keys.
 * @throws InvalidField when the address is not this wallet's on that network.
 */
export async function findWalletAccount(
  ctx: AccountLookup,
  address: string,
  field: string,
): Promise<{
  record: AccountRecord;
  keys: AccountKeys;
}> {
  const state = await ctx.store.read();
  const stored = (state.accounts[ctx.network.chainId] ?? []).find(
    (item) => item.address === address,
  );
  const derive = await ctx.keys();
  if (stored) {
    const keys = await derive(stored.addressIndex);
    return { record: stored, keys };
  }
  for (let index = 0; index < ACCOUNT_LOOKUP_LIMIT; index++) {
    const keys = await derive(index);
    for (const version of ['1', '0'] as const) {
      const record = toAccountRecord(keys, ctx.network.chainId, version);
      if (record.address === address) {
        return { record, keys };
      }
    }
  }
  throw new InvalidField(
    field,
    `${address} is not an account of this wallet on ${ctx.network.name}; create or recover it first`,
  );
}
