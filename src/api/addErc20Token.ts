import type { Infer, Struct } from '@metamask/superstruct';
import {
  coerce,
  integer,
  object,
  optional,
  refine,
  string,
} from '@metamask/superstruct';

import { AddressStruct, ChainIdStruct } from './common';

/** A token contract address: a Starknet address that is not zero. */
export const TokenAddressStruct = refine(
  AddressStruct,
  'TokenAddress',
  // AddressStruct's own check runs too (and reports malformed values): only zero is
  // refused here.
  (value) =>
    !/^0x0*$/iu.test(value) || 'Expected a token address other than 0x0',
);

// No control, format (zero-width, bidi override), private-use or unassigned
// characters, and no line separators: what the user reads is what is stored.
const PRINTABLE = /^[^\p{C}\p{Zl}\p{Zp}]*$/u;

/**
 * A short text shown to the user (token name or symbol): 1 to `max` printable
 * characters, no leading or trailing space, so one token cannot pass for another
 * through invisible characters.
 *
 * @param label - Struct name, for messages.
 * @param max - Maximum length in characters (code points).
 * @returns The struct.
 */
function tokenText(label: string, max: number): Struct<string, null> {
  return refine(string(), label, (value) => {
    const { length } = [...value];
    return (
      (length >= 1 &&
        length <= max &&
        PRINTABLE.test(value) &&
        value.trim() === value) ||
      `Expected 1 to ${max} printable characters without leading or trailing spaces`
    );
  });
}

/** A token name as stored and shown: 1 to 64 printable characters. */
export const TokenNameStruct = tokenText('TokenName', 64);

/** A token symbol as stored and shown: 1 to 16 printable characters. */
export const TokenSymbolStruct = tokenText('TokenSymbol', 16);

/** Token decimals: 0 to 255, as a number or a decimal string. */
export const TokenDecimalsStruct = coerce(
  refine(
    integer(),
    'TokenDecimals',
    (value) =>
      (value >= 0 && value <= 255) || 'Expected decimals between 0 and 255',
  ),
  string(),
  (value) => (/^[0-9]{1,3}$/u.test(value) ? Number(value) : value),
);

/**
 * `snapnet_addErc20Token`: the token the dapp asks to watch, with what it claims the
 * token is; the snap checks the claims against the contract before asking the user.
 */
export const AddErc20TokenParamsStruct = object({
  /** The dapp's account, shown in the dialog; the watch list is per network. */
  address: optional(AddressStruct),
  chainId: ChainIdStruct,
  tokenAddress: TokenAddressStruct,
  /** Read from the contract (`name()`) when omitted. */
  tokenName: optional(TokenNameStruct),
  /** Read from the contract (`symbol()`) when omitted. */
  tokenSymbol: optional(TokenSymbolStruct),
  /** Read from the contract when omitted. */
  tokenDecimals: optional(TokenDecimalsStruct),
});
export type AddErc20TokenParams = Infer<typeof AddErc20TokenParamsStruct>;

/** A token of the watch list (interface.md token object). */
export const TokenStruct = object({
  address: string(),
  symbol: string(),
  decimals: integer(),
  /** Logo URL; empty when none is known. */
  logo: string(),
});
export type Token = Infer<typeof TokenStruct>;

/** The token now on the watch list (the stored one when it already was). */
export const AddErc20TokenResultStruct = TokenStruct;
export type AddErc20TokenResult = Infer<typeof AddErc20TokenResultStruct>;
