import type { Infer } from '@metamask/superstruct';
import { array, nullable, optional, type } from '@metamask/superstruct';
import type { Hex } from '@metamask/utils';

import type { GatewayContext } from '../context';
import {
  AddressStruct,
  Bytes256Struct,
  Bytes8Struct,
  Hash32Struct,
  HexDataStruct,
  ResultQuantityStruct,
} from '../structs';
import type { QuantityInput } from '../validate';
import { assertParam, toQuantity } from '../validate';

/** The uncle block object; extra members (baseFeePerGas, …) pass through unchecked. */
export const UncleBlockStruct = type({
  number: nullable(ResultQuantityStruct),
  hash: nullable(Hash32Struct),
  parentHash: Hash32Struct,
  nonce: nullable(Bytes8Struct),
  sha3Uncles: Hash32Struct,
  logsBloom: nullable(Bytes256Struct),
  transactionsRoot: Hash32Struct,
  stateRoot: Hash32Struct,
  receiptsRoot: Hash32Struct,
  miner: AddressStruct,
  difficulty: ResultQuantityStruct,
  totalDifficulty: optional(nullable(ResultQuantityStruct)),
  extraData: HexDataStruct,
  size: ResultQuantityStruct,
  gasLimit: ResultQuantityStruct,
  gasUsed: ResultQuantityStruct,
  timestamp: ResultQuantityStruct,
  uncles: array(Hash32Struct),
  mixHash: optional(Hash32Struct),
});

/** An uncle block. */
export type UncleBlock = Infer<typeof UncleBlockStruct>;

/** The result: the uncle block, or null when there is none at that index. */
export const GetUncleByBlockHashAndIndexResultStruct =
  nullable(UncleBlockStruct);

/**
 * Looks an uncle up by block hash and position (eth_getUncleByBlockHashAndIndex,
 * 150 credits).
 *
 * @param context - The client context.
 * @param blockHash - The 32-byte block hash.
 * @param index - The uncle's index (hex, number or bigint).
 * @returns The uncle block, or null when not found.
 * @throws {InvalidParamsError} For a malformed hash or index, before anything is sent.
 */
export async function getUncleByBlockHashAndIndex(
  context: GatewayContext,
  blockHash: Hex,
  index: QuantityInput,
): Promise<UncleBlock | null> {
  const method = 'eth_getUncleByBlockHashAndIndex';
  const params = [
    assertParam(Hash32Struct, blockHash, method, 'blockHash'),
    toQuantity(index, method, 'index'),
  ];
  return context.send(method, params, GetUncleByBlockHashAndIndexResultStruct);
}
