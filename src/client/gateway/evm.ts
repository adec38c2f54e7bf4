import type { Infer, Struct } from '@metamask/superstruct';
import { array, nullable, object, optional, type } from '@metamask/superstruct';
import type { Hex } from '@metamask/utils';

import { InvalidParamsError } from './errors';
import type { BlockParameter, GatewayContext, QuantityInput } from './structs';
import {
  AddressStruct,
  check,
  Bytes256Struct,
  Bytes8Struct,
  Hash32Struct,
  HexDataStruct,
  QuantityStruct,
  ResultQuantityStruct,
  toBlockParameter,
  toQuantity,
} from './structs';

/**
 * The EVM transaction object of eth_getTransactionByHash and
 * eth_getTransactionByBlockHashAndIndex. Extra members (blob and authorization fields,
 * blockTimestamp, …) pass through unchecked.
 */
export const EvmTransactionStruct = type({
  blockHash: nullable(Hash32Struct),
  blockNumber: nullable(ResultQuantityStruct),
  from: AddressStruct,
  gas: ResultQuantityStruct,
  gasPrice: ResultQuantityStruct,
  hash: Hash32Struct,
  input: HexDataStruct,
  nonce: ResultQuantityStruct,
  r: ResultQuantityStruct,
  s: ResultQuantityStruct,
  to: nullable(AddressStruct),
  transactionIndex: nullable(ResultQuantityStruct),
  type: ResultQuantityStruct,
  v: ResultQuantityStruct,
  value: ResultQuantityStruct,
  accessList: optional(
    array(type({ address: AddressStruct, storageKeys: array(Hash32Struct) })),
  ),
  chainId: optional(ResultQuantityStruct),
  chainID: optional(ResultQuantityStruct),
  maxPriorityFeePerGas: optional(ResultQuantityStruct),
  maxFeePerGas: optional(ResultQuantityStruct),
  yParity: optional(ResultQuantityStruct),
});
/** A transaction, or null. */
export const TransactionOrNullStruct = nullable(EvmTransactionStruct);
/** An EVM transaction object. */
export type EvmTransaction = Infer<typeof EvmTransactionStruct>;

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
/** An uncle block, or null. */
export const UncleOrNullStruct = nullable(UncleBlockStruct);
/** An uncle block. */
export type UncleBlock = Infer<typeof UncleBlockStruct>;

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
  const checked = check(Hash32Struct, hash, method, 'hash');
  return context.send(method, [checked], TransactionOrNullStruct);
}

/**
 * Looks a transaction (eth_getTransactionByBlockHashAndIndex, 150 credits) or an uncle
 * (eth_getUncleByBlockHashAndIndex, 150 credits) up by block hash and position.
 *
 * @param context - The client context.
 * @param method - Which of the two.
 * @param result - The struct of the object found.
 * @param blockHash - The 32-byte block hash.
 * @param index - The position (hex, number or bigint).
 * @returns The object, or null when the block has no such index.
 * @throws {InvalidParamsError} For a malformed hash or index, before anything is sent.
 */
export async function getByBlockHashAndIndex<Result>(
  context: GatewayContext,
  method:
    'eth_getTransactionByBlockHashAndIndex' | 'eth_getUncleByBlockHashAndIndex',
  result: Struct<Result | null, unknown>,
  blockHash: Hex,
  index: QuantityInput,
): Promise<Result | null> {
  const params = [
    check(Hash32Struct, blockHash, method, 'blockHash'),
    toQuantity(index, method, 'index'),
  ];
  return context.send(method, params, result);
}

/** The eth_call call object. Unknown members are refused (they are usually typos). */
export const CallObjectStruct = object({
  from: AddressStruct,
  to: optional(AddressStruct),
  gas: optional(QuantityStruct),
  gasPrice: optional(QuantityStruct),
  maxPriorityFeePerGas: optional(QuantityStruct),
  maxFeePerGas: optional(QuantityStruct),
  value: optional(QuantityStruct),
  data: optional(HexDataStruct),
});
/** An eth_call call object. */
export type CallObject = Infer<typeof CallObjectStruct>;

/** The gateway caps eth_call's gas at this many times the current block gas limit. */
export const GAS_CAP_FACTOR = 10n;

/**
 * Runs a message call without creating a transaction (eth_call, 80 credits).
 *
 * @param context - The client context.
 * @param callObject - The call: from, to, gas, fees, value, data.
 * @param block - A block tag or number.
 * @returns The returned data.
 * @throws {InvalidParamsError} For a malformed call object or block, or gas above 10×
 * the block gas limit when that limit is known, before eth_call is sent.
 * @throws {ExecutionRevertedError} When the call reverts; the reason is decoded.
 */
export async function call(
  context: GatewayContext,
  callObject: CallObject,
  block: BlockParameter,
): Promise<Hex> {
  const method = 'eth_call';
  const checked = check(CallObjectStruct, callObject, method, 'callObject');
  const blockParameter = toBlockParameter(block, method, 'block');
  if (checked.gas !== undefined) {
    const limit = await context.blockGasLimit();
    if (BigInt(checked.gas) > limit * GAS_CAP_FACTOR) {
      throw new InvalidParamsError(
        `eth_call: gas ${checked.gas} is above ${GAS_CAP_FACTOR}× the block gas limit (0x${limit.toString(16)})`,
        {
          method,
          data: { gas: checked.gas, blockGasLimit: `0x${limit.toString(16)}` },
        },
      );
    }
  }
  return context.send(method, [checked, blockParameter], HexDataStruct);
}
