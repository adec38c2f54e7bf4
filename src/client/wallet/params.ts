import type { Infer, Struct } from '@metamask/superstruct';
import {
  array,
  bigint,
  boolean,
  literal,
  number,
  optional,
  record,
  string,
  type,
  union,
  unknown,
} from '@metamask/superstruct';

import { SierraContractStruct } from '../../api/declareContract';
import type { ParamsOf } from '../snap';
import { bigIntToFelt } from '../snap';
import { StarknetWalletApiError } from './errors';

/*
 * The wallet API's params as dapps really send them, checked at the door. Only what
 * the adapter itself reads is checked here; the snap client checks the rest (a
 * contract class, a token address) with the snap's own structs, and its -32602
 * becomes INVALID_REQUEST_PAYLOAD (114) like these.
 */

/** A calldata item: starknet.js passes bigints and numbers through, others send strings. */
const CalldataItemStruct = union([string(), number(), bigint()]);

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

/**
 * Checks params against a struct.
 *
 * @param struct - What the method takes.
 * @param params - What the dapp sent.
 * @param method - The wallet-API method, for the error.
 * @returns The params, typed.
 * @throws {StarknetWalletApiError} INVALID_REQUEST_PAYLOAD naming the first bad field.
 */
export function parseParams<Value>(
  struct: Struct<Value, unknown>,
  params: unknown,
  method: string,
): Value {
  const [error, value] = struct.validate(params);
  if (error) {
    const [failure] = error.failures();
    throw new StarknetWalletApiError('INVALID_REQUEST_PAYLOAD', {
      method,
      data: {
        field: failure?.path.join('.') ?? '',
        message: failure?.message ?? error.message,
      },
      cause: error,
    });
  }
  return value;
}

/**
 * The wallet API's calls as `snapnet_executeTxn` takes them, with every calldata item
 * (hex or decimal string, number, bigint) written as a 0x felt; a negative or
 * too-large item fails as INVALID_REQUEST_PAYLOAD through the client's -32602.
 *
 * @param calls - The checked `calls`.
 * @returns The snap's calls.
 */
export function toSnapCalls(
  calls: Infer<typeof InvokeParamsStruct>['calls'],
): ParamsOf<'snapnet_executeTxn'>['calls'] {
  return calls.map((call, index) => ({
    contractAddress: call.contract_address,
    entrypoint: call.entry_point,
    calldata: (call.calldata ?? []).map((item, position) =>
      bigIntToFelt(item, `calls.${index}.calldata.${position}`),
    ),
  }));
}
