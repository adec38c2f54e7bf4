import type { Infer, Struct } from '@metamask/superstruct';
import {
  array,
  define,
  enums,
  integer,
  literal,
  min,
  nullable,
  number,
  optional,
  pattern,
  string,
  type,
  union,
} from '@metamask/superstruct';
import type { Hex, Json } from '@metamask/utils';

/**
 * Shared building blocks of the gateway's parameter and result structs. Inputs are
 * checked strictly (canonical quantities) because the node would refuse them anyway
 * and each refusal costs credits; results are checked leniently enough to accept every
 * conforming node.
 */

/**
 * A hex string struct for one pattern, with a message that shows the value refused.
 *
 * @param regex - The pattern.
 * @returns The struct.
 */
const hexPattern = (regex: RegExp): Struct<Hex, null> =>
  define<Hex>(`Hex(${regex.source})`, (value) =>
    typeof value === 'string' && regex.test(value)
      ? true
      : `Expected a hex string matching ${regex.source}, got ${preview(value)}`,
  );

/**
 * A short, safe rendering of a refused value for messages (no bigint crash, no
 * megabyte of calldata).
 *
 * @param value - The value.
 * @returns A string of at most ~70 characters.
 */
export function preview(value: unknown): string {
  if (typeof value === 'string') {
    return JSON.stringify(value.length > 66 ? `${value.slice(0, 66)}…` : value);
  }
  return typeof value === 'bigint' ? `${value}n` : String(value);
}

/** A 32-byte hash: 0x and 64 hex digits. */
export const Hash32Struct = hexPattern(/^0x[0-9a-fA-F]{64}$/u);

/** A 20-byte address: 0x and 40 hex digits, any case. */
export const AddressStruct = hexPattern(/^0x[0-9a-fA-F]{40}$/u);

/** An input quantity: canonical hex, no leading zeros (`0x0`, `0x1a`). */
export const QuantityStruct = hexPattern(
  /^0x(?:0|[1-9a-fA-F][0-9a-fA-F]{0,63})$/u,
);

/** A result quantity: any non-empty hex up to 256 bits (some nodes pad). */
export const ResultQuantityStruct = hexPattern(/^0x[0-9a-fA-F]{1,64}$/u);

/** Hex data: 0x and whole bytes (possibly none). */
export const HexDataStruct = hexPattern(/^0x(?:[0-9a-fA-F]{2})*$/u);

/** An 8-byte value (proof-of-work nonce). */
export const Bytes8Struct = hexPattern(/^0x[0-9a-fA-F]{16}$/u);

/** A 256-byte logs bloom. */
export const Bytes256Struct = hexPattern(/^0x[0-9a-fA-F]{512}$/u);

/** The named block tags accepted where a block parameter is. */
export const BlockTagStruct = enums([
  'latest',
  'earliest',
  'pending',
  'safe',
  'finalized',
]);

/** A block tag. */
export type BlockTag = 'latest' | 'earliest' | 'pending' | 'safe' | 'finalized';

/** A base58 public key (32 bytes encode to 32–44 characters). */
export const Base58PubkeyStruct = pattern(
  string(),
  /^[1-9A-HJ-NP-Za-km-z]{32,44}$/u,
);

/** A slot number: a non-negative integer. */
export const SlotStruct = min(integer(), 0);

/** Commitment levels of Solana queries. */
export const CommitmentStruct = enums(['finalized', 'confirmed', 'processed']);

/** `context` of Solana results. */
export const SolanaContextStruct = type({
  slot: SlotStruct,
  apiVersion: string(),
});

/**
 * A present value that came from `JSON.parse` and so is JSON by construction; only the
 * type is narrowed, nothing is walked.
 */
export const ParsedJsonStruct = define<Json>(
  'ParsedJson',
  (value) => value !== undefined,
);

/** The `error` member of a JSON-RPC answer. */
export const RpcErrorStruct = type({
  code: integer(),
  message: string(),
  data: optional(ParsedJsonStruct),
});

/** A JSON-RPC 2.0 answer; which of result/error is present is checked by the caller. */
export const RpcResponseStruct = type({
  jsonrpc: literal('2.0'),
  id: nullable(union([number(), string()])),
  result: optional(ParsedJsonStruct),
  error: optional(RpcErrorStruct),
});

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

/** An EVM transaction object. */
export type EvmTransaction = Infer<typeof EvmTransactionStruct>;
