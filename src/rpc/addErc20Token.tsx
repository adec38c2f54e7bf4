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
import { looksAlike } from '../starknet/lookAlike';
import type { TokenMetadata } from '../starknet/tokenMetadata';
import { readTokenMetadata, tokenMismatches } from '../starknet/tokenMetadata';
import { toToken, watchList } from '../starknet/watchList';
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
 * A token field as the dapp gave it, else as the contract answers it: nothing is
 * guessed, so a contract that does not answer (or answers something unusable) cannot
 * be added without the dapp naming the value.
 *
 * @param params - The request.
 * @param field - The param.
 * @param onChain - What the contract answered, when usable.
 * @param struct - What a stored value must be (the param's own struct).
 * @returns The value.
 * @throws TokenContractInvalid (wallet code 111) when neither gives a usable value.
 */
function claimedOrRead<Field extends keyof typeof VIEWS>(
  params: AddErc20TokenParams,
  field: Field,
  onChain: unknown,
  struct: Struct<NonNullable<AddErc20TokenParams[Field]>, unknown>,
): NonNullable<AddErc20TokenParams[Field]> {
  const claimed = params[field];
  if (claimed !== undefined && claimed !== null) {
    return claimed;
  }
  if (is(onChain, struct)) {
    return onChain;
  }
  throw new TokenContractInvalid(
    params.tokenAddress,
    `does not answer ${VIEWS[field]} as an ERC-20 token; pass ${field} to add it anyway`,
  );
}

/**
 * `snapnet_addErc20Token`: adds a token to the network's watch list after the user
 * approves. The contract's own `name`/`symbol`/`decimals` are read first (one
 * batched request) so the dialog can warn when the dapp's claims are wrong, and so
 * that a dapp may omit them. A token already
 * listed, preloaded ones included, is returned as stored: never duplicated nor
 * replaced.
 *
 * @param params - The token and the dapp's claims about it.
 * @param ctx - Request context.
 * @returns The token object now on the watch list.
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
  const token = tokenToAdd(params, onChain);
  refuseLookAlike((await ctx.store.read()).tokens[chainId], chainId, token);
  await confirmToken(params, ctx, token, onChain);

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
    refuseLookAlike(state.tokens[chainId], chainId, token);
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
 * Refuses a token whose symbol looks like (looksAlike: case, Unicode confusables,
 * invisible characters) a preloaded token's or a listed token's at another address:
 * once listed, its amounts would read as the real token's in every preview.
 *
 * @param added - Tokens the user added on the network.
 * @param chainId - The network's chain id.
 * @param token - The token to add.
 * @throws InvalidField (-32602, `tokenSymbol`) naming the token it imitates.
 */
function refuseLookAlike(
  added: readonly TokenRecord[] | undefined,
  chainId: string,
  token: TokenRecord,
): void {
  const twin = watchList(chainId, added).find(
    (listed) =>
      listed.address !== token.address &&
      looksAlike(listed.symbol, token.symbol),
  );
  if (twin) {
    throw new InvalidField(
      'tokenSymbol',
      `looks like ${twin.symbol}, the listed token at ${twin.address}. Use a distinct symbol`,
    );
  }
}

/**
 * The token to add: each field as the dapp claims it, else as the contract answers.
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
    name: claimedOrRead(params, 'tokenName', onChain.name, TokenNameStruct),
    symbol: claimedOrRead(
      params,
      'tokenSymbol',
      onChain.symbol,
      TokenSymbolStruct,
    ),
    decimals: claimedOrRead(
      params,
      'tokenDecimals',
      onChain.decimals,
      TokenDecimalsStruct,
    ),
    logo: '',
  };
}

/**
 * Shows the add-token dialog, with any mismatch between claims and contract.
 *
 * @param params - The token and the dapp's claims about it.
 * @param ctx - Request context.
 * @param token - The token to add.
 * @param onChain - What the contract answered.
 * @throws UserRejected when the user declines.
 */
async function confirmToken(
  params: AddErc20TokenParams,
  ctx: RpcContext,
  token: TokenRecord,
  onChain: TokenMetadata,
): Promise<void> {
  const translate = await ctx.t();
  const approved = await confirm(
    <AddTokenDialog
      translate={translate}
      origin={ctx.origin}
      network={ctx.network}
      account={params.address}
      token={token}
      mismatches={tokenMismatches(token, onChain)}
    />,
  );
  if (!approved) {
    throw new UserRejected('User rejected adding the token.');
  }
}
