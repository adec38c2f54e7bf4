import { nodeHost } from '../starknet/node/node';
import type { ReviewScope } from '../starknet/review/review';
import { STRK, knownTokens } from '../starknet/tokens/tokens';
import { formatTokenAmount } from '../ui/format';
import type { Translate } from '../ui/i18n';
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
export function reviewScopeOf(ctx: RpcContext): {
  scope: ReviewScope;
  simulatedOn: string;
} {
  const { chainId } = ctx.network;
  const { state } = ctx;
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
 * An amount of FRI as the dialogs show fees: STRK with all its digits, in the user's
 * language like every other amount of the dialog (ui/format.ts).
 *
 * @param amount - The amount in FRI.
 * @param translate - Translator of the user's language.
 * @returns E.g. `0.0021 STRK` (`0,0021 STRK` in French).
 */
export function strkAmount(amount: bigint, translate: Translate): string {
  return formatTokenAmount(amount, STRK, translate);
}
