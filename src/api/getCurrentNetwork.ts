import type { Infer } from '@metamask/superstruct';
import { object } from '@metamask/superstruct';

import { NetworkStruct } from './common';

/** `snapnet_getCurrentNetwork` takes no parameters (an empty object). */
export const GetCurrentNetworkParamsStruct = object({});
export type GetCurrentNetworkParams = Infer<
  typeof GetCurrentNetworkParamsStruct
>;

/** The network the snap uses when a call omits `chainId`. */
export const GetCurrentNetworkResultStruct = NetworkStruct;
export type GetCurrentNetworkResult = Infer<
  typeof GetCurrentNetworkResultStruct
>;
