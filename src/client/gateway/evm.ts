import type { Infer, Struct } from '@metamask/superstruct';
import { define, object, optional } from '@metamask/superstruct';
import type { Hex } from '@metamask/utils';
import { isObject } from '@metamask/utils';
import type { RpcTransaction, RpcUncle } from 'viem';

import type { GatewayClient } from './client';
import { InvalidParamsError, InvalidResponseError } from './errors';
import type {
  BlockTag,
  GatewayContext,
  QuantityInput,
  ResultCheck,
} from './structs';
import { check, checkHex, HEX } from './structs';

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
    if (!key || !(kind === 'hashes' || kind in HEX)) {
      throw new Error(`member list: ${entry}`); // a typo in this file
    }
    return {
      key,
      kind: kind as Kind,
      absent: Boolean(absent),
      null: Boolean(nullable),
    };
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

const hexStruct = (kind: keyof typeof HEX): Struct<Hex, null> =>
  define<Hex>(
    `Hex(${kind})`,
    (value) => typeof value === 'string' && HEX[kind].test(value),
  );

// A quantity input (hex, number or bigint) as the canonical hex the node expects.
function toQuantity(value: unknown, method: string, name: string): Hex {
  if (typeof value === 'bigint' || Number.isSafeInteger(value)) {
    if (Number(value) >= 0) {
      return `0x${(value as bigint | number).toString(16)}`;
    }
  }
  if (typeof value === 'number' || typeof value === 'bigint') {
    throw new InvalidParamsError(
      `${method}: invalid ${name}: expected a non-negative safe integer, got ${value}`,
      { method },
    );
  }
  return checkHex('quantity', value, method, name);
}

const BLOCK_TAGS = new Set([
  'latest',
  'earliest',
  'pending',
  'safe',
  'finalized',
]);

// A block parameter's wire form: a tag as is, a number as canonical hex.
function toBlockParameter(value: unknown, method: string): BlockTag | Hex {
  if (typeof value === 'string' && BLOCK_TAGS.has(value)) {
    return value as BlockTag;
  }
  if (typeof value === 'string' && !value.startsWith('0x')) {
    throw new InvalidParamsError(
      `${method}: invalid block: expected a hex block number or a block tag, got ${JSON.stringify(value)}`,
      { method },
    );
  }
  return toQuantity(value, method, 'block');
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

/** The EVM methods of a client. */
export type EvmMethods = Pick<
  GatewayClient,
  | 'getTransactionByHash'
  | 'getTransactionByBlockHashAndIndex'
  | 'getUncleByBlockHashAndIndex'
  | 'call'
>;

/**
 * The EVM methods: each checks the routing, then its inputs (before anything is sent:
 * a refusal by the node costs credits), then sends and checks the answer.
 *
 * @param ctx - The client context.
 * @returns The methods.
 */
export function evmMethods(ctx: GatewayContext): EvmMethods {
  const byIndex =
    <Result>(method: string, result: ResultCheck<Result>) =>
    async (blockHash: Hex, index: QuantityInput): Promise<Result> => {
      ctx.guard(method);
      const hash = checkHex('hash', blockHash, method, 'blockHash');
      const params = [hash, toQuantity(index, method, 'index')];
      return ctx.send(method, params, result);
    };
  return {
    getTransactionByHash: async (hash): Promise<EvmTransaction | null> => {
      const method = 'eth_getTransactionByHash';
      ctx.guard(method);
      const params = [checkHex('hash', hash, method, 'hash')];
      return ctx.send(method, params, transactionOrNull);
    },
    getTransactionByBlockHashAndIndex: byIndex(
      'eth_getTransactionByBlockHashAndIndex',
      transactionOrNull,
    ),
    getUncleByBlockHashAndIndex: byIndex(
      'eth_getUncleByBlockHashAndIndex',
      uncleOrNull,
    ),
    call: async (callObject, block): Promise<Hex> => {
      const method = 'eth_call';
      ctx.guard(method);
      const checked = check(CallObjectStruct, callObject, method, 'callObject');
      const blockParameter = toBlockParameter(block, method);
      if (checked.gas !== undefined) {
        const limit = await ctx.blockGasLimit();
        if (BigInt(checked.gas) > limit * GAS_CAP_FACTOR) {
          const blockGasLimit = `0x${limit.toString(16)}`;
          throw new InvalidParamsError(
            `eth_call: gas ${checked.gas} is above ${GAS_CAP_FACTOR}× the block gas limit (${blockGasLimit})`,
            { method, data: { gas: checked.gas, blockGasLimit } },
          );
        }
      }
      return ctx.send(method, [checked, blockParameter], isData);
    },
  };
}
