import type { Infer, Struct } from '@metamask/superstruct';
import { define, object, optional } from '@metamask/superstruct';
import type { Hex } from '@metamask/utils';
import { isObject } from '@metamask/utils';
import type { RpcTransaction, RpcUncle } from 'viem';

import { InvalidParamsError } from '../errors';
import { check, invalid } from './errors';
import type { ResultCheck, Typed } from './types';

/** An EVM transaction object, in viem's JSON-RPC (hex) shape. */
export type EvmTransaction = RpcTransaction;
/** An uncle block object, in viem's JSON-RPC (hex) shape. */
export type UncleBlock = RpcUncle;
/** A quantity as callers like to write it: canonical hex, a number or a bigint. */
export type QuantityInput = Hex | number | bigint;
/** A block tag. */
export type BlockTag = 'latest' | 'earliest' | 'pending' | 'safe' | 'finalized';
/** A block parameter: a tag or a block number. */
export type BlockParameter = BlockTag | QuantityInput;

// Hex forms, as regular expressions rather than structs: this is the hot path. Inputs
// must be canonical (`quantity`); answers may pad (`anyQuantity`).
const HEX = {
  hash: /^0x[0-9a-fA-F]{64}$/u,
  address: /^0x[0-9a-fA-F]{40}$/u,
  quantity: /^0x(?:0|[1-9a-fA-F][0-9a-fA-F]{0,63})$/u,
  anyQuantity: /^0x[0-9a-fA-F]{1,64}$/u,
  data: /^0x(?:[0-9a-fA-F]{2})*$/u,
  bytes8: /^0x[0-9a-fA-F]{16}$/u,
  bytes256: /^0x[0-9a-fA-F]{512}$/u,
};
type HexKind = keyof typeof HEX;
const isHexOf = (kind: HexKind, value: unknown): value is Hex =>
  typeof value === 'string' && HEX[kind].test(value);

// Checks a hex parameter (named) or answer (unnamed).
function checkHex(
  kind: HexKind,
  value: unknown,
  method: string,
  name?: string,
): Hex {
  if (isHexOf(kind, value)) {
    return value;
  }
  const got = typeof value === 'string' ? JSON.stringify(value) : typeof value;
  throw invalid(method, name, `: expected hex ${kind}, got ${got}`);
}

// A quantity (hex, number or bigint), or one of `tags`, as the node expects it.
function toQuantity(
  value: unknown,
  method: string,
  name: string,
  tags: string[] = [],
): Hex {
  if (typeof value === 'string' && tags.includes(value)) {
    return value as Hex; // a block tag, sent as it is
  }
  if (typeof value !== 'number' && typeof value !== 'bigint') {
    return checkHex('quantity', value, method, name);
  }
  if (
    value < 0 ||
    (typeof value === 'number' && !Number.isSafeInteger(value))
  ) {
    const expected = 'expected a non-negative safe integer';
    throw invalid(method, name, `: ${expected}, got ${value}`);
  }
  return `0x${value.toString(16)}`;
}

// The documented members, as `name?:kind|null`: `?` may be absent, `|null` may be null,
// no kind is a result quantity, `[]` an array. Other members pass unchecked.
const TRANSACTION = `blockHash:hash|null blockNumber|null from:address to:address|null
  hash:hash input:data transactionIndex|null gas gasPrice nonce r s v value type chainId?
  yParity? maxFeePerGas? maxPriorityFeePerGas?`;
const UNCLE = `number|null hash:hash|null parentHash:hash nonce:bytes8|null sha3Uncles:hash
  logsBloom:bytes256|null transactionsRoot:hash stateRoot:hash receiptsRoot:hash
  miner:address difficulty totalDifficulty?|null extraData:data size gasLimit gasUsed
  timestamp uncles:hash[] mixHash?:hash`;

// The result check (null allowed) of a member list.
function shaped<Result>(
  name: string,
  spec: string,
): ResultCheck<Result | null> {
  const members = spec.split(/\s+/u).map((entry) => {
    const [, key = '', absent, kind = 'anyQuantity', list, nullable] =
      /^(\w+)(\?)?(?::(\w+))?(\[\])?(\|null)?$/u.exec(entry) ?? [];
    const fits = (each: unknown): boolean => isHexOf(kind as HexKind, each);
    return { key, absent, nullable, list, fits };
  });
  // The first member that breaks the list, '' for a non-object, undefined if none.
  const mismatch = (value: unknown): string | undefined => {
    if (!isObject(value)) {
      return '';
    }
    for (const { key, absent, nullable, list, fits } of members) {
      const field = value[key];
      const ok = list ? Array.isArray(field) && field.every(fits) : fits(field);
      if (!ok && !(field === null ? nullable : field === undefined && absent)) {
        return key;
      }
    }
    return undefined;
  };
  return (value: unknown, method: string): Result | null => {
    const key = value === null ? undefined : mismatch(value);
    if (key === undefined) {
      return value as Result | null;
    }
    throw invalid(method, undefined, `${key && `.${key}`}: not a ${name}`);
  };
}

const transactionOrNull = shaped<EvmTransaction>('EvmTransaction', TRANSACTION);
const uncleOrNull = shaped<UncleBlock>('UncleBlock', UNCLE);

const hexOf = (kind: HexKind): Struct<Hex, null> =>
  define<Hex>(`Hex(${kind})`, (value) => isHexOf(kind, value));
const quantity = optional(hexOf('quantity'));

/** The eth_call call object. Unknown members are refused (they are usually typos). */
export const CallObjectStruct = object({
  from: hexOf('address'),
  to: optional(hexOf('address')),
  gas: quantity,
  gasPrice: quantity,
  maxPriorityFeePerGas: quantity,
  maxFeePerGas: quantity,
  value: quantity,
  data: optional(hexOf('data')),
});
/** An eth_call call object. */
export type CallObject = Infer<typeof CallObjectStruct>;

/** The EVM methods of a client. */
export type EvmMethods = {
  /** eth_getTransactionByHash (80 credits); null when not found. */
  getTransactionByHash(hash: Hex): Promise<EvmTransaction | null>;
  /** eth_getTransactionByBlockHashAndIndex (150 credits); null when not found. */
  getTransactionByBlockHashAndIndex(
    blockHash: Hex,
    index: QuantityInput,
  ): Promise<EvmTransaction | null>;
  /** eth_getUncleByBlockHashAndIndex (150 credits); null when not found. */
  getUncleByBlockHashAndIndex(
    blockHash: Hex,
    index: QuantityInput,
  ): Promise<UncleBlock | null>;
  /** eth_call (80 credits); a revert is ExecutionRevertedError (code 3, data, reason). */
  call(callObject: CallObject, block: BlockParameter): Promise<Hex>;
};

const BLOCK_TAGS = ['latest', 'earliest', 'pending', 'safe', 'finalized'];
const GAS_CAP_FACTOR = 10n; // the gateway's cap on eth_call's gas, × block gas limit

/**
 * The EVM methods. Inputs are checked before sending: a refusal by the node costs
 * credits, and so does eth_call's gas above 10× the block gas limit.
 *
 * @param typed - Makes a typed method.
 * @param knownGasLimit - The block gas limit; otherwise read once (until it fails).
 * @returns The methods.
 */
export function evmMethods(typed: Typed, knownGasLimit?: bigint): EvmMethods {
  const byIndex = (method: string, hash: Hex, index: QuantityInput): Hex[] => [
    checkHex('hash', hash, method, 'blockHash'),
    toQuantity(index, method, 'index'),
  ];
  const readGasLimit = typed(
    'eth_getBlockByNumber',
    () => ['latest', false],
    (block, method) =>
      BigInt(
        checkHex('anyQuantity', isObject(block) && block.gasLimit, method),
      ),
  );
  let gasLimit =
    knownGasLimit === undefined ? undefined : Promise.resolve(knownGasLimit);
  const callParams = async (
    method: string,
    callObject: CallObject,
    block: BlockParameter,
  ): Promise<unknown[]> => {
    const checked = check(CallObjectStruct, callObject, method, 'callObject');
    const params = [checked, toQuantity(block, method, 'block', BLOCK_TAGS)];
    const { gas } = checked;
    if (gas !== undefined) {
      gasLimit ??= readGasLimit().catch((error: unknown) => {
        gasLimit = undefined;
        throw error;
      });
      const limit = await gasLimit;
      if (BigInt(gas) > limit * GAS_CAP_FACTOR) {
        const blockGasLimit = `0x${limit.toString(16)}`;
        throw new InvalidParamsError(
          `eth_call: callObject.gas ${gas} is above ${GAS_CAP_FACTOR}× the block gas limit (${blockGasLimit}); lower it`,
          { method, data: { field: 'callObject.gas', gas, blockGasLimit } },
        );
      }
    }
    return params;
  };
  return {
    getTransactionByHash: typed(
      'eth_getTransactionByHash',
      (method, hash: Hex) => [checkHex('hash', hash, method, 'hash')],
      transactionOrNull,
    ),
    getTransactionByBlockHashAndIndex: typed(
      'eth_getTransactionByBlockHashAndIndex',
      byIndex,
      transactionOrNull,
    ),
    getUncleByBlockHashAndIndex: typed(
      'eth_getUncleByBlockHashAndIndex',
      byIndex,
      uncleOrNull,
    ),
    call: typed('eth_call', callParams, (value, method) =>
      checkHex('data', value, method),
    ),
  };
}
