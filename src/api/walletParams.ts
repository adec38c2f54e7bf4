import type { Infer, Struct, StructError } from '@metamask/superstruct';
import {
  array,
  bigint,
  boolean,
  literal,
  number,
  optional,
  record,
  refine,
  string,
  type,
  union,
  unknown,
} from '@metamask/superstruct';

import { SierraContractStruct } from './declareContract';
import { parseFelt, toFelt64 } from './felt';

/*
 * The wallet API's params as dapps really send them, checked at the door, for both
 * sides that take them: the dapp-side wallet adapter (src/client/wallet) and the
 * snap's keyring requests (src/keyring). Only what they read is checked here; the
 * snap's own structs check the rest (a contract class, a token address, each calldata
 * felt) and name the field.
 */

/**
 * A calldata item: starknet.js passes bigints and numbers through, others send
 * strings; each must be a felt (non-negative, below the field prime).
 */
const CalldataItemStruct = refine(
  union([string(), number(), bigint()]),
  'Felt',
  (item) =>
    parseFelt(item) !== undefined ||
    'Expected a felt: a non-negative integer below the field prime (0x-hex, decimal, number or bigint)',
);

/** `wallet_addInvokeTransaction`. */
export const InvokeParamsStruct = type({
  calls: array(
    type({
      contract_address: string(),
      entry_point: string(),
      calldata: optional(array(CalldataItemStruct)),
    }),
  ),
});

/** `wallet_addDeclareTransaction`, the class checked with the snap's own struct. */
export const DeclareParamsStruct = type({
  compiled_class_hash: string(),
  class_hash: optional(string()),
  contract_class: SierraContractStruct,
});

/** `wallet_watchAsset`: ERC-20 only; other types are INVALID_REQUEST_PAYLOAD. */
export const WatchAssetParamsStruct = type({
  type: literal('ERC20'),
  options: type({
    address: string(),
    symbol: optional(string()),
    decimals: optional(number()),
    name: optional(string()),
    image: optional(string()),
  }),
});

/** `wallet_switchStarknetChain`. */
export const SwitchChainParamsStruct = type({
  chainId: string(),
  silent_mode: optional(boolean()),
});

/** `wallet_addStarknetChain`: `StarknetChain`'s required fields (components.d.ts:42-50). */
export const AddChainParamsStruct = type({
  id: string(),
  chain_id: string(),
  chain_name: string(),
});

/** `wallet_requestAccounts` (params optional). */
export const RequestAccountsParamsStruct = optional(
  type({ silent_mode: optional(boolean()) }),
);

/** `wallet_signTypedData`: SNIP-12 typed data (the snap checks it in depth). */
export const TypedDataParamsStruct = type({
  types: record(string(), unknown()),
  primaryType: string(),
  domain: record(string(), unknown()),
  message: record(string(), unknown()),
});

/** The first problem with a dapp's params: which field, and what is wrong. */
export type WalletParamsFailure = {
  field: string;
  message: string;
  error: StructError;
};

/**
 * Checks params against a struct. Each side turns a failure into its own error
 * (INVALID_REQUEST_PAYLOAD in the adapter, -32602 in the snap), naming the field.
 *
 * @param struct - What the method takes.
 * @param params - What the dapp sent.
 * @returns The params, typed, or the first failure.
 */
export function checkWalletParams<Value>(
  struct: Struct<Value, unknown>,
  params: unknown,
): { ok: true; value: Value } | ({ ok: false } & WalletParamsFailure) {
  const [error, value] = struct.validate(params);
  if (error) {
    const [failure] = error.failures();
    return {
      ok: false,
      field: failure?.path.join('.') ?? '',
      message: failure?.message ?? error.message,
      error,
    };
  }
  return { ok: true, value };
}

/** A call as `snapnet_executeTxn` takes it. */
export type SnapCall = {
  contractAddress: string;
  entrypoint: string;
  calldata: string[];
};

/**
 * The wallet API's calls as `snapnet_executeTxn` takes them, with every calldata item
 * (hex or decimal string, number, bigint; checked by {@link InvokeParamsStruct})
 * written as a 0x felt.
 *
 * @param calls - The checked `calls`.
 * @returns The snap's calls.
 */
export function toSnapCalls(
  calls: Infer<typeof InvokeParamsStruct>['calls'],
): SnapCall[] {
  return calls.map((call) => ({
    contractAddress: call.contract_address,
    entrypoint: call.entry_point,
    calldata: (call.calldata ?? []).map((item) =>
      toFelt64(parseFelt(item) ?? BigInt(item)),
    ),
  }));
}
