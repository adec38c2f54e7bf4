import type { Infer } from '@metamask/superstruct';
import {
  array,
  boolean,
  integer,
  object,
  optional,
  refine,
  string,
} from '@metamask/superstruct';

import { AddressIndexStruct, ChainIdStruct } from './common';

/** Upper bound on one scan, so a typo cannot make the wallet derive forever. */
export const MAX_SCAN = 1000;

const ScanCountStruct = refine(
  integer(),
  'ScanCount',
  (value) =>
    (value >= 1 && value <= MAX_SCAN) ||
    `Expected an integer between 1 and ${MAX_SCAN}`,
);

/** `snapnet_recoverAccounts`: where to start and when to stop scanning. */
export const RecoverAccountsParamsStruct = object({
  startScanIndex: optional(AddressIndexStruct),
  maxScanned: optional(ScanCountStruct),
  maxMissed: optional(ScanCountStruct),
  chainId: optional(ChainIdStruct),
});
export type RecoverAccountsParams = Infer<typeof RecoverAccountsParamsStruct>;

/** One scanned account (interface.md "recovered account", plus whether it is used). */
export const RecoveredAccountStruct = object({
  address: string(),
  addressIndex: integer(),
  publicKey: string(),
  addressSalt: string(),
  deployTxnHash: string(),
  derivationPath: string(),
  chainId: string(),
  /** The account contract is deployed at the address. */
  deployed: boolean(),
  /** Deployed, or holds ETH or STRK. */
  used: boolean(),
});
export type RecoveredAccount = Infer<typeof RecoveredAccountStruct>;

/** Every scanned index, in order, up to where the scan stopped. */
export const RecoverAccountsResultStruct = array(RecoveredAccountStruct);
export type RecoverAccountsResult = Infer<typeof RecoverAccountsResultStruct>;
