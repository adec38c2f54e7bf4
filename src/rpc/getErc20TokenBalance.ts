import { num as felt } from 'starknet';

import type {
  GetErc20TokenBalanceParams,
  GetErc20TokenBalanceResult,
} from '../api/getErc20TokenBalance';
import { TokenContractInvalid } from '../errors';
import { u256Of, viewCall } from '../starknet/node/calls';
import { isNodeError } from '../starknet/node/node';
import type { RpcContext } from './context';

/**
 * `snapnet_getErc20TokenBalance`: the holder's balance of any token, at the latest and
 * the pre-confirmed block, read in one batched request.
 *
 * @param params - Token and holder addresses.
 * @param ctx - Request context.
 * @returns Both balances as hex of the full u256.
 */
export async function getErc20TokenBalance(
  params: GetErc20TokenBalanceParams,
  ctx: RpcContext,
): Promise<GetErc20TokenBalanceResult> {
  const outcomes = await ctx.node.batch([
    viewCall(params.tokenAddress, 'balanceOf', [params.userAddress], 'latest'),
    viewCall(
      params.tokenAddress,
      'balanceOf',
      [params.userAddress],
      'pre_confirmed',
    ),
  ]);
  const [latest = 0n, pending = 0n] = outcomes.map((outcome) => {
    if (outcome.ok) {
      return u256Of(outcome.result);
    }
    const { error } = outcome;
    if (isNodeError(error, 'CONTRACT_NOT_FOUND')) {
      throw new TokenContractInvalid(
        params.tokenAddress,
        `has no contract on ${ctx.network.name}`,
        { cause: error },
      );
    }
    if (isNodeError(error, 'CONTRACT_ERROR')) {
      throw new TokenContractInvalid(
        params.tokenAddress,
        'is not an ERC-20 token (balanceOf failed)',
        { cause: error },
      );
    }
    throw error;
  });
  return {
    balanceLatest: felt.toHex(latest),
    balancePending: felt.toHex(pending),
  };
}
