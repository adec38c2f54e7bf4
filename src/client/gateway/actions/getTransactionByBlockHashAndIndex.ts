import { nullable } from '@metamask/superstruct';
import type { Hex } from '@metamask/utils';

import type { GatewayContext } from '../context';
import type { EvmTransaction } from '../structs';
import { EvmTransactionStruct, Hash32Struct } from '../structs';
import type { QuantityInput } from '../validate';
import { assertParam, toQuantity } from '../validate';

/** The result: the transaction, or null when the block has no such index. */
export const GetTransactionByBlockHashAndIndexResultStruct =
  nullable(EvmTransactionStruct);

/**
 * Looks a transaction up by block hash and position
 * (eth_getTransactionByBlockHashAndIndex, 150 credits).
 *
 * @param context - The client context.
 * @param blockHash - The 32-byte block hash.
 * @param index - The transaction's index in the block (hex, number or bigint).
 * @returns The transaction, or null when not found.
 * @throws {InvalidParamsError} For a malformed hash or index, before anything is sent.
 */
export async function getTransactionByBlockHashAndIndex(
  context: GatewayContext,
  blockHash: Hex,
  index: QuantityInput,
): Promise<EvmTransaction | null> {
  const method = 'eth_getTransactionByBlockHashAndIndex';
  const params = [
    assertParam(Hash32Struct, blockHash, method, 'blockHash'),
    toQuantity(index, method, 'index'),
  ];
  return context.send(
    method,
    params,
    GetTransactionByBlockHashAndIndexResultStruct,
  );
}
