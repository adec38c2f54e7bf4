/**
 * What the node's ERC-20 tokens do when called (contracts.ts dispatches here): views,
 * `transfer`, `transfer_from` and `approve`, on the call context's state.
 */
import { exactArgs as args } from './entryArgs';
import { ExecutionRevert } from './errors';
import type { CallContext } from './ledger';
import { moveTokens, selectorOf, toU256 } from './ledger';
import type { TokenData } from './state';

const U128 = 2n ** 128n;

/**
 * The token entry points (and events) the node implements, for contracts.ts to map
 * selectors to names.
 */
export const TOKEN_ENTRY_POINTS = [
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
 * Runs an ERC-20 entry point; contracts.ts calls it for a contract of kind `token`.
 *
 * @param ctx - Call context.
 * @param address - Token address.
 * @param token - Its storage.
 * @param caller - Calling address.
 * @param name - Entry point name.
 * @param calldata - Call data.
 * @returns The result felts, or undefined when the token has no such entry point.
 */
export function callToken(
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
