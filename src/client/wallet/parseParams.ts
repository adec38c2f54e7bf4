import type { Struct } from '@metamask/superstruct';

import { checkWalletParams } from '../../api/walletParams';
import { StarknetWalletApiError } from './errors';

/**
 * Checks a wallet-API method's params at the adapter's door (structs in
 * src/api/walletParams.ts, shared with the snap's keyring requests).
 *
 * @param struct - What the method takes.
 * @param params - What the dapp sent.
 * @param method - The wallet-API method, for the error.
 * @returns The params, typed.
 * @throws {StarknetWalletApiError} INVALID_REQUEST_PAYLOAD naming the first bad field.
 */
export function parseParams<Value>(
  struct: Struct<Value, unknown>,
  params: unknown,
  method: string,
): Value {
  const checked = checkWalletParams(struct, params);
  if (!checked.ok) {
    throw new StarknetWalletApiError('INVALID_REQUEST_PAYLOAD', {
      method,
      data: { field: checked.field, message: checked.message },
      cause: checked.error,
    });
  }
  return checked.value;
}
