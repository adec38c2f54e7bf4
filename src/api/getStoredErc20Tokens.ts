import type { Infer } from '@metamask/superstruct';
import { array } from '@metamask/superstruct';

import { TokenStruct } from './addErc20Token';
import { ChainOnlyParamsStruct } from './common';

/** `snapnet_getStoredErc20Tokens`: the network whose watch list to read. */
export const GetStoredErc20TokensParamsStruct = ChainOnlyParamsStruct;
export type GetStoredErc20TokensParams = Infer<
  typeof GetStoredErc20TokensParamsStruct
>;

/** The watch list: the preloaded tokens of the network, then the ones added. */
export const GetStoredErc20TokensResultStruct = array(TokenStruct);
export type GetStoredErc20TokensResult = Infer<
  typeof GetStoredErc20TokensResultStruct
>;
