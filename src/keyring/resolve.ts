import { is } from '@metamask/superstruct';
import type { Infer } from '@metamask/superstruct';
import type { JsonRpcParams } from '@metamask/utils';
import { isObject } from '@metamask/utils';

import { AddressStruct, toFelt64 } from '../api/felt';
import type { ResolveAccountAddressResultStruct } from '../api/keyring';
import { ResolveAccountAddressParamsStruct } from '../api/keyring';
import { parseParams } from '../rpc/params';
import type { SnapState } from '../state/types';
import { chainIdOfScope } from './accounts';

/**
 * `keyring_resolveAccountAddress`: which connected account a dapp's request is for.
 * MetaMask asks before `keyring_submitRequest`; the answer must be a CAIP-10 id MetaMask
 * compares as a string with the session's accounts. A request naming a shown account
 * in `params.address` (a snapnet extension to the wallet API params; any hex
 * spelling) gets that account; anything else gets null, and MetaMask uses the first
 * connected account.
 *
 * @param state - The snap state.
 * @param raw - `{ scope, request }`.
 * @returns `{ address: '<scope>:<address>' }`, or null.
 */
export function resolveAccountAddress(
  state: SnapState,
  raw: JsonRpcParams | undefined,
): Infer<typeof ResolveAccountAddressResultStruct> {
  const { scope, request } = parseParams(
    ResolveAccountAddressParamsStruct,
    raw,
  );
  const given = isObject(request.params) ? request.params.address : undefined;
  if (chainIdOfScope(scope) === undefined || !is(given, AddressStruct)) {
    return null;
  }
  const address = toFelt64(given);
  const shown = Object.values(state.keyringAccounts).some(
    (entry) => entry.address === address,
  );
  return shown ? { address: `${scope}:${address}` } : null;
}
