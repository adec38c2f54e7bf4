/**
 * What every contract model of the fake node shares, below them all: the call and event
 * records, the call context, selectors, u256 words and the ERC-20 balance move (the fee
 * transfer and the paymaster's forwarder use it too). Kept apart so that contracts,
 * accounts, NFTs and the paymaster's contracts import it without importing each other.
 */
import { hash } from 'starknet';

import { ExecutionRevert } from './errors';
import type { ChainState, TokenData } from './state';

const U128 = 2n ** 128n;

/** An event a call emitted. */
export type EventRecord = {
  fromAddress: bigint;
  keys: bigint[];
  data: bigint[];
};

/** One call of a multicall. */
export type Call = { to: bigint; selector: bigint; calldata: bigint[] };

/** Where calls run: the state they change and the events they emit. */
export type CallContext = { state: ChainState; events: EventRecord[] };

/**
 * Selector of a name.
 *
 * @param name - Entry point or event name.
 * @returns Its selector.
 */
export function selectorOf(name: string): bigint {
  return BigInt(hash.getSelectorFromName(name));
}

/**
 * Writes a u256 as [low, high].
 *
 * @param value - The value.
 * @returns Two felts.
 */
export function toU256(value: bigint): bigint[] {
  return [value % U128, value / U128];
}

/**
 * Moves tokens, emitting an OpenZeppelin-style Transfer event.
 *
 * @param ctx - Call context.
 * @param tokenAddress - The token.
 * @param token - Its storage.
 * @param from - Payer.
 * @param to - Recipient.
 * @param amount - Amount.
 */
export function moveTokens(
  ctx: CallContext,
  tokenAddress: bigint,
  token: TokenData,
  from: bigint,
  to: bigint,
  amount: bigint,
): void {
  if (to === 0n) {
    throw new ExecutionRevert('ERC20: transfer to 0');
  }
  const balance = token.balances.get(from) ?? 0n;
  if (balance < amount) {
    throw new ExecutionRevert('ERC20: insufficient balance');
  }
  token.balances.set(from, balance - amount);
  token.balances.set(to, (token.balances.get(to) ?? 0n) + amount);
  ctx.events.push({
    fromAddress: tokenAddress,
    keys: [selectorOf('Transfer'), from, to],
    data: toU256(amount),
  });
}
