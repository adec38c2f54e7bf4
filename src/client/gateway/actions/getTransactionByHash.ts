import { nullable } from '@metamask/superstruct';
import type { Hex } from '@metamask/utils';

import type { GatewayContext } from '../context';
import type { EvmTransaction } from '../structs';
import { EvmTransactionStruct, Hash32Struct } from '../structs';
import { assertParam } from '../validate';

/** eth_getTransactionByHash's result: the transaction, or null when none has the hash. */
export const GetTransactionByHashResultStruct = nullable(EvmTransactionStruct);

/**
 * Looks a transaction up by its hash (eth_getTransactionByHash, 80 credits).
 *
 * @param context - The client context.
 * @param hash - The 32-byte transaction hash.
 * @returns The transaction, or null when not found.
 * @throws {InvalidParamsError} For a malformed hash, before anything is sent.
 */
export async function getTransactionByHash(
  context: GatewayContext,
  hash: Hex,
): Promise<EvmTransaction | null> {
  const method = 'eth_getTransactionByHash';
  const checked = assertParam(Hash32Struct, hash, method, 'hash');
  return context.send(method, [checked], GetTransactionByHashResultStruct);
}
