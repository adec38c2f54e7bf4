/**
 * What the node's accounts (Argent Cairo 1 and the Cairo-0 proxy) do when called from
 * another contract or by `starknet_call` (contracts.ts dispatches here): views,
 * SNIP-6 signatures, SNIP-9 outside execution and `upgrade`.
 */
import { shortString } from 'starknet';

import { ARGENT_040_ACCOUNT_CLASS_HASH, VALID } from './constants';
import { exactArgs as args } from './entryArgs';
import { ExecutionRevert } from './errors';
import type { CallContext } from './ledger';
import { keyGetterAnswer, upgradeAccount, versionAnswer } from './legacy';
import type { Dispatch } from './outside';
import { executeFromOutside, isValidOutsideNonce } from './outside';
import type { AccountData } from './state';
import { verifySignature } from './verify';

/**
 * An account being called: its address and data, who calls it, and how to run the
 * calls an outside execution makes (contracts.ts `callContract`, handed in so that
 * this module does not import the dispatcher that imports it).
 */
export type AccountTarget = {
  to: bigint;
  account: AccountData;
  caller: bigint;
  dispatch: Dispatch;
};

const SRC5_ID =
  0x3f918d17e5ee77373b56385708f855659a07f75997f365cf87748628532a055n;
const SRC6_ID =
  0x2ceccef7f994940b3962a6c67e0ba4fcd37df7d131417c604f91e03caecc1cdn;
/** SNIP-9 v1 (outside execution): Argent 0.3.0 supports it, as on chain. */
const SNIP9_V1_ID =
  0x68cfd18b92d1907b8ba3cc324900277f5a3622099431ea85dd8089255e4181n;
/** SNIP-9 v2: Argent 0.4.0 supports it too. */
const SNIP9_V2_ID =
  0x1d1144bb2138366ff28d8e9ab57456b1d332ac42196230c3a602003c89872n;

/** The account entry points the node implements, for contracts.ts to map selectors. */
export const ACCOUNT_ENTRY_POINTS = [
  'get_owner',
  'getSigner',
  'get_guardian',
  'getGuardian',
  'is_valid_signature',
  'isValidSignature',
  'supports_interface',
  'supportsInterface',
  'get_name',
  'get_version',
  'getVersion',
  'upgrade',
  'execute_from_outside',
  'execute_from_outside_v2',
  'is_valid_outside_execution_nonce',
];

/**
 * SNIP-6 `is_valid_signature(hash, signature)` of an account.
 *
 * @param account - The account.
 * @param calldata - Call data.
 * @returns `VALID`, or 0.
 */
function isValidSignature(account: AccountData, calldata: bigint[]): bigint[] {
  const [messageHash, length, ...signature] = calldata;
  if (messageHash === undefined || length === undefined) {
    throw new ExecutionRevert(
      `Failed to deserialize param #${calldata.length + 1}`,
    );
  }
  if (BigInt(signature.length) !== length) {
    throw new ExecutionRevert('Failed to deserialize param #2');
  }
  return [
    verifySignature(signature, messageHash, account.publicKey) ? VALID : 0n,
  ];
}

/**
 * `execute_from_outside` (every Argent account) and `execute_from_outside_v2` (Argent
 * 0.4.0 only, as its class declares it).
 *
 * @param ctx - Call context.
 * @param target - The account, its data and the caller.
 * @param target.to - The account.
 * @param target.account - Its data.
 * @param target.caller - Who called it.
 * @param target.dispatch - Runs the calls it makes.
 * @param name - Which entry point.
 * @param calldata - Call data.
 * @param classHash - The account's class.
 * @returns The results, or undefined when the account has no such entry point.
 */
function outsideEntry(
  ctx: CallContext,
  target: AccountTarget,
  name: string,
  calldata: bigint[],
  classHash: bigint,
): bigint[] | undefined {
  const { to, account, caller, dispatch } = target;
  const version = name === 'execute_from_outside_v2' ? '2' : '1';
  const supported =
    account.flavour === 'argent' &&
    (version === '1' || classHash === ARGENT_040_ACCOUNT_CLASS_HASH);
  return supported
    ? executeFromOutside(ctx, to, account, caller, calldata, dispatch, version)
    : undefined;
}

/**
 * Runs an account entry point: views, and SNIP-9 version 1 outside execution (the
 * node does not model calls into `__execute__` from other contracts); contracts.ts
 * calls it for a contract of kind `account`.
 *
 * @param ctx - Call context.
 * @param target - The account called and who calls it.
 * @param target.to - The account's address.
 * @param target.account - The account.
 * @param target.caller - Calling address.
 * @param target.dispatch - Runs the calls an outside execution makes.
 * @param name - Entry point name.
 * @param calldata - Call data.
 * @param classHash - The account's class (an upgraded Argent supports more).
 * @returns The result felts, or undefined when there is no such entry point.
 */
export function callAccount(
  ctx: CallContext,
  target: AccountTarget,
  name: string,
  calldata: bigint[],
  classHash: bigint,
): bigint[] | undefined {
  const { to, account, caller } = target;
  switch (name) {
    case 'execute_from_outside':
    case 'execute_from_outside_v2':
      return outsideEntry(ctx, target, name, calldata, classHash);
    case 'is_valid_outside_execution_nonce': {
      const [nonce = 0n] = args(calldata, 1);
      return account.flavour === 'argent'
        ? [isValidOutsideNonce(account, nonce)]
        : undefined;
    }
    case 'get_owner':
    case 'getSigner':
    case 'get_guardian':
    case 'getGuardian':
      args(calldata, 0);
      return keyGetterAnswer(
        { address: to, classHash, data: account },
        account,
        name,
      );
    case 'get_name':
      args(calldata, 0);
      return [BigInt(shortString.encodeShortString('ArgentAccount'))];
    case 'get_version':
    case 'getVersion':
      args(calldata, 0);
      return versionAnswer(
        { address: to, classHash, data: account },
        account,
        name,
      );
    case 'upgrade':
      return upgradeAccount(ctx.state, to, caller, calldata);
    case 'is_valid_signature':
    case 'isValidSignature':
      return isValidSignature(account, calldata);
    case 'supports_interface':
    case 'supportsInterface': {
      const [id] = args(calldata, 1);
      const argent = account.flavour === 'argent';
      const snip9 =
        (argent && id === SNIP9_V1_ID) ||
        (classHash === ARGENT_040_ACCOUNT_CLASS_HASH && id === SNIP9_V2_ID);
      return [id === SRC5_ID || id === SRC6_ID || snip9 ? 1n : 0n];
    }
    default:
      return undefined;
  }
}
