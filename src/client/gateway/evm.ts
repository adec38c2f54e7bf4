import type { Infer, Struct } from '@metamask/superstruct';
import { define, object, optional } from '@metamask/superstruct';
import type { Hex } from '@metamask/utils';
import { isObject } from '@metamask/utils';
import type { RpcTransaction, RpcUncle } from 'viem';

import type { ResultCheck, Typed } from './client';
import { check, InvalidParamsError, InvalidResponseError } from './errors';

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

// Hex forms. Inputs must be canonical (`quantity`); answers may pad (`anyQuantity`).
// Regular expressions, not superstruct: this is the hot path.
const HEX = {
  hash: /^0x[0-9a-fA-F]{64}$/u,
  hashes: /^0x[0-9a-fA-F]{64}$/u, // an array of hashes
  address: /^0x[0-9a-fA-F]{40}$/u,
  quantity: /^0x(?:0|[1-9a-fA-F][0-9a-fA-F]{0,63})$/u,
  anyQuantity: /^0x[0-9a-fA-F]{1,64}$/u,
  data: /^0x(?:[0-9a-fA-F]{2})*$/u,
  bytes8: /^0x[0-9a-fA-F]{16}$/u,
  bytes256: /^0x[0-9a-fA-F]{512}$/u,
} as const;
type HexKind = keyof typeof HEX;

// Checks a hex parameter (named) or an answer (unnamed).
function checkHex(
  kind: HexKind,
  value: unknown,
  method: string,
  name?: string,
): Hex {
  if (typeof value === 'string' && HEX[kind].test(value)) {
    return value as Hex;
  }
  const Failure = name ? InvalidParamsError : InvalidResponseError;
  const shown =
    typeof value === 'string' ? JSON.stringify(value) : typeof value;
  const message = `${method}: invalid ${name ?? 'result'}: expected hex ${kind}, got ${shown}`;
  throw new Failure(message, { method });
}

// The documented members, as `name?:kind|null`: `?` may be absent, `|null` may be null,
// no kind is a result quantity. Other members pass unchecked.
const TRANSACTION = `blockHash:hash|null blockNumber|null from:address to:address|null
  hash:hash input:data transactionIndex|null gas gasPrice nonce r s v value type chainId?
  yParity? maxFeePerGas? maxPriorityFeePerGas?`;
const UNCLE = `number|null hash:hash|null parentHash:hash nonce:bytes8|null sha3Uncles:hash
  logsBloom:bytes256|null transactionsRoot:hash stateRoot:hash receiptsRoot:hash
  miner:address difficulty totalDifficulty?|null extraData:data size gasLimit gasUsed
  timestamp uncles:hashes mixHash?:hash`;

// A struct (exported for callers) and a result check (null allowed) from a member list.
function shaped<Result>(
  name: string,
  spec: string,
): [Struct<Result, null>, ResultCheck<Result | null>] {
  const members = spec
    .trim()
    .split(/\s+/u)
    .map((entry) => {
      const [, key = '', absent, kind = 'anyQuantity', nullable] =
        /^(\w+)(\?)?(?::(\w+))?(\|null)?$/u.exec(entry) ?? [];
      return { key, regex: HEX[kind as HexKind], absent, nullable };
    });
  // The first member of `value` that breaks the list, '' for a non-object.
  const mismatch = (value: unknown): string | undefined =>
    isObject(value)
      ? members.find(({ key, regex, absent, nullable }) => {
          const field = value[key];
          const fits = Array.isArray(field)
            ? regex === HEX.hashes && field.every((each) => HEX.hash.test(each))
            : typeof field === 'string' && regex.test(field);
          return (
            !fits &&
            !(field === null ? nullable : field === undefined && absent)
          );
        })?.key
      : '';
  const fits = (value: unknown): value is Result =>
    mismatch(value) === undefined;
  const resultCheck = (value: unknown, method: string): Result | null => {
    if (value === null || fits(value)) {
      return value;
    }
    const key = mismatch(value);
    const message = `${method}: invalid result${key ? `.${key}` : ''}: not a ${name}`;
    throw new InvalidResponseError(message, { method });
  };
  return [define<Result>(name, fits), resultCheck];
}

const [TransactionStruct, transactionOrNull] = shaped<EvmTransaction>(
  'EvmTransaction',
  TRANSACTION,
);
/** The transaction object's documented members (extra members pass unchecked). */
export const EvmTransactionStruct = TransactionStruct;

const [UncleStruct, uncleOrNull] = shaped<UncleBlock>('UncleBlock', UNCLE);
/** The uncle block object's documented members (extra members pass unchecked). */
export const UncleBlockStruct = UncleStruct;

const hexStruct = (kind: HexKind): Struct<Hex, null> =>
  define<Hex>(
    `Hex(${kind})`,
    (value) => typeof value === 'string' && HEX[kind].test(value),
  );
const quantity = optional(hexStruct('quantity'));

/** The eth_call call object. Unknown members are refused (they are usually typos). */
export const CallObjectStruct = object({
  from: hexStruct('address'),
  to: optional(hexStruct('address')),
  gas: quantity,
  gasPrice: quantity,
  maxPriorityFeePerGas: quantity,
  maxFeePerGas: quantity,
  value: quantity,
  data: optional(hexStruct('data')),
});
/** An eth_call call object. */
export type CallObject = Infer<typeof CallObjectStruct>;

// A quantity input (hex, number or bigint) as the canonical hex the node expects.
function toQuantity(value: unknown, method: string, name: string): Hex {
  if (typeof value !== 'number' && typeof value !== 'bigint') {
    return checkHex('quantity', value, method, name);
  }
  if (
    value < 0 ||
    (typeof value === 'number' && !Number.isSafeInteger(value))
  ) {
    throw new InvalidParamsError(
      `${method}: invalid ${name}: expected a non-negative safe integer, got ${value}`,
      { method },
    );
  }
  return `0x${value.toString(16)}`;
}

const BLOCK_TAGS = ['latest', 'earliest', 'pending', 'safe', 'finalized'];

// A block parameter's wire form: a tag as is, a number as canonical hex.
function toBlock(value: unknown, method: string): BlockTag | Hex {
  if (typeof value === 'string' && !value.startsWith('0x')) {
    if (BLOCK_TAGS.includes(value)) {
      return value as BlockTag;
    }
    throw new InvalidParamsError(
      `${method}: invalid block: expected a hex block number or a block tag, got ${JSON.stringify(value)}`,
      { method },
    );
  }
  return toQuantity(value, method, 'block');
}

/** The gateway caps eth_call's gas at this many times the current block gas limit. */
export const GAS_CAP_FACTOR = 10n;

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
  /** eth_call (80 credits); ExecutionRevertedError on a revert. */
  call(callObject: CallObject, block: BlockParameter): Promise<Hex>;
};

// eth_call's params. Gas above the cap is refused before sending; the block gas limit
// is given, or read once from the latest block (a failed read is not kept).
function callParams(
  readGasLimit: () => Promise<bigint>,
  known?: bigint,
): (
  method: string,
  call: CallObject,
  block: BlockParameter,
) => Promise<unknown[]> {
  let gasLimit = known === undefined ? undefined : Promise.resolve(known);
  return async (method, callObject, block) => {
    const checked = check(CallObjectStruct, callObject, method, 'callObject');
    const params = [checked, toBlock(block, method)];
    if (checked.gas === undefined) {
      return params;
    }
    gasLimit ??= readGasLimit().catch((error: unknown) => {
      gasLimit = undefined;
      throw error;
    });
    const limit = await gasLimit;
    if (BigInt(checked.gas) > limit * GAS_CAP_FACTOR) {
      const blockGasLimit = `0x${limit.toString(16)}`;
      throw new InvalidParamsError(
        `eth_call: gas ${checked.gas} is above ${GAS_CAP_FACTOR}× the block gas limit (${blockGasLimit})`,
        { method, data: { gas: checked.gas, blockGasLimit } },
      );
    }
    return params;
  };
}

/**
 * The EVM methods. Inputs are checked before sending: a refusal by the node costs
 * credits.
 *
 * @param typed - Makes a typed method.
 * @param blockGasLimit - The block gas limit, if known.
 * @returns The methods.
 */
export function evmMethods(typed: Typed, blockGasLimit?: bigint): EvmMethods {
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
    call: typed(
      'eth_call',
      callParams(readGasLimit, blockGasLimit),
      (value, method) => checkHex('data', value, method),
    ),
  };
}
