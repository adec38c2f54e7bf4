import type { Infer } from '@metamask/superstruct';
import {
  array,
  enums,
  nullable,
  number,
  optional,
  string,
  type,
} from '@metamask/superstruct';

/** Transaction statuses held in state (interface.md, plus the node's REVERTED/L1). */
export const TransactionStatusStruct = enums([
  'RECEIVED',
  'PENDING',
  'ACCEPTED_ON_L2',
  'ACCEPTED_ON_L1',
  'REJECTED',
  'REVERTED',
  // Sent, but the node's answer was lost and it could not yet tell whether it has it.
  'UNCONFIRMED',
]);
export type TransactionStatus = Infer<typeof TransactionStatusStruct>;

/**
 * A transaction the snap sent (interface.md transaction record): what
 * `snapnet_getTransactions` returns and what the snap keeps in state.
 */
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
  /**
   * The nonce the snap signed it with (hex), on records of transactions the snap sent.
   * Lets the snap count sends the node has received but not included yet; older
   * records and indexer history have none.
   */
  nonce: optional(string()),
  /**
   * Host of the SNIP-29 paymaster that relayed it, on records of sends whose fee was
   * paid in another token: the hash is the paymaster's transaction, which does not
   * use the account's nonce.
   */
  paymaster: optional(string()),
  /**
   * The fee the receipt says the transaction paid, in FRI (hex), once the snap saw it
   * included (the background follow of sends reads it with the final status).
   */
  actualFee: optional(string()),
});
export type TransactionRecord = Infer<typeof TransactionRecordStruct>;
