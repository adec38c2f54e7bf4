import type { Infer } from '@metamask/superstruct';
import {
  array,
  enums,
  integer,
  literal,
  nullable,
  number,
  record,
  string,
  type,
  union,
} from '@metamask/superstruct';

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

/** A token on a network's watch list (interface.md token object, plus its name). */
export const TokenRecordStruct = type({
  address: string(),
  name: string(),
  symbol: string(),
  decimals: integer(),
  logo: string(),
});
export type TokenRecord = Infer<typeof TokenRecordStruct>;

/** Transaction statuses held in state (interface.md, plus the node's REVERTED/L1). */
export const TransactionStatusStruct = enums([
  'RECEIVED',
  'PENDING',
  'ACCEPTED_ON_L2',
  'ACCEPTED_ON_L1',
  'REJECTED',
  'REVERTED',
]);
export type TransactionStatus = Infer<typeof TransactionStatusStruct>;

/** A transaction the snap sent (interface.md transaction record). */
export const TransactionRecordStruct = type({
  txnHash: string(),
  txnType: enums(['invoke', 'deploy_account', 'declare']),
  senderAddress: string(),
  contractAddress: string(),
  contractFuncName: string(),
  contractCallData: array(string()),
  status: TransactionStatusStruct,
  failureReason: nullable(string()),
  eventIds: array(string()),
  timestamp: number(),
  chainId: string(),
});
export type TransactionRecord = Infer<typeof TransactionRecordStruct>;

/**
 * Everything the snap persists, keyed by chain id where it differs per network. No key
 * material ever goes in here: keys are derived again on each request.
 */
export const SnapStateStruct = type({
  version: integer(),
  currentNetwork: string(),
  accounts: record(string(), array(AccountRecordStruct)),
  tokens: record(string(), array(TokenRecordStruct)),
  transactions: record(string(), array(TransactionRecordStruct)),
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
});
export type SnapState = Infer<typeof SnapStateStruct>;
