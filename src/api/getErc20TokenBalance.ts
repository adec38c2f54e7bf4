import type { Infer } from '@metamask/superstruct';
import { object, optional, string } from '@metamask/superstruct';

import { ChainIdStruct } from './common';
import { AddressStruct } from './felt';

/** `snapnet_getErc20TokenBalance`: any token, any holder. */
export const GetErc20TokenBalanceParamsStruct = object({
  tokenAddress: AddressStruct,
  userAddress: AddressStruct,
  chainId: optional(ChainIdStruct),
});
export type GetErc20TokenBalanceParams = Infer<
  typeof GetErc20TokenBalanceParamsStruct
>;

/** The full u256 balance in hex, at the latest and at the pre-confirmed block. */
export const GetErc20TokenBalanceResultStruct = object({
  balanceLatest: string(),
  balancePending: string(),
});
export type GetErc20TokenBalanceResult = Infer<
  typeof GetErc20TokenBalanceResultStruct
>;
