import { formatUnits } from '../api/units';
import { NodeRequestFailed } from '../errors';
import type { RpcContext } from '../rpc/context';
import { accountVersionOf, nextUpgrade } from '../starknet/accounts/legacy';
import { classHashAtCall, u256Of, viewCall } from '../starknet/node/calls';
import type { NodeCall, NodeOutcome } from '../starknet/node/node';
import { isPreloaded, watchList } from '../starknet/tokens/watchList';
import type { SnapState } from '../state/types';
import type { HomeAccountInfo } from '../ui/HomeAccounts';

/**
 * One `balanceOf` answer, formatted.
 *
 * @param outcome - The call's outcome in the batch.
 * @param decimals - The token's decimals.
 * @returns The amount, or undefined when the node gave an error or a malformed answer
 * for this token (e.g. it is not deployed on this network).
 */
function amountOf(
  outcome: NodeOutcome<unknown> | undefined,
  decimals: number,
): string | undefined {
  if (!outcome?.ok || !Array.isArray(outcome.result)) {
    return undefined;
  }
  try {
    return formatUnits(u256Of(outcome.result.map(String)), decimals);
  } catch {
    return undefined;
  }
}

/**
 * Every account of the network with the version it runs and its balances of the watch
 * list, in one batched request (a class read and the balances per account): the home
 * page's only node request.
 *
 * @param ctx - The home page's context.
 * @param state - The snap state.
 * @returns The accounts, or undefined when the node could not be asked.
 */
export async function readHomeAccounts(
  ctx: RpcContext,
  state: SnapState,
): Promise<HomeAccountInfo[] | undefined> {
  const { chainId } = ctx.network;
  const records = state.accounts[chainId] ?? [];
  const tokens = watchList(chainId, state.tokens[chainId]);
  const per = 1 + tokens.length;
  let outcomes: NodeOutcome<unknown>[];
  try {
    outcomes = await ctx.node.batch(
      records.flatMap((record): NodeCall<unknown>[] => [
        classHashAtCall(record.address, 'pre_confirmed'),
        ...tokens.map((token) =>
          viewCall(
            token.address,
            'balanceOf',
            [record.address],
            'pre_confirmed',
          ),
        ),
      ]),
    );
  } catch (error) {
    if (error instanceof NodeRequestFailed) {
      return undefined;
    }
    throw error;
  }
  return records.map((record, index) => {
    const mine = outcomes.slice(index * per, (index + 1) * per);
    const classRead = mine[0] as NodeOutcome<string> | undefined;
    const classHash = classRead?.ok ? classRead.result : undefined;
    return {
      address: record.address,
      addressIndex: record.addressIndex,
      cairoVersion: record.cairoVersion,
      version: accountVersionOf(record, classRead),
      upgradeTo:
        classHash === undefined ? undefined : nextUpgrade(classHash)?.toVersion,
      // Only the snap's own list vouches for a symbol: a token a page added is marked
      // unverified, with the page that added it, here as in every dialog.
      balances: tokens.map((token, at) => ({
        symbol: token.symbol,
        amount: amountOf(mine[at + 1], token.decimals),
        ...(isPreloaded(chainId, token.address)
          ? {}
          : { addedBy: token.origin ?? '' }),
      })),
    };
  });
}
