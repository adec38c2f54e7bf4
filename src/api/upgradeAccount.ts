import type { Infer } from '@metamask/superstruct';
import { object, optional, string } from '@metamask/superstruct';

import { ChainIdStruct } from './common';
import { AddressStruct } from './felt';

/**
 * `snapnet_upgradeAccount`: the wallet account to move one step along Argent's safe
 * upgrade path (Cairo 0 → 0.3.1 → 0.4.0). The snap picks the target class; a page
 * cannot name one. The user confirms in a dialog.
 */
export const UpgradeAccountParamsStruct = object({
  address: AddressStruct,
  chainId: optional(ChainIdStruct),
});
export type UpgradeAccountParams = Infer<typeof UpgradeAccountParamsStruct>;

/** The upgrade's invoke (refusal is an error, 4001, not a result). */
export const UpgradeAccountResultStruct = object({
  transaction_hash: string(),
});
export type UpgradeAccountResult = Infer<typeof UpgradeAccountResultStruct>;
