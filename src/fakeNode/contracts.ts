/**
 * What the node's contracts do when called: ERC-20 tokens (tokenContract.ts), Argent
 * accounts, Cairo 1 and the Cairo-0 proxy (accountContract.ts), and admin-defined
 * generic contracts; this module dispatches a call by the contract's kind. Used by
 * `starknet_call` (on a throwaway copy of the state) and by invoke execution (on a copy
 * that is committed only if every call succeeds).
 */
import { hash } from 'starknet';

import { ACCOUNT_ENTRY_POINTS, callAccount } from './accountContract';
import { ExecutionRevert } from './errors';
import { feltHex } from './json';
import type { Call, CallContext } from './ledger';
import { callNft } from './nft';
import { callOracle } from './oracle';
import { callService } from './paymasterContracts';
import type { GenericData } from './state';
import { callToken, TOKEN_ENTRY_POINTS } from './tokenContract';

export type { Call, CallContext, EventRecord } from './ledger';
export { moveTokens, selectorOf, toU256 } from './ledger';

/** Raised when the called entry point does not exist (a contract error, not a revert). */
export class EntryPointNotFound extends ExecutionRevert {}

/** Selector -> entry point name, for the entry points the node implements. */
const BY_SELECTOR = new Map(
  [...TOKEN_ENTRY_POINTS, ...ACCOUNT_ENTRY_POINTS].map((name) => [
    BigInt(hash.getSelectorFromName(name)),
    name,
  ]),
);

/**
 * The revert text of a failed call, in the style of a node's execution error.
 *
 * @param to - Called contract.
 * @param selector - Called selector.
 * @param reason - Short failure reason.
 * @returns The text.
 */
export function revertText(
  to: bigint,
  selector: bigint,
  reason: string,
): string {
  return `Error in the called contract (contract address: ${feltHex(to)}, selector: ${feltHex(selector)}):\nExecution failed. Failure reason: '${reason}'.\n`;
}

/**
 * Runs a generic contract's function; one that calls on runs the other contract's
 * function as a nested call (its revert passes up through this contract's frame).
 *
 * @param ctx - Call context.
 * @param target - The contract and its functions.
 * @param target.to - Its address.
 * @param target.contract - Its functions.
 * @param selector - Called selector.
 * @returns The result, or undefined when there is no such function.
 */
function callGeneric(
  ctx: CallContext,
  target: { to: bigint; contract: GenericData },
  selector: bigint,
): bigint[] | undefined {
  const behaviour = target.contract.functions.get(selector);
  if (!behaviour) {
    return undefined;
  }
  if ('revert' in behaviour) {
    throw new ExecutionRevert(behaviour.revert);
  }
  if ('call' in behaviour) {
    return callContract(ctx, target.to, { ...behaviour.call, calldata: [] });
  }
  return [...behaviour.result];
}

/**
 * Calls a contract. Reverts are thrown as `ExecutionRevert` whose message is the full
 * revert text; a missing entry point as `EntryPointNotFound`.
 *
 * @param ctx - Call context.
 * @param caller - Calling address (0 for `starknet_call`).
 * @param call - Target, selector and call data.
 * @returns The result felts.
 */
export function callContract(
  ctx: CallContext,
  caller: bigint,
  call: Call,
): bigint[] {
  const contract = ctx.state.contracts.get(call.to);
  if (!contract) {
    throw new ExecutionRevert(
      `Requested contract address ${feltHex(call.to)} is not deployed.`,
    );
  }
  const name = BY_SELECTOR.get(call.selector) ?? '';
  const { data } = contract;
  let result: bigint[] | undefined;
  try {
    if (data.kind === 'token') {
      result = callToken(ctx, call.to, data, caller, name, call.calldata);
    } else if (data.kind === 'account') {
      const account = {
        to: call.to,
        account: data,
        caller,
        dispatch: callContract,
      };
      result = callAccount(
        ctx,
        account,
        name,
        call.calldata,
        contract.classHash,
      );
    } else if (data.kind === 'service') {
      result = callService(ctx, call.to, data, caller, call, callContract);
    } else if (data.kind === 'nft') {
      result = callNft(ctx, call.to, data, caller, call);
    } else if (data.kind === 'oracle') {
      result = callOracle(data, call.selector, call.calldata);
    } else {
      result = callGeneric(ctx, { to: call.to, contract: data }, call.selector);
    }
  } catch (error) {
    if (error instanceof ExecutionRevert) {
      // blockifier's Cairo 1 summary: every call the panic passed through, then it.
      const frame = {
        address: call.to,
        classHash: contract.classHash,
        selector: call.selector,
      };
      throw new ExecutionRevert(error.reason, [frame, ...error.frames]);
    }
    throw error;
  }
  if (!result) {
    throw new EntryPointNotFound(
      `Error in the called contract (contract address: ${feltHex(call.to)}, class hash: ${feltHex(contract.classHash)}, selector: ${feltHex(call.selector)}):\nEntry point EntryPointSelector(${feltHex(call.selector)}) not found in contract.\n`,
    );
  }
  return result;
}
