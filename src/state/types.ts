import type { Infer } from '@metamask/superstruct';
import {
  array,
  integer,
  literal,
  optional,
  record,
  string,
  type,
  union,
} from '@metamask/superstruct';
import type { Json } from '@metamask/utils';
import { JsonStruct } from '@metamask/utils';

import type {
  TransactionRecord,
  TransactionStatus,
} from '../api/transactionRecord';
import { TransactionRecordStruct } from '../api/transactionRecord';

export type { TransactionRecord, TransactionStatus };
export {
  TransactionRecordStruct,
  TransactionStatusStruct,
} from '../api/transactionRecord';

/** A wallet account the snap knows on one network (the recovered-account shape). */
export const AccountRecordStruct = type({
  address: string(),
  addressIndex: integer(),
  publicKey: string(),
  addressSalt: string(),
  /** Hash of the deploy transaction the snap sent; empty when unknown. */
  deployTxnHash: string(),
  derivationPath: string(),
  chainId: string(),
  /** Which account contract the address belongs to. */
  cairoVersion: union([literal('0'), literal('1')]),
});
export type AccountRecord = Infer<typeof AccountRecordStruct>;

/**
 * An account the user showed in MetaMask (keyring account): MetaMask's id for it and
 * which account of the seed it is. The keyring account itself is rebuilt from these.
 */
export const KeyringRegistrationStruct = type({
  id: string(),
  addressIndex: integer(),
  /** `0x` + 64 lowercase hex digits, the same on every network. */
  address: string(),
});
export type KeyringRegistration = Infer<typeof KeyringRegistrationStruct>;

/** A token on a network's watch list (interface.md token object, plus its name). */
export const TokenRecordStruct = type({
  address: string(),
  name: string(),
  symbol: string(),
  decimals: integer(),
  logo: string(),
  /**
   * The page that added it (every stored token was added by a page; the snap's own
   * list is never stored). Absent on tokens stored before it was kept: "a page".
   */
  origin: optional(string()),
});
export type TokenRecord = Infer<typeof TokenRecordStruct>;

/**
 * Everything the snap persists, keyed by chain id where it differs per network. No key
 * material ever goes in here: keys are derived again on each request.
 */
export const SnapStateStruct = type({
  version: integer(),
  currentNetwork: string(),
  accounts: record(string(), array(AccountRecordStruct)),
  tokens: record(string(), array(TokenRecordStruct)),
  /** chainId → sender address → records, oldest first, trimmed on write (records.ts). */
  transactions: record(
    string(),
    record(string(), array(TransactionRecordStruct)),
  ),
  /**
   * chain id → address of the account the user made current there (the wallet API's
   * one account). No entry: the network's lowest-index account is current.
   */
  currentAccounts: record(string(), string()),
  /**
   * chain id → the node URL the user chose on the home page. No entry: the build-time
   * default of the network. Only the home page writes it; no snap method does.
   */
  nodeUrls: record(string(), string()),
  /**
   * chain id → the SNIP-29 paymaster URL the user chose on the home page. No entry:
   * the build-time default. Only the home page writes it; no snap method does.
   */
  paymasterUrls: record(string(), string()),
  /**
   * chain id → class hash → the functions of its ABI (starknet/review/contractAbi.ts), read
   * from that network's node for confirmations and used only on that network. A class
   * never changes, so an entry never goes stale; entries are checked one by one where
   * they are read, so a damaged one is only fetched again.
   */
  abiCache: record(string(), record(string(), JsonStruct)),
  /**
   * chain id → token address → `{ symbol, decimals }` read from a token first met in a
   * simulation (not on the watch list), checked one by one where read; at most
   * `TOKEN_CACHE_LIMIT` (migrations.ts) per network, the oldest dropped first.
   */
  tokenCache: record(string(), record(string(), JsonStruct)),
  /**
   * keyring account id → registration: the accounts MetaMask lists for the
   * Multichain API (src/keyring). No key material.
   */
  keyringAccounts: record(string(), KeyringRegistrationStruct),
  /**
   * origin → chain id → addresses of the accounts that page may see (grants.ts), the
   * page's current account first. Only the user's dialogs naming the page add to it;
   * the home page revokes.
   */
  grants: record(string(), record(string(), array(string()))),
  /**
   * origin → chain id of the network that page switched to (its approved
   * switchNetwork): a page's requests without `chainId` use it. No entry: the global
   * `currentNetwork`, which only MetaMask's own origin (the home page) changes.
   */
  pageNetworks: record(string(), string()),
  /**
   * The keyring account ids MetaMask selected (`keyring_setSelectedAccounts`): the
   * accounts the background refreshes. No entry is a secret: MetaMask's own ids.
   */
  selectedAccounts: array(string()),
  /**
   * keyring account id → asset type → the amount in whole units last told MetaMask
   * (`''`: listed, no balance told yet), so background refreshes emit events only on
   * a change. Rebuilt from the chain if lost.
   */
  keyringBalances: record(string(), record(string(), string())),
});
export type SnapState = Infer<typeof SnapStateStruct>;

/** The state as the wallet holds it, before defaults are merged. */
export type StoredState = Record<string, Json>;

/**
 * Typed access to the snap's state (`snap_getState` / `snap_setState`).
 *
 * - `read()` merges defaults into what is stored, without writing.
 * - `update(fn)` runs read-modify-write under one queue, so overlapping requests never
 *   lose each other's writes, and writes only the values `fn` changed, each under its
 *   own key (see tracking.ts): a write costs what it changes.
 */
export type Store = {
  read(): Promise<SnapState>;
  update<Result>(
    mutate: (state: SnapState) => Result | Promise<Result>,
  ): Promise<Result>;
  /**
   * Rewrites the state exactly as stored (null when nothing is), before defaults are
   * merged and before migrations, in the same queue as `update`. For migrations only
   * (onUpdate): they must see old shapes that `read()` would replace by defaults.
   */
  rewriteStored(
    rewrite: (stored: StoredState | null) => StoredState | null,
  ): Promise<void>;
  /**
   * The same store for one request, asking MetaMask whether it is locked once per
   * request instead of before every read answered from memory (see createStore). A
   * store without it is used as it is.
   */
  forRequest?: () => Store;
};

/**
 * What migrations need to know from the layers above state, handed in by src/index.ts
 * (to the store and to `onUpdate`) so that src/state imports only src/api.
 */
export type MigrationEnv = {
  /** Whether a token is preloaded on a network (src/starknet/tokens/watchList.ts). */
  isPreloaded: (chainId: string, address: string) => boolean;
};
