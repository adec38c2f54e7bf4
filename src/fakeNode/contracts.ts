/**
 * What the node's contracts do when called: ERC-20 tokens, Argent accounts (Cairo 1 and
 * the Cairo-0 proxy) and admin-defined generic contracts. Used by `starknet_call` (on a
 * throwaway copy of the state) and by invoke execution (on a copy that is committed only
 * if every call succeeds).
 */
import { hash, shortString } from 'starknet';

import { ARGENT_040_ACCOUNT_CLASS_HASH, VALID } from './constants';
import { ExecutionRevert } from './errors';
import { feltHex } from './json';
import type { Call, CallContext } from './ledger';
import { moveTokens, selectorOf, toU256 } from './ledger';
import { keyGetterAnswer, upgradeAccount, versionAnswer } from './legacy';
import { callNft } from './nft';
import { callOracle } from './oracle';
import { executeFromOutside, isValidOutsideNonce } from './outside';
import { callService } from './paymasterContracts';
import type { AccountData, GenericData, TokenData } from './state';
import { verifySignature } from './verify';

export type { Call, CallContext, EventRecord } from './ledger';
export { moveTokens, selectorOf, toU256 } from './ledger';

/** Raised when the called entry point does not exist (a contract error, not a revert). */
export class EntryPointNotFound extends ExecutionRevert {}

const U128 = 2n ** 128n;

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

const NAMES = [
  'name',
  'symbol',
  'decimals',
  'totalSupply',
  'total_supply',
  'balanceOf',
  'balance_of',
  'allowance',
  'transfer',
  'transferFrom',
  'transfer_from',
  'approve',
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
  'Transfer',
  'Approval',
];

/**
 * A token's name or symbol as one felt of its UTF-8 bytes: a Cairo short string for
 * ASCII text (what `shortString.encodeShortString` gives), and the same bytes for any
 * other text a contract's author stores (a felt252 holds any 31 bytes; nothing on
 * chain requires ASCII), e.g. a Cyrillic look-alike symbol.
 *
 * @param text - The text (at most 31 UTF-8 bytes).
 * @returns The felt.
 */
function textFelt(text: string): bigint {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length > 31) {
    throw new ExecutionRevert(`${text} does not fit a felt`);
  }
  return bytes.length === 0 ? 0n : BigInt(`0x${bytes.toString('hex')}`);
}

/** Selector -> entry point name, for the entry points the node implements. */
const BY_SELECTOR = new Map(
  NAMES.map((name) => [BigInt(hash.getSelectorFromName(name)), name]),
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
 * Checks the argument count and returns the arguments.
 *
 * @param calldata - Call data.
 * @param count - Expected number of felts.
 * @returns The same felts.
 */
function args(calldata: bigint[], count: number): bigint[] {
  if (calldata.length < count) {
    throw new ExecutionRevert(
      `Failed to deserialize param #${calldata.length + 1}`,
    );
  }
  if (calldata.length > count) {
    throw new ExecutionRevert('Input too long for arguments');
  }
  return calldata;
}

/**
 * Reads a u256 from two felts.
 *
 * @param low - Low 128 bits.
 * @param high - High 128 bits.
 * @param param - Parameter number for the error.
 * @returns The value.
 */
function u256(
  low: bigint | undefined,
  high: bigint | undefined,
  param: number,
): bigint {
  if (low === undefined || high === undefined || low >= U128 || high >= U128) {
    throw new ExecutionRevert(`Failed to deserialize param #${param}`);
  }
  return low + high * U128;
}

/**
 * An ERC-20 `transfer_from` (spends the caller's allowance) or `approve` (sets it and
 * emits `Approval`).
 *
 * @param ctx - Call context.
 * @param target - The token and who calls it.
 * @param target.address - Token address.
 * @param target.token - Its storage.
 * @param target.caller - Calling address.
 * @param name - `transfer_from`, `transferFrom` or `approve`.
 * @param calldata - Call data.
 * @returns The result felts.
 */
function spendOrApprove(
  ctx: CallContext,
  target: { address: bigint; token: TokenData; caller: bigint },
  name: string,
  calldata: bigint[],
): bigint[] {
  const { address, token, caller } = target;
  if (name === 'approve') {
    const [spender = 0n, low, high] = args(calldata, 3);
    const amount = u256(low, high, 2);
    token.allowances.set(`${caller}:${spender}`, amount);
    ctx.events.push({
      fromAddress: address,
      keys: [selectorOf('Approval'), caller, spender],
      data: toU256(amount),
    });
    return [1n];
  }
  const [from = 0n, recipient = 0n, low, high] = args(calldata, 4);
  const amount = u256(low, high, 3);
  const key = `${from}:${caller}`;
  const allowed = token.allowances.get(key) ?? 0n;
  if (allowed < amount) {
    throw new ExecutionRevert('ERC20: insufficient allowance');
  }
  token.allowances.set(key, allowed - amount);
  moveTokens(ctx, address, token, from, recipient, amount);
  return [1n];
}

/**
 * Runs an ERC-20 entry point.
 *
 * @param ctx - Call context.
 * @param address - Token address.
 * @param token - Its storage.
 * @param caller - Calling address.
 * @param name - Entry point name.
 * @param calldata - Call data.
 * @returns The result felts, or undefined when the token has no such entry point.
 */
function callToken(
  ctx: CallContext,
  address: bigint,
  token: TokenData,
  caller: bigint,
  name: string,
  calldata: bigint[],
): bigint[] | undefined {
  const supply = (): bigint =>
    [...token.balances.values()].reduce((sum, value) => sum + value, 0n);
  const allowanceKey = (owner: bigint, spender: bigint): string =>
    `${owner}:${spender}`;
  switch (name) {
    case 'name':
      args(calldata, 0);
      return [textFelt(token.name)];
    case 'symbol':
      args(calldata, 0);
      return [textFelt(token.symbol)];
    case 'decimals':
      args(calldata, 0);
      return [BigInt(token.decimals)];
    case 'totalSupply':
    case 'total_supply':
      args(calldata, 0);
      return toU256(supply());
    case 'balanceOf':
    case 'balance_of': {
      const [owner = 0n] = args(calldata, 1);
      return toU256(token.balances.get(owner) ?? 0n);
    }
    case 'allowance': {
      const [owner = 0n, spender = 0n] = args(calldata, 2);
      return toU256(token.allowances.get(allowanceKey(owner, spender)) ?? 0n);
    }
    case 'transfer': {
      const [recipient = 0n, low, high] = args(calldata, 3);
      moveTokens(ctx, address, token, caller, recipient, u256(low, high, 2));
      return [1n];
    }
    case 'transferFrom':
    case 'transfer_from':
    case 'approve':
      return spendOrApprove(ctx, { address, token, caller }, name, calldata);
    default:
      return undefined;
  }
}

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
 * Runs an account entry point: views, and SNIP-9 version 1 outside execution (the
 * node does not model calls into `__execute__` from other contracts).
 *
 * @param ctx - Call context.
 * @param target - The account called and who calls it.
 * @param target.to - The account's address.
 * @param target.account - The account.
 * @param target.caller - Calling address.
 * @param name - Entry point name.
 * @param calldata - Call data.
 * @param classHash - The account's class (an upgraded Argent supports more).
 * @returns The result felts, or undefined when there is no such entry point.
 */
function callAccount(
  ctx: CallContext,
  target: { to: bigint; account: AccountData; caller: bigint },
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
 * `execute_from_outside` (every Argent account) and `execute_from_outside_v2` (Argent
 * 0.4.0 only, as its class declares it).
 *
 * @param ctx - Call context.
 * @param target - The account, its data and the caller.
 * @param target.to - The account.
 * @param target.account - Its data.
 * @param target.caller - Who called it.
 * @param name - Which entry point.
 * @param calldata - Call data.
 * @param classHash - The account's class.
 * @returns The results, or undefined when the account has no such entry point.
 */
function outsideEntry(
  ctx: CallContext,
  target: { to: bigint; account: AccountData; caller: bigint },
  name: string,
  calldata: bigint[],
  classHash: bigint,
): bigint[] | undefined {
  const { to, account, caller } = target;
  const version = name === 'execute_from_outside_v2' ? '2' : '1';
  const supported =
    account.flavour === 'argent' &&
    (version === '1' || classHash === ARGENT_040_ACCOUNT_CLASS_HASH);
  return supported
    ? executeFromOutside(
        ctx,
        to,
        account,
        caller,
        calldata,
        callContract,
        version,
      )
    : undefined;
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
      const account = { to: call.to, account: data, caller };
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
