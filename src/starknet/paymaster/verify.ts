import type { PreparedTransaction, TokenData, TypedData } from 'starknet';
import { hash } from 'starknet';

import { toFelt64 } from '../../api/felt';
import type { Call } from '../../api/transaction';
import { InvalidField, PaymasterUntrusted } from '../../errors';
import { assertNoSelfCall } from '../accounts/selfCall';
import type { Network } from '../node/networks';
import type {
  OutsideExecution,
  OutsideExecutionCall,
  OutsideExecutionVersion,
} from '../outsideExecution';
import {
  assertVersionSupported,
  readOutsideExecution,
} from '../outsideExecution';
import { FIELDS } from '../outsideExecution/domain';
import type { DeployData } from '../sends/deploy';

/** The latest `Execute Before` the snap signs: one hour from now (it asks for 10 min). */
export const MAX_WINDOW_SECONDS = 3600n;

/** What the snap asked the paymaster for, to check its answer against. */
export type PaymasterAsk = {
  network: Network;
  /** The sending account, `0x` + 64 digits. */
  address: string;
  calls: Call[];
  /** The fee token, `0x` + 64 digits. */
  feeToken: string;
  /** The account's own deployment when it is not deployed yet. */
  deployment: DeployData | undefined;
  /** SNIP-9 versions the account's class executes. */
  versions: readonly OutsideExecutionVersion[];
  /** Unix seconds now. */
  now: bigint;
};

/** The SNIP-9 typed data of a paymaster's answer. */
export type PaymasterTypedData = Extract<
  PreparedTransaction,
  { type: 'invoke' }
>['typed_data'];

/** A paymaster transaction that passed every check: what the user approves and signs. */
export type VerifiedPaymasterSend = {
  typedData: PaymasterTypedData;
  outside: OutsideExecution;
  /** The fee transfer's amount, in the fee token's base units: the most it can cost. */
  maxFee: bigint;
  /** The paymaster's estimate, in the fee token's base units. */
  estimatedFee: bigint;
};

const U128 = 2n ** 128n;
const TRANSFER = BigInt(hash.getSelectorFromName('transfer'));

/**
 * Whether a call the paymaster returned is exactly one the user asked for.
 *
 * @param got - The paymaster's call, as hashed.
 * @param asked - The user's call.
 * @returns Whether address, selector and calldata are equal.
 */
function sameCall(got: OutsideExecutionCall, asked: Call): boolean {
  const calldata = asked.calldata ?? [];
  return (
    BigInt(got.contractAddress) === BigInt(asked.contractAddress) &&
    BigInt(got.selector) ===
      BigInt(hash.getSelectorFromName(asked.entrypoint)) &&
    got.calldata.length === calldata.length &&
    got.calldata.every(
      (felt, index) => BigInt(felt) === BigInt(calldata[index] ?? -1),
    )
  );
}

/**
 * Checks the last call: one `transfer(Caller, amount)` of the fee token, amount at most
 * the quoted maximum.
 *
 * @param fee - The last call.
 * @param ask - What the snap asked for.
 * @param caller - The outside execution's caller.
 * @param quotedMax - `suggested_max_fee_in_gas_token`.
 * @returns A problem, or the amount.
 */
function feeAmount(
  fee: OutsideExecutionCall | undefined,
  ask: PaymasterAsk,
  caller: string,
  quotedMax: bigint,
): string | bigint {
  if (!fee || BigInt(fee.contractAddress) !== BigInt(ask.feeToken)) {
    return 'its last call is not on the fee token';
  }
  if (BigInt(fee.selector) !== TRANSFER) {
    return 'its fee call is not a transfer (e.g. an approve)';
  }
  const [recipient, low, high] = fee.calldata.map(BigInt);
  if (fee.calldata.length !== 3 || low === undefined || high === undefined) {
    return 'its fee transfer does not have exactly recipient and u256 amount';
  }
  if (recipient !== BigInt(caller)) {
    return 'its fee goes to another address than the one allowed to submit';
  }
  if (low >= U128 || high >= U128) {
    return 'its fee amount is not a u256';
  }
  const amount = low + high * U128;
  return amount > quotedMax
    ? `its fee transfer (${amount}) is above its own quote (${quotedMax})`
    : amount;
}

/**
 * Checks that a deploy_and_invoke deploys exactly the account's own contract.
 *
 * @param prepared - The paymaster's answer.
 * @param own - The account's deployment.
 * @returns A problem, or undefined.
 */
function deploymentProblem(
  prepared: PreparedTransaction,
  own: DeployData | undefined,
): string | undefined {
  const expected = own ? 'deploy_and_invoke' : 'invoke';
  if (prepared.type !== expected) {
    return `it is a ${prepared.type} where the snap asked for ${expected}`;
  }
  if (!own || prepared.type !== 'deploy_and_invoke') {
    return undefined;
  }
  const got = prepared.deployment;
  const same =
    BigInt(got.address) === BigInt(own.address) &&
    BigInt(got.class_hash) === BigInt(own.classHash) &&
    BigInt(got.salt) === BigInt(own.salt) &&
    Number(got.version) === 1 &&
    got.calldata.length === own.constructorCalldata.length &&
    got.calldata.every(
      (felt, index) =>
        BigInt(felt) === BigInt(own.constructorCalldata[index] ?? -1),
    );
  return same ? undefined : 'its deployment is not the account’s own';
}

/**
 * Reads the typed data with the SNIP-9 validator, as a paymaster problem.
 *
 * @param typedData - The typed data.
 * @param ask - What the snap asked for.
 * @param host - The paymaster's host.
 * @returns The outside execution.
 */
function readTyped(
  typedData: TypedData,
  ask: PaymasterAsk,
  host: string,
): OutsideExecution {
  try {
    const outside = readOutsideExecution(typedData, ask.network, 'typed_data');
    assertVersionSupported(outside.version, ask.versions, 'typed_data');
    return outside;
  } catch (error) {
    if (error instanceof InvalidField) {
      throw new PaymasterUntrusted(host, error.message);
    }
    throw error;
  }
}

/**
 * Checks everything a paymaster built before any dialog (a paymaster is not trusted
 * with what is signed): SNIP-9 typed
 * data for the request's chain (canonical types, a version the account executes, only
 * the hashed calls array, not both); exactly the user's calls then one transfer of the
 * fee token to `Caller`, at most the quoted maximum; `Caller` not ANY_CALLER; a window
 * ending at most an hour from now; for a deployment, the account's own.
 *
 * @param prepared - The paymaster's `buildTransaction` answer.
 * @param ask - What the snap asked for.
 * @param host - The paymaster's host, for errors.
 * @returns What the user approves and signs.
 * @throws PaymasterUntrusted naming the problem: nothing may be signed.
 */
export function verifyPrepared(
  prepared: PreparedTransaction,
  ask: PaymasterAsk,
  host: string,
): VerifiedPaymasterSend {
  const refuse = (problem: string): never => {
    throw new PaymasterUntrusted(host, problem);
  };
  const deployProblem = deploymentProblem(prepared, ask.deployment);
  if (deployProblem !== undefined || prepared.type === 'deploy') {
    return refuse(deployProblem ?? 'it has no calls');
  }
  const outside = readTyped(prepared.typed_data, ask, host);
  // Whoever put it there, a call to the account itself is never signed (it could hand
  // the account over).
  assertNoSelfCall(
    outside.calls,
    ask.address,
    `paymaster typed_data.message.${FIELDS[outside.version].calls}`,
  );
  if (outside.anyCaller) {
    refuse('anyone (ANY_CALLER) could submit it');
  }
  if (outside.executeBefore > ask.now + MAX_WINDOW_SECONDS) {
    refuse('it stays valid for more than an hour');
  }
  if (outside.executeBefore <= ask.now) {
    refuse('its time window is already over');
  }
  const userCalls = outside.calls.slice(0, -1);
  if (
    outside.calls.length !== ask.calls.length + 1 ||
    !ask.calls.every((call, index) => {
      const got = userCalls[index];
      return got !== undefined && sameCall(got, call);
    })
  ) {
    refuse(
      'its calls are not exactly the requested calls followed by one fee transfer',
    );
  }
  const { fee } = prepared;
  const amount = feeAmount(
    outside.calls.at(-1),
    ask,
    outside.caller,
    BigInt(fee.suggested_max_fee_in_gas_token),
  );
  if (typeof amount === 'string') {
    return refuse(amount);
  }
  return {
    typedData: prepared.typed_data,
    outside,
    maxFee: amount,
    estimatedFee: BigInt(fee.estimated_fee_in_gas_token),
  };
}

/**
 * The fee token, checked against the tokens the paymaster lists.
 *
 * @param feeToken - `details.feeToken`.
 * @param supported - `paymaster_getSupportedTokens` addresses.
 * @param host - The paymaster's host.
 * @returns The token, `0x` + 64 digits.
 * @throws InvalidField naming `details.feeToken` when it is not listed.
 */
export function supportedFeeToken(
  feeToken: string,
  supported: readonly TokenData[],
  host: string,
): { address: string; decimals: number } {
  const token = supported.find(
    (item) => BigInt(item.token_address) === BigInt(feeToken),
  );
  if (!token) {
    throw new InvalidField(
      'details.feeToken',
      `is not a fee token the paymaster at ${host} takes; it takes ${supported
        .map((item) => toFelt64(item.token_address))
        .join(', ')}. Omit feeToken to pay in STRK`,
    );
  }
  return { address: toFelt64(feeToken), decimals: token.decimals };
}
