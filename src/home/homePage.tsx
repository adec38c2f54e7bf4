import type { JSXElement } from '@metamask/snaps-sdk/jsx';

import { NodeRequestFailed } from '../errors';
import type { RpcContext } from '../rpc/context';
import { createContext, nodeUrlOf } from '../rpc/context';
import { createAccount } from '../rpc/createAccount';
import { currentAccountIn } from '../rpc/getCurrentAccount';
import { feltsOf, u256Of, viewCall } from '../starknet/calls';
import type { NodeOutcome } from '../starknet/node';
import { watchList } from '../starknet/watchList';
import type { Store } from '../state/store';
import type { TokenRecord } from '../state/types';
import { formatUnits } from '../ui/format';
import type { HomeBalance } from '../ui/HomePage';
import { HomePage } from '../ui/HomePage';
import type { NodeNotice } from '../ui/NodeSettings';
import { nodeHostOf } from './nodeSetting';

/** Origin recorded for what the user does from the home page itself. */
const HOME_ORIGIN = 'metamask';

/** What the last action on the page did, shown once on the page it leads to. */
export type HomeNotices = { createFailed?: boolean; node?: NodeNotice };

/**
 * The context of a home page action: the current network, as for a dapp request
 * without `chainId`.
 *
 * @param store - The state store.
 * @returns The context.
 */
export async function homeContext(store: Store): Promise<RpcContext> {
  return createContext({ origin: HOME_ORIGIN, store, chainId: undefined });
}

/**
 * Formats one `balanceOf` answer.
 *
 * @param outcome - The call's outcome in the batch.
 * @param decimals - The token's decimals.
 * @returns The amount, or undefined when the node gave an error or a malformed
 * answer for this token (e.g. it is not deployed on this network).
 */
function amountOf(
  outcome: NodeOutcome | undefined,
  decimals: number,
): string | undefined {
  if (!outcome?.ok) {
    return undefined;
  }
  try {
    return formatUnits(
      u256Of(feltsOf('starknet_call', outcome.result)),
      decimals,
    );
  } catch {
    return undefined;
  }
}

/**
 * Reads the balances of the whole watch list in one batched request.
 *
 * @param ctx - The context (its node).
 * @param tokens - The watch list.
 * @param holder - The account.
 * @returns The balances, or `undefined` when the node could not be asked at all.
 */
async function readBalances(
  ctx: RpcContext,
  tokens: readonly TokenRecord[],
  holder: string,
): Promise<HomeBalance[] | undefined> {
  let outcomes: NodeOutcome[];
  try {
    outcomes = await ctx.node.batch(
      tokens.map((token) =>
        viewCall(token.address, 'balanceOf', [holder], 'pre_confirmed'),
      ),
    );
  } catch (error) {
    if (error instanceof NodeRequestFailed) {
      return undefined;
    }
    throw error;
  }
  return tokens.map((token, index) => ({
    symbol: token.symbol,
    amount: amountOf(outcomes[index], token.decimals),
  }));
}

/**
 * Builds the home page: the current network, its current account (picked among the
 * network's accounts), that account's balances of the watch list and the node in
 * use. An unreachable node shows a message instead of balances; it never breaks the
 * page.
 *
 * @param store - The state store.
 * @param notices - What the last action did.
 * @returns The page content.
 */
export async function renderHomePage(
  store: Store,
  notices: HomeNotices = {},
): Promise<JSXElement> {
  const ctx = await homeContext(store);
  const [state, translate] = await Promise.all([store.read(), ctx.t()]);
  const { chainId } = ctx.network;
  const account = currentAccountIn(state, chainId);
  const balances = account
    ? await readBalances(
        ctx,
        watchList(chainId, state.tokens[chainId]),
        account.address,
      )
    : [];
  return (
    <HomePage
      translate={translate}
      network={ctx.network}
      account={account?.address}
      accounts={state.accounts[chainId] ?? []}
      node={{
        host: nodeHostOf(nodeUrlOf(state, ctx.network)),
        custom: state.nodeUrls[chainId] !== undefined,
        notice: notices.node,
      }}
      balances={balances ?? []}
      nodeUnreachable={balances === undefined}
      createFailed={notices.createFailed ?? false}
    />
  );
}

/**
 * The home page's "create account" button: creates the first account of the current
 * network (as `snapnet_createAccount` without params would) and shows the page again
 * with it, or with a message when that failed.
 *
 * @param store - The state store.
 * @returns The updated page content.
 */
export async function createAccountFromHome(store: Store): Promise<JSXElement> {
  try {
    await createAccount({}, await homeContext(store));
  } catch {
    // The page says it failed; the user can try again from the same button.
    return renderHomePage(store, { createFailed: true });
  }
  return renderHomePage(store);
}
