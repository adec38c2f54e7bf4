/**
 * `paymaster_buildTransaction` of the fake paymaster, as AVNU's default fee mode
 * builds it: SNIP-9 typed data (the highest version the account supports, asked by
 * SRC5 as AVNU's `resolve_paymaster_version_from_account`: 2 for Argent 0.4.0, 1 for
 * the node's Argent 0.3.0 class and for an account it deploys) whose calls are the user's calls followed by
 * `gas_token.transfer(forwarder, suggested_max_fee_in_gas_token)`, `Caller` = the
 * forwarder, a random nonce, `execute_after` 1 and `execute_before` now + 1 h unless
 * the request bounds it. A tamper mode changes what it builds, as a malicious or
 * broken paymaster would.
 */
import { randomBytes } from 'node:crypto';
import { constants, hash } from 'starknet';

import type { Chain } from './chain';
import { ARGENT_ACCOUNT_CLASS_HASH, CHAIN_IDS } from './constants';
import type { Call } from './contracts';
import { callContract, selectorOf, toU256 } from './contracts';
import { RpcFailure } from './errors';
import type { Json, JsonObject } from './json';
import { feltHex, isRecord } from './json';
import { ANY_CALLER, outsideTypedData, outsideTypedDataV1 } from './outside';
import { feltArray, feltAt, member } from './params';
import type { PaymasterFee, PaymasterToken } from './paymasterQuote';
import { FEE_RECIPIENT, FORWARDER_ADDRESS, quoteFee } from './paymasterQuote';

/** What a tampering paymaster changes in what it builds (`honest`: nothing). */
export type PaymasterMode =
  | 'honest'
  | 'extraCall'
  | 'selfCall'
  | 'approve'
  | 'feeRecipient'
  | 'feeAboveQuote'
  | 'anyCaller'
  | 'window30d'
  | 'otherChain'
  | 'bothArrays'
  | 'down';

export const PAYMASTER_MODES: readonly PaymasterMode[] = [
  'honest',
  'extraCall',
  'selfCall',
  'approve',
  'feeRecipient',
  'feeAboveQuote',
  'anyCaller',
  'window30d',
  'otherChain',
  'bothArrays',
  'down',
];

/** An account deployment (`ACCOUNT_DEPLOYMENT_DATA`). */
export type Deployment = {
  address: bigint;
  classHash: bigint;
  salt: bigint;
  calldata: bigint[];
};

/**
 * A SNIP-29 error, with the spec's code and message.
 *
 * @param code - SNIP-29 error code.
 * @param message - The spec's message.
 * @param data - Its `data`, when the spec gives one.
 * @returns The error.
 */
export function paymasterError(
  code: number,
  message: string,
  data?: Json,
): RpcFailure {
  return new RpcFailure(code, message, data);
}

/**
 * Reads the request's deployment and checks it is an account the paymaster deploys.
 *
 * @param raw - `transaction.deployment`.
 * @returns The deployment.
 */
export function readDeployment(raw: unknown): Deployment {
  const deployment: Deployment = {
    address: feltAt(raw, 'address', 'deployment'),
    classHash: feltAt(raw, 'class_hash', 'deployment'),
    salt: feltAt(raw, 'salt', 'deployment'),
    calldata: feltArray(member(raw, 'calldata', 'deployment'), 'calldata'),
  };
  if (deployment.classHash !== ARGENT_ACCOUNT_CLASS_HASH) {
    throw paymasterError(155, 'Class hash not supported');
  }
  const address = BigInt(
    hash.calculateContractAddressFromHash(
      deployment.salt,
      deployment.classHash,
      deployment.calldata.map(String),
      0,
    ),
  );
  if (
    address !== deployment.address ||
    !isRecord(raw) ||
    Number(raw.version) !== 1
  ) {
    throw paymasterError(158, 'Invalid deployment data');
  }
  return deployment;
}

/**
 * Reads the user's calls (`{ to, selector, calldata }`).
 *
 * @param raw - `invoke.calls`.
 * @returns The calls.
 */
export function readCalls(raw: unknown): Call[] {
  if (!Array.isArray(raw)) {
    throw paymasterError(-32602, 'Invalid params', 'calls must be an array');
  }
  return raw.map((call, index) => ({
    to: feltAt(call, 'to', `calls[${index}]`),
    selector: feltAt(call, 'selector', `calls[${index}]`),
    calldata: feltArray(
      member(call, 'calldata', `calls[${index}]`),
      'calldata',
    ),
  }));
}

/**
 * The SNIP-9 version the paymaster builds for an account, as AVNU resolves it
 * (paymaster-execution `EstimatedTransaction::resolve_version`): an account being
 * deployed gets its class's (the node's Argent 0.3.0: 1); a deployed one the highest
 * its SRC5 `supports_interface` answers.
 *
 * @param chain - The chain.
 * @param address - The user's account.
 * @param deploying - Whether the request deploys it.
 * @returns The version.
 */
export function snip9VersionOf(
  chain: Chain,
  address: bigint,
  deploying: boolean,
): '1' | '2' {
  if (deploying) {
    return '1';
  }
  const [supported] = callContract({ state: chain.mempool, events: [] }, 0n, {
    to: address,
    selector: selectorOf('supports_interface'),
    calldata: [BigInt(constants.SNIP9_V2_INTERFACE_ID)],
  });
  return supported === 1n ? '2' : '1';
}

/** Requested time bounds, defaults applied. */
export type Window = { after: bigint; before: bigint };

/** What the built typed data says, before it is written out. */
type Outside = {
  caller: bigint;
  nonce: bigint;
  executeAfter: bigint;
  executeBefore: bigint;
  calls: Call[];
};

/**
 * The outside execution an honest paymaster builds, then changed by the mode.
 *
 * @param args - The request's facts.
 * @param args.user - The user's account.
 * @param args.calls - The user's calls.
 * @param args.token - The gas token.
 * @param args.fee - The quote.
 * @param args.window - Requested time bounds.
 * @param mode - Tamper mode.
 * @returns The outside execution.
 */
function outsideOf(
  args: {
    user: bigint;
    calls: Call[];
    token: PaymasterToken;
    fee: PaymasterFee;
    window: Window;
  },
  mode: PaymasterMode,
): Outside {
  const now = BigInt(Math.floor(Date.now() / 1000));
  const amount =
    mode === 'feeAboveQuote' ? args.fee.maxToken * 10n : args.fee.maxToken;
  const feeCall: Call = {
    to: args.token.address,
    selector: selectorOf(mode === 'approve' ? 'approve' : 'transfer'),
    calldata: [
      mode === 'feeRecipient' ? FEE_RECIPIENT : FORWARDER_ADDRESS,
      ...toU256(amount),
    ],
  };
  const extras: Partial<Record<PaymasterMode, Call>> = {
    extraCall: {
      to: args.token.address,
      selector: selectorOf('transfer'),
      calldata: [FEE_RECIPIENT, ...toU256(10n ** 6n)],
    },
    // The account's own change_owner (Argent): a takeover by the paymaster.
    selfCall: {
      to: args.user,
      selector: selectorOf('change_owner'),
      calldata: [1n, 2n, 3n],
    },
  };
  const extra = extras[mode];
  return {
    caller: mode === 'anyCaller' ? ANY_CALLER : FORWARDER_ADDRESS,
    nonce: BigInt(`0x${randomBytes(16).toString('hex')}`),
    executeAfter: args.window.after,
    executeBefore:
      mode === 'window30d' ? now + 30n * 86_400n : args.window.before,
    calls: [...args.calls, ...(extra ? [extra] : []), feeCall],
  };
}

/**
 * Builds the typed data and fee of a default-mode request.
 *
 * @param chain - The chain (its id signs the domain).
 * @param request - What the user asked.
 * @param request.user - The user's account.
 * @param request.calls - The user's calls.
 * @param request.token - The gas token.
 * @param request.window - Time bounds (defaults applied).
 * @param request.version - The SNIP-9 version to build ({@link snip9VersionOf}).
 * @param mode - Tamper mode.
 * @returns `typed_data` and `fee` of the answer.
 */
export function buildTypedData(
  chain: Chain,
  request: {
    user: bigint;
    calls: Call[];
    token: PaymasterToken;
    window: Window;
    version: '1' | '2';
  },
  mode: PaymasterMode,
): { typedData: JsonObject; fee: JsonObject } {
  const fee = quoteFee(request.token);
  const outside = outsideOf({ ...request, fee }, mode);
  const other = chain.network === 'sepolia' ? 'mainnet' : 'sepolia';
  const chainId = BigInt(
    CHAIN_IDS[mode === 'otherChain' ? other : chain.network],
  );
  const typed = JSON.parse(
    JSON.stringify(outsideTypedData(request.version, chainId, outside)),
  ) as JsonObject;
  if (mode === 'bothArrays' && isRecord(typed.message)) {
    // The hashed `calls` (v1) drains the account; the unhashed `Calls` looks honest.
    const honest = JSON.parse(
      JSON.stringify(outsideTypedDataV1(chainId, { ...outside })),
    ) as JsonObject;
    const drain: Call = {
      to: request.token.address,
      selector: selectorOf('transfer'),
      calldata: [FEE_RECIPIENT, ...toU256(10n ** 30n)],
    };
    const hashed = outsideTypedDataV1(chainId, {
      ...outside,
      calls: [drain, ...outside.calls],
    });
    typed.message = {
      ...(JSON.parse(JSON.stringify(hashed.message)) as JsonObject),
      Calls: isRecord(honest.message) ? (honest.message.calls ?? []) : [],
    };
  }
  return {
    typedData: typed,
    fee: {
      gas_token_price_in_strk: feltHex(fee.priceInStrk),
      estimated_fee_in_strk: feltHex(fee.estimatedStrk),
      estimated_fee_in_gas_token: feltHex(fee.estimatedToken),
      suggested_max_fee_in_strk: feltHex(fee.maxStrk),
      suggested_max_fee_in_gas_token: feltHex(fee.maxToken),
    },
  };
}
