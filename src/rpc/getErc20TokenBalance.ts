import type {
  GetErc20TokenBalanceParams,
  GetErc20TokenBalanceResult,
} from '../api/getErc20TokenBalance';
import { NodeRequestFailed, TokenContractInvalid } from '../errors';
import {
  CONTRACT_ERROR,
  CONTRACT_NOT_FOUND,
  feltsOf,
  u256Of,
  viewCall,
} from '../starknet/calls';
import type { NodeOutcome } from '../starknet/node';
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
  const [latest, pending] = outcomes.map((outcome: NodeOutcome) => {
    if (outcome.ok) {
      return u256Of(feltsOf('starknet_call', outcome.result));
    }
    const { error } = outcome;
    if (error.code === CONTRACT_NOT_FOUND) {
      throw new TokenContractInvalid(
        params.tokenAddress,
        `has no contract on ${ctx.network.name}`,
        { cause: error },
      );
    }
    if (error.code === CONTRACT_ERROR) {
      throw new TokenContractInvalid(
        params.tokenAddress,
        'is not an ERC-20 token (balanceOf failed)',
        { cause: error },
      );
    }
    throw error;
  });
  if (latest === undefined || pending === undefined) {
    throw new NodeRequestFailed({
      method: 'starknet_call',
      message: 'the node did not answer both balance reads',
    });
  }
  return {
    balanceLatest: `0x${latest.toString(16)}`,
    balancePending: `0x${pending.toString(16)}`,
  };
}
