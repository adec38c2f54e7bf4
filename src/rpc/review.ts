import { formatUnits } from '../api/units';
import { nodeHost } from '../starknet/node';
import type { ReviewScope } from '../starknet/review';
import { STRK, knownTokens } from '../starknet/tokens';
import type { RpcContext } from './context';
import { nodeUrlOf } from './context';

/**
 * What a request's review needs, from its context: node, store and the state as read
 * now (its caches), the network's listed tokens (defaults + watch list), and the host
 * of the node that will simulate, for the dialog's "Simulated on" line.
 *
 * @param ctx - Request context.
 * @returns The review scope and the node host.
 */
export async function reviewScopeOf(
  ctx: RpcContext,
): Promise<{ scope: ReviewScope; simulatedOn: string }> {
  const { chainId } = ctx.network;
  const state = await ctx.store.read();
  return {
    scope: {
      node: ctx.node,
      store: ctx.store,
      state,
      chainId,
      known: knownTokens(chainId, state.tokens[chainId]),
    },
    simulatedOn: nodeHost(nodeUrlOf(state, ctx.network)),
  };
}

/**
 * An amount of FRI as the dialogs show fees: STRK with all its digits.
 *
 * @param amount - The amount in FRI.
 * @returns E.g. `0.0021 STRK`.
 */
export function strkAmount(amount: bigint): string {
  return `${formatUnits(amount, STRK.decimals)} ${STRK.symbol}`;
}
