import type { Infer } from '@metamask/superstruct';
import {
  array,
  boolean,
  object,
  optional,
  string,
} from '@metamask/superstruct';

import { AddressIndexStruct, ChainIdStruct } from './common';
import { AddressStruct } from './felt';
import { CallsStruct, TransactionDetailsStruct } from './transaction';

/**
 * A fee estimate (interface.md): base-10 strings in the fee token's smallest unit,
 * `unit` `fri` for STRK-paid V3 fees.
 */
export const FeeEstimateStruct = object({
  suggestedMaxFee: string(),
  overallFee: string(),
  gasConsumed: string(),
  gasPrice: string(),
  unit: string(),
  includeDeploy: optional(boolean()),
});
export type FeeEstimate = Infer<typeof FeeEstimateStruct>;

/** `snapnet_estimateAccountDeployFee`: which account (default: next unused). */
export const EstimateAccountDeployFeeParamsStruct = object({
  addressIndex: optional(AddressIndexStruct),
  chainId: optional(ChainIdStruct),
});
export type EstimateAccountDeployFeeParams = Infer<
  typeof EstimateAccountDeployFeeParamsStruct
>;

/** `snapnet_estimateFee`: the sender and the calls it would make. */
export const EstimateFeeParamsStruct = object({
  address: AddressStruct,
  invocations: CallsStruct,
  details: optional(TransactionDetailsStruct),
  chainId: optional(ChainIdStruct),
});
export type EstimateFeeParams = Infer<typeof EstimateFeeParamsStruct>;

/** Results of both estimate methods. */
export const EstimateFeeResultStruct = FeeEstimateStruct;
export const EstimateAccountDeployFeeResultStruct = FeeEstimateStruct;

/** Felts of calldata, as given by dapps. */
export const CalldataStruct = array(string());
