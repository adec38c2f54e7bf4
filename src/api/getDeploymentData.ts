import type { Infer } from '@metamask/superstruct';
import {
  array,
  literal,
  object,
  optional,
  string,
} from '@metamask/superstruct';

import { AddressStruct, ChainIdStruct } from './common';

/**
 * `snapnet_getDeploymentData`: which account (default: the current one of the
 * network) to describe. The wallet API's `wallet_deploymentData` maps onto it.
 */
export const GetDeploymentDataParamsStruct = object({
  address: optional(AddressStruct),
  chainId: optional(ChainIdStruct),
});
export type GetDeploymentDataParams = Infer<
  typeof GetDeploymentDataParamsStruct
>;

/**
 * What deploying the (not yet deployed) account takes, in the wallet API's
 * `ACCOUNT_DEPLOYMENT_DATA` shape: anyone can send the deploy_account transaction
 * with it. `version: 1` is the Cairo 1 account contract.
 */
export const GetDeploymentDataResultStruct = object({
  address: string(),
  class_hash: string(),
  salt: string(),
  calldata: array(string()),
  version: literal(1),
});
export type GetDeploymentDataResult = Infer<
  typeof GetDeploymentDataResultStruct
>;
