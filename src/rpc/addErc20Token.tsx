import type {
  AddErc20TokenParams,
  AddErc20TokenResult,
} from '../api/addErc20Token';
import { TokenContractInvalid, UserRejected } from '../errors';
import { readTokenMetadata, tokenMismatches } from '../starknet/tokenMetadata';
import { toToken, watchList } from '../starknet/watchList';
import type { TokenRecord } from '../state/types';
import { AddTokenDialog } from '../ui/AddTokenDialog';
import { confirm } from '../ui/show';
import type { RpcContext } from './context';

/**
 * `snapnet_addErc20Token`: adds a token to the network's watch list after the user
 * approves. The contract's own `symbol`/`decimals` are read first (one batched
 * request) so the dialog can warn when the dapp's claims are wrong. A token already
 * listed, preloaded ones included, is returned as stored: never duplicated nor
 * replaced.
 *
 * @param params - The token and the dapp's claims about it.
 * @param ctx - Request context.
 * @returns The token object now on the watch list.
 * @throws TokenContractInvalid when no contract is deployed at the address, or
 * decimals were not given and the contract does not answer them.
 * @throws UserRejected when the user declines.
 */
export async function addErc20Token(
  params: AddErc20TokenParams,
  ctx: RpcContext,
): Promise<AddErc20TokenResult> {
  const { chainId } = ctx.network;
  const listedIn = (
    added: readonly TokenRecord[] | undefined,
  ): TokenRecord | undefined =>
    watchList(chainId, added).find(
      (token) => token.address === params.tokenAddress,
    );

  const listed = listedIn((await ctx.store.read()).tokens[chainId]);
  if (listed) {
    return toToken(listed);
  }

  const onChain = await readTokenMetadata(
    ctx.node,
    params.tokenAddress,
    ctx.network.name,
  );
  const decimals = params.tokenDecimals ?? onChain.decimals;
  if (decimals === undefined) {
    throw new TokenContractInvalid(
      params.tokenAddress,
      'does not answer decimals() as an ERC-20 token; pass tokenDecimals to add it anyway',
    );
  }
  const token: TokenRecord = {
    address: params.tokenAddress,
    name: params.tokenName,
    symbol: params.tokenSymbol,
    decimals,
    logo: '',
  };

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

  // Checked again inside the update: another request may have added it meanwhile.
  return ctx.store.update((state) => {
    const already = listedIn(state.tokens[chainId]);
    if (already) {
      return toToken(already);
    }
    state.tokens[chainId] = [...(state.tokens[chainId] ?? []), token];
    return toToken(token);
  });
}
