import type { Infer, Struct } from '@metamask/superstruct';
import { define, object, optional } from '@metamask/superstruct';
import type { Hex } from '@metamask/utils';
import { isObject } from '@metamask/utils';
import type { RpcTransaction, RpcUncle } from 'viem';

import { InvalidParamsError, InvalidResponseError } from './errors';
import type {
  BlockParameter,
  GatewayContext,
  QuantityInput,
  ResultCheck,
} from './structs';
import {
  check,
  checkHex,
  HEX,
  hexStruct,
  toBlockParameter,
  toQuantity,
} from './structs';

/** An EVM transaction object, in viem's JSON-RPC (hex) shape. */
export type EvmTransaction = RpcTransaction;
/** An uncle block object, in viem's JSON-RPC (hex) shape. */
export type UncleBlock = RpcUncle;

// The members the interface documents, as `name?:kind|null`: `?` may be absent, `|null`
// may be null, no kind is a result quantity. Other members pass unchecked.
const TRANSACTION = `blockHash:hash|null blockNumber|null from:address to:address|null
  hash:hash input:data transactionIndex|null gas gasPrice nonce r s v value type chainId?
  yParity? maxFeePerGas? maxPriorityFeePerGas?`;
const UNCLE = `number|null hash:hash|null parentHash:hash nonce:bytes8|null sha3Uncles:hash
  logsBloom:bytes256|null transactionsRoot:hash stateRoot:hash receiptsRoot:hash
  miner:address difficulty totalDifficulty?|null extraData:data size gasLimit gasUsed
  timestamp uncles:hashes mixHash?:hash`;

type Kind = keyof typeof HEX | 'hashes';
type Member = { key: string; kind: Kind; absent: boolean; null: boolean };

const isHash = (value: unknown): boolean =>
  typeof value === 'string' && HEX.hash.test(value);

function parse(spec: string): Member[] {
  return spec.split(/\s+/u).map((entry) => {
    const [, key = '', absent, kind = 'anyQuantity', nullable] =
      /^(\w+)(\?)?(?::(\w+))?(\|null)?$/u.exec(entry) ?? [];
    return { key, kind: kind as Kind, absent: !!absent, null: !!nullable };
  });
}

// The first member of `value` that breaks `members`, '' for a non-object, or undefined.
function mismatch(value: unknown, members: Member[]): string | undefined {
  if (!isObject(value)) {
    return '';
  }
  for (const { key, kind, absent, null: nullable } of members) {
    const field = value[key];
    const fits =
      kind === 'hashes'
        ? Array.isArray(field) && field.every(isHash)
        : typeof field === 'string' && HEX[kind].test(field);
    if (!fits && !(field === null ? nullable : field === undefined && absent)) {
      return key;
    }
  }
  return undefined;
}

// A result check and a struct (exported for callers) from one member list.
function shaped<Result>(
  name: string,
  spec: string,
): [Struct<Result, null>, ResultCheck<Result | null>] {
  const members = parse(spec);
  const fits = (value: unknown): value is Result =>
    mismatch(value, members) === undefined;
  const resultCheck = (value: unknown, method: string): Result | null => {
    if (value === null || fits(value)) {
      return value;
    }
    const key = mismatch(value, members);
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

/**
 * eth_getTransactionByHash (80 credits).
 *
 * @param context - The client context.
 * @param hash - The 32-byte transaction hash.
 * @returns The transaction, or null when not found.
 */
export async function getTransactionByHash(
  context: GatewayContext,
  hash: Hex,
): Promise<EvmTransaction | null> {
  const method = 'eth_getTransactionByHash';
  const params = [checkHex('hash', hash, method, 'hash')];
  return context.send(method, params, transactionOrNull);
}

const BY_INDEX = {
  eth_getTransactionByBlockHashAndIndex: transactionOrNull,
  eth_getUncleByBlockHashAndIndex: uncleOrNull,
};

/**
 * eth_getTransactionByBlockHashAndIndex or eth_getUncleByBlockHashAndIndex (150 credits).
 *
 * @param context - The client context.
 * @param method - Which of the two.
 * @param blockHash - The 32-byte block hash.
 * @param index - The position (hex, number or bigint).
 * @returns The object, or null when the block has no such index.
 */
export async function getByBlockHashAndIndex<
  Method extends keyof typeof BY_INDEX,
>(
  context: GatewayContext,
  method: Method,
  blockHash: Hex,
  index: QuantityInput,
): Promise<ReturnType<(typeof BY_INDEX)[Method]>> {
  const params = [
    checkHex('hash', blockHash, method, 'blockHash'),
    toQuantity(index, method, 'index'),
  ];
  const result = BY_INDEX[method] as ResultCheck<
    ReturnType<(typeof BY_INDEX)[Method]>
  >;
  return context.send(method, params, result);
}

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

/** The gateway caps eth_call's gas at this many times the current block gas limit. */
export const GAS_CAP_FACTOR = 10n;

const isData: ResultCheck<Hex> = (value, method) =>
  checkHex('data', value, method);

/**
 * eth_call (80 credits): refuses gas above 10× the block gas limit before sending.
 *
 * @param context - The client context.
 * @param callObject - The call: from, to, gas, fees, value, data.
 * @param block - A block tag or number.
 * @returns The returned data.
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
      const blockGasLimit = `0x${limit.toString(16)}`;
      throw new InvalidParamsError(
        `eth_call: gas ${checked.gas} is above ${GAS_CAP_FACTOR}× the block gas limit (${blockGasLimit})`,
        { method, data: { gas: checked.gas, blockGasLimit } },
      );
    }
  }
  return context.send(method, [checked, blockParameter], isData);
}
