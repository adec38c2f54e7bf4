/**
 * SNIP-9 outside execution as the Argent Cairo-1 account of the node runs it (class
 * 0.3.0: version 1 only, entry point `execute_from_outside`): the caller check
 * (`ANY_CALLER` or the given address), the time window (strict, as Argent), the nonce
 * used once, the owner's signature of the SNIP-12 hash (recomputed with starknet.js),
 * then the calls, made by the account itself. A paymaster's forwarder calls it.
 */
import type { TypedData } from 'starknet';
import { outsideExecution, typedData } from 'starknet';

import { ExecutionRevert } from './errors';
import { feltHex } from './json';
import type { Call, CallContext } from './ledger';
import type { AccountData } from './state';
import { verifySignature } from './verify';

/** SRC5 id of SNIP-9 version 1 (`execute_from_outside`), which Argent 0.3.0 answers. */
export const SNIP9_V1_ID =
  0x68cfd18b92d1907b8ba3cc324900277f5a3622099431ea85dd8089255e4181n;

/** `'ANY_CALLER'`: an outside execution anyone may submit. */
export const ANY_CALLER = 0x414e595f43414c4c4552n;

/** An outside execution read from `execute_from_outside` calldata. */
export type OutsideExecutionData = {
  caller: bigint;
  nonce: bigint;
  executeAfter: bigint;
  executeBefore: bigint;
  calls: Call[];
  signature: bigint[];
};

/** Runs a call as the given caller (contracts.ts `callContract`, handed in). */
export type Dispatch = (
  ctx: CallContext,
  caller: bigint,
  call: Call,
) => bigint[];

/**
 * Reads `(OutsideExecution, Array<felt252>)` calldata.
 *
 * @param calldata - The entry point's calldata.
 * @returns The outside execution and its signature.
 */
export function decodeOutsideExecution(
  calldata: readonly bigint[],
): OutsideExecutionData {
  let at = 0;
  const read = (): bigint => {
    const value = calldata[at];
    if (value === undefined) {
      throw new ExecutionRevert(`Failed to deserialize param #${at + 1}`);
    }
    at += 1;
    return value;
  };
  const take = (count: bigint): bigint[] => {
    const values: bigint[] = [];
    for (let index = 0n; index < count; index++) {
      values.push(read());
    }
    return values;
  };
  const caller = read();
  const nonce = read();
  const executeAfter = read();
  const executeBefore = read();
  const calls: Call[] = [];
  for (let count = read(); count > 0n; count--) {
    const to = read();
    const selector = read();
    calls.push({ to, selector, calldata: take(read()) });
  }
  const signature = take(read());
  if (at !== calldata.length) {
    throw new ExecutionRevert('Input too long for arguments');
  }
  return { caller, nonce, executeAfter, executeBefore, calls, signature };
}

/**
 * starknet.js' typed data of an outside execution without its calls (domain, types,
 * caller, time bounds, nonce): each version then writes its calls as it hashes them.
 *
 * @param chainId - The chain id felt.
 * @param data - The outside execution.
 * @param version - The SNIP-9 version.
 * @returns The typed data, calls left empty.
 */
function typedDataFrame(
  chainId: bigint,
  data: Omit<OutsideExecutionData, 'signature'>,
  version: '1' | '2',
): TypedData {
  return outsideExecution.getTypedData(
    feltHex(chainId),
    {
      caller: feltHex(data.caller),
      execute_after: feltHex(data.executeAfter),
      execute_before: feltHex(data.executeBefore),
    },
    feltHex(data.nonce),
    [],
    version,
  );
}

/**
 * The SNIP-12 (revision 0) typed data of a version 1 outside execution, as wallets
 * sign it.
 *
 * @param chainId - The chain id felt.
 * @param data - The outside execution.
 * @returns The typed data.
 */
export function outsideTypedDataV1(
  chainId: bigint,
  data: Omit<OutsideExecutionData, 'signature'>,
): TypedData {
  const base = typedDataFrame(chainId, data, '1');
  return {
    ...base,
    message: {
      ...base.message,
      calls_len: data.calls.length,
      calls: data.calls.map((call) => ({
        to: feltHex(call.to),
        selector: feltHex(call.selector),
        calldata_len: call.calldata.length,
        calldata: call.calldata.map(feltHex),
      })),
    },
  };
}

/**
 * The SNIP-12 (revision 1) typed data of a version 2 outside execution, as wallets
 * sign it for `execute_from_outside_v2` (Argent 0.4.0).
 *
 * @param chainId - The chain id felt.
 * @param data - The outside execution.
 * @returns The typed data.
 */
export function outsideTypedDataV2(
  chainId: bigint,
  data: Omit<OutsideExecutionData, 'signature'>,
): TypedData {
  const base = typedDataFrame(chainId, data, '2');
  return {
    ...base,
    message: {
      ...base.message,
      Calls: data.calls.map((call) => ({
        To: feltHex(call.to),
        Selector: feltHex(call.selector),
        Calldata: call.calldata.map(feltHex),
      })),
    },
  };
}

/**
 * The typed data of an outside execution of the given SNIP-9 version.
 *
 * @param version - 1 (`execute_from_outside`) or 2 (`execute_from_outside_v2`).
 * @param chainId - The chain id felt.
 * @param data - The outside execution.
 * @returns The typed data.
 */
export function outsideTypedData(
  version: '1' | '2',
  chainId: bigint,
  data: Omit<OutsideExecutionData, 'signature'>,
): TypedData {
  return version === '2'
    ? outsideTypedDataV2(chainId, data)
    : outsideTypedDataV1(chainId, data);
}

/**
 * Runs `execute_from_outside` (or, on Argent 0.4.0, `execute_from_outside_v2`: the
 * same checks and nonce set, the revision 1 hash) on an account: checks caller,
 * window, nonce and signature, then makes the calls as the account. Reverts with
 * Argent's messages.
 *
 * @param ctx - Call context (its state's chain id signs the domain).
 * @param address - The account.
 * @param account - Its data.
 * @param caller - Who called the entry point.
 * @param calldata - The entry point's calldata.
 * @param dispatch - Runs one call.
 * @param version - The entry point's SNIP-9 version.
 * @returns Each call's result, serialized as `Array<Span<felt252>>`.
 */
export function executeFromOutside(
  ctx: CallContext,
  address: bigint,
  account: AccountData,
  caller: bigint,
  calldata: readonly bigint[],
  dispatch: Dispatch,
  version: '1' | '2' = '1',
): bigint[] {
  const data = decodeOutsideExecution(calldata);
  if (data.caller !== ANY_CALLER && data.caller !== caller) {
    throw new ExecutionRevert('argent/invalid-caller');
  }
  const now = BigInt(Math.floor(Date.now() / 1000));
  if (!(data.executeAfter < now && now < data.executeBefore)) {
    throw new ExecutionRevert('argent/invalid-timestamp');
  }
  if (account.outsideNonces?.has(data.nonce)) {
    throw new ExecutionRevert('argent/duplicated-outside-nonce');
  }
  const messageHash = BigInt(
    typedData.getMessageHash(
      outsideTypedData(version, ctx.state.chainId, data),
      feltHex(address),
    ),
  );
  if (!verifySignature(data.signature, messageHash, account.publicKey)) {
    throw new ExecutionRevert('argent/invalid-owner-sig');
  }
  // Replaced, never mutated: state copies share the set.
  account.outsideNonces = new Set([
    ...(account.outsideNonces ?? []),
    data.nonce,
  ]);
  const results = data.calls.map((call) => dispatch(ctx, address, call));
  return [
    BigInt(results.length),
    ...results.flatMap((result) => [BigInt(result.length), ...result]),
  ];
}

/**
 * `is_valid_outside_execution_nonce`: true while the nonce is unused.
 *
 * @param account - The account.
 * @param nonce - The nonce.
 * @returns 1 or 0.
 */
export function isValidOutsideNonce(
  account: AccountData,
  nonce: bigint,
): bigint {
  return account.outsideNonces?.has(nonce) ? 0n : 1n;
}
