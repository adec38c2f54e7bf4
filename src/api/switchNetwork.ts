import type { Infer } from '@metamask/superstruct';
import { boolean, object } from '@metamask/superstruct';

import { ChainIdStruct } from './common';

/** `snapnet_switchNetwork`: the network to make current. */
export const SwitchNetworkParamsStruct = object({ chainId: ChainIdStruct });
export type SwitchNetworkParams = Infer<typeof SwitchNetworkParamsStruct>;

/** True when the user approved (or it was already current), false when refused. */
export const SwitchNetworkResultStruct = boolean();
export type SwitchNetworkResult = Infer<typeof SwitchNetworkResultStruct>;
