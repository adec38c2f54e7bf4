import type { Struct } from '@metamask/superstruct';
import { is } from '@metamask/superstruct';

import type {
  AddErc20TokenParams,
  AddErc20TokenResult,
} from '../api/addErc20Token';
import {
  TokenDecimalsStruct,
  TokenNameStruct,
  TokenSymbolStruct,
} from '../api/addErc20Token';
import { InvalidField, TokenContractInvalid, UserRejected } from '../errors';
import type { TokenMetadata } from '../starknet/tokens/tokenMetadata';
import {
  readTokenMetadata,
  tokenMismatches,
} from '../starknet/tokens/tokenMetadata';
import {
  imitatedListed,
  sharingSymbol,
  toToken,
  watchList,
} from '../starknet/tokens/watchList';
import type { TokenRecord } from '../state/types';
import { AddTokenDialog } from '../ui/AddTokenDialog';
import { confirm } from '../ui/show';
import type { RpcContext } from './context';

const VIEWS = {
  tokenName: 'name()',
  tokenSymbol: 'symbol()',
  tokenDecimals: 'decimals()',
} as const;

/**
 * A token field as the contract answers it (chain over claims): a page's differing
 * claim is refused, naming the field. Only a contract that does not answer (or answers
 * something unusable) takes the page's value, shown with the "not an ERC-20" warning;
 * nothing is guessed.
 *
 * @param params - The request.
 * @param field - The param.
 * @param onChain - What the contract answered, when usable.
 * @param struct - What a stored value must be (the param's own struct).
 * @returns The value.
 * @throws InvalidField (-32602) naming the field when the page claims another value.
 * @throws TokenContractInvalid (wallet code 111) when neither gives a usable value.
 */
function readOrClaimed<Field extends keyof typeof VIEWS>(
  params: AddErc20TokenParams,
  field: Field,
  onChain: unknown,
  struct: Struct<NonNullable<AddErc20TokenParams[Field]>, unknown>,
): NonNullable<AddErc20TokenParams[Field]> {
  const claimed = params[field];
  const given = claimed !== undefined && claimed !== null;
  if (is(onChain, struct)) {
    if (given && claimed !== onChain) {
      throw new InvalidField(
        field,
        `the contract's ${VIEWS[field]} answers ${JSON.stringify(onChain)}; omit ${field} or pass what the contract says`,
      );
    }
    return onChain;
  }
  if (given) {
    return claimed;
  }
  throw new TokenContractInvalid(
    params.tokenAddress,
    `does not answer ${VIEWS[field]} as an ERC-20 token; pass ${field} to add it anyway`,
  );
}

/**
 * `snapnet_addErc20Token`: adds a token to the network's watch list after the user
 * approves. The contract's own `name`/`symbol`/`decimals` are read first (one batched
 * request) and win: a page's differing claim is refused. A symbol that looks like one
 * of the snap's own tokens (any network) is refused; one that looks like another
 * page-added token is kept, with a warning naming both addresses. The page that adds
 * it is stored with it: a page-added token is never trusted, and is shown as such. A
 * token already listed, preloaded ones included, is returned as stored: never
 * duplicated nor replaced.
 *
 * @param params - The token and the dapp's claims about it.
 * @param ctx - Request context.
 * @returns The token object now on the watch list.
 * @throws InvalidField (-32602) naming a claim the contract contradicts, or
 * `tokenSymbol` for a look-alike of the snap's own tokens.
 * @throws TokenContractInvalid when no contract is deployed at the address, or a
 * name, symbol or decimals was not given and the contract does not answer it.
 * @throws UserRejected when the user declines.
 */
export async function addErc20Token(
  params: AddErc20TokenParams,
  ctx: RpcContext,
): Promise<AddErc20TokenResult> {
  const { chainId } = ctx.network;
  const listed = listedIn(
    (await ctx.store.read()).tokens[chainId],
    chainId,
    params.tokenAddress,
  );
  if (listed) {
    return toToken(listed);
  }

  const onChain = await readTokenMetadata(
    ctx.node,
    params.tokenAddress,
    ctx.network.name,
  );
  const token = { ...tokenToAdd(params, onChain), origin: ctx.origin };
  refuseLookAlike(chainId, token);
  const sharing = sharingSymbol(
    (await ctx.store.read()).tokens[chainId] ?? [],
    token,
  );
  await confirmToken(params, ctx, token, { onChain, sharing });

  // Checked again inside the update: another request may have added it meanwhile.
  return ctx.store.update((state) => {
    const already = listedIn(
      state.tokens[chainId],
      chainId,
      params.tokenAddress,
    );
    if (already) {
      return toToken(already);
    }
    state.tokens[chainId] = [...(state.tokens[chainId] ?? []), token];
    return toToken(token);
  });
}

/**
 * The token at an address on a network's watch list, preloaded ones included.
 *
 * @param added - Tokens the user added on the network.
 * @param chainId - The network's chain id.
 * @param tokenAddress - The token's address.
 * @returns The listed token, if any.
 */
function listedIn(
  added: readonly TokenRecord[] | undefined,
  chainId: string,
  tokenAddress: string,
): TokenRecord | undefined {
  return watchList(chainId, added).find(
    (token) => token.address === tokenAddress,
  );
}

/**
 * Refuses a token whose symbol looks like (looksAlike: case, blanks and invisible
 * characters, Unicode confusables, tatweel) a token of the snap's own list on any
 * network: once listed, its amounts would read as the real token's. Only the snap's
 * list counts: a page-added token never makes another refused.
 *
 * @param chainId - The network's chain id.
 * @param token - The token to add.
 * @throws InvalidField (-32602, `tokenSymbol`) naming the token it imitates.
 */
function refuseLookAlike(chainId: string, token: TokenRecord): void {
  const twin = imitatedListed(chainId, token);
  if (twin) {
    throw new InvalidField(
      'tokenSymbol',
      `looks like ${twin.symbol}, the snap's listed token at ${twin.address}. Use a distinct symbol`,
    );
  }
}

/**
 * The token to add: each field as the contract answers it, else as the dapp claims it.
 *
 * @param params - The token and the dapp's claims about it.
 * @param onChain - What the contract answered.
 * @returns The token record.
 */
function tokenToAdd(
  params: AddErc20TokenParams,
  onChain: TokenMetadata,
): TokenRecord {
  return {
    address: params.tokenAddress,
    name: readOrClaimed(params, 'tokenName', onChain.name, TokenNameStruct),
    symbol: readOrClaimed(
      params,
      'tokenSymbol',
      onChain.symbol,
      TokenSymbolStruct,
    ),
    decimals: readOrClaimed(
      params,
      'tokenDecimals',
      onChain.decimals,
      TokenDecimalsStruct,
    ),
    logo: '',
  };
}

/**
 * Shows the add-token dialog: a warning when the contract does not answer like an
 * ERC-20, and one per page-added token already using the symbol.
 *
 * @param params - The token and the dapp's claims about it.
 * @param ctx - Request context.
 * @param token - The token to add.
 * @param found - What the snap found.
 * @param found.onChain - What the contract answered.
 * @param found.sharing - Page-added tokens at other addresses with a look-alike symbol.
 * @throws UserRejected when the user declines.
 */
async function confirmToken(
  params: AddErc20TokenParams,
  ctx: RpcContext,
  token: TokenRecord,
  found: { onChain: TokenMetadata; sharing: TokenRecord[] },
): Promise<void> {
  const translate = await ctx.t();
  const approved = await confirm(
    <AddTokenDialog
      translate={translate}
      origin={ctx.origin}
      network={ctx.network}
      account={params.address}
      token={token}
      mismatches={tokenMismatches(found.onChain)}
      sharing={found.sharing}
    />,
  );
  if (!approved) {
    throw new UserRejected('User rejected adding the token.');
  }
}
