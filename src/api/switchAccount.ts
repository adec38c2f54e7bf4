import type { Infer } from '@metamask/superstruct';
import { object, optional } from '@metamask/superstruct';

import { AddressStruct, ChainIdStruct } from './common';
import { AccountStruct } from './listAccounts';

/**
 * `snapnet_switchAccount`: the account of this wallet to make current on a network.
 * The user confirms in a dialog unless it already is current.
 */
export const SwitchAccountParamsStruct = object({
  address: AddressStruct,
  chainId: optional(ChainIdStruct),
});
export type SwitchAccountParams = Infer<typeof SwitchAccountParamsStruct>;

/** The account now current (refusal is an error, 4001, not a result). */
export const SwitchAccountResultStruct = AccountStruct;
export type SwitchAccountResult = Infer<typeof SwitchAccountResultStruct>;
