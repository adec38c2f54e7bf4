/**
 * The on-chain side of the fake paymaster, modelled on AVNU's: the forwarder (only its
 * relayer may call `execute`; it calls the account's outside execution, pays the fee
 * it received to the fee recipient and refunds the rest of that token to the account,
 * as AVNU's forwarder.cairo does) and the Universal Deployer (`deployContract`, used
 * to deploy an account in the same relayed transaction).
 */
import { hash } from 'starknet';

import { accountFromConstructor } from './admission';
import { ExecutionRevert } from './errors';
import type { Call, CallContext } from './ledger';
import { moveTokens, selectorOf } from './ledger';
import type { Dispatch } from './outside';
import type { ServiceData } from './state';

const U128 = 2n ** 128n;

/**
 * Runs an entry point of a paymaster contract.
 *
 * @param ctx - Call context.
 * @param address - The contract.
 * @param data - Its role and owner.
 * @param caller - Who calls.
 * @param call - The call.
 * @param dispatch - Runs a nested call.
 * @returns The result, or undefined when there is no such entry point.
 */
export function callService(
  ctx: CallContext,
  address: bigint,
  data: ServiceData,
  caller: bigint,
  call: Call,
  dispatch: Dispatch,
): bigint[] | undefined {
  if (data.role === 'udc' && call.selector === selectorOf('deployContract')) {
    return deployContract(ctx, call.calldata);
  }
  if (data.role === 'forwarder' && call.selector === selectorOf('execute')) {
    if (caller !== data.owner) {
      throw new ExecutionRevert('Caller is not the relayer');
    }
    return forward(ctx, address, data, call.calldata, dispatch);
  }
  return undefined;
}

/**
 * `execute(account, entrypoint, calldata: Array<felt252>, gas_token, gas_amount: u256)`.
 *
 * @param ctx - Call context.
 * @param forwarder - The forwarder's address.
 * @param data - Its fee recipient.
 * @param calldata - The call data.
 * @param dispatch - Runs the account's entry point.
 * @returns `[1]` (true).
 */
function forward(
  ctx: CallContext,
  forwarder: bigint,
  data: ServiceData,
  calldata: bigint[],
  dispatch: Dispatch,
): bigint[] {
  const [account = 0n, entrypoint = 0n, length = 0n] = calldata;
  const inner = calldata.slice(3, 3 + Number(length));
  const [gasToken = 0n, low = 0n, high = 0n] = calldata.slice(
    3 + Number(length),
  );
  dispatch(ctx, forwarder, {
    to: account,
    selector: entrypoint,
    calldata: inner,
  });
  const token = ctx.state.token(gasToken);
  if (!token) {
    throw new ExecutionRevert('Forwarder: unknown gas token');
  }
  moveTokens(
    ctx,
    gasToken,
    token,
    forwarder,
    data.feeRecipient,
    low + high * U128,
  );
  const rest = token.balances.get(forwarder) ?? 0n;
  if (rest > 0n) {
    moveTokens(ctx, gasToken, token, forwarder, account, rest);
  }
  return [1n];
}

/**
 * `deployContract(class_hash, salt, unique, calldata)` with `unique` false: the
 * address is the counterfactual one (deployer 0), as an account's own deployment.
 *
 * @param ctx - Call context.
 * @param calldata - The call data.
 * @returns The deployed address.
 */
function deployContract(ctx: CallContext, calldata: bigint[]): bigint[] {
  const [classHash = 0n, salt = 0n, unique = 0n, length = 0n] = calldata;
  const constructorCalldata = calldata.slice(4, 4 + Number(length));
  const account = accountFromConstructor(classHash, constructorCalldata);
  if (unique !== 0n || !account) {
    throw new ExecutionRevert('UDC: the fake node deploys only accounts');
  }
  const address = BigInt(
    hash.calculateContractAddressFromHash(
      salt,
      classHash,
      constructorCalldata.map(String),
      0,
    ),
  );
  if (ctx.state.contracts.has(address)) {
    throw new ExecutionRevert('UDC: contract already deployed');
  }
  ctx.state.contracts.set(address, { address, classHash, data: account });
  return [address];
}
