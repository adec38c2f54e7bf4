import { toFelt64 } from '../api/felt';
import { NodeRequestFailed, PaymasterFailed } from '../errors';
import { balanceCall } from '../starknet/node/calls';
import type { ShownToken } from '../starknet/review/review';
import { STRK } from '../starknet/tokens/tokens';
import { shorten } from '../ui/format';
import type { Translate } from '../ui/i18n';
import type { RpcContext } from './context';
import { paymasterOf } from './paymasterParts';

/**
 * When STRK cannot cover a send's maximum fee: the tokens the network's paymaster takes
 * as fee that the account holds (non-zero pre-confirmed balance), so the confirmation
 * can say which `details.feeToken` would pay instead. Named by the snap's list, else by
 * short address marked unverified (a token's own `symbol()` never names it). Two more
 * requests (the paymaster's list, one node batch of balances), only in this case; a
 * paymaster or node that fails leaves the suggestion out, never the confirmation.
 *
 * @param ctx - Request context (a paymaster must be configured).
 * @param holder - The sending account.
 * @param listed - The user's tokens on the network.
 * @param translate - Translator.
 * @returns The tokens' labels, possibly none.
 */
export async function feeTokenSuggestions(
  ctx: RpcContext,
  holder: string,
  listed: readonly ShownToken[],
  translate: Translate,
): Promise<string[]> {
  try {
    const paymaster = await paymasterOf(ctx);
    const tokens = (await paymaster.supportedTokens())
      .map((token) => toFelt64(token.token_address))
      .filter((address) => BigInt(address) !== BigInt(STRK.address));
    if (tokens.length === 0) {
      return [];
    }
    const balances = await ctx.node.batch(
      tokens.map((token) => balanceCall(token, holder)),
    );
    return tokens
      .filter((_, index) => {
        const outcome = balances[index];
        return outcome?.ok === true && BigInt(outcome.result) > 0n;
      })
      .map(
        (address) =>
          // Only the snap's own list names a token; a page-added one is unverified.
          listed.find(
            (item) =>
              item.addedBy === undefined &&
              BigInt(item.address) === BigInt(address),
          )?.symbol ??
          translate('paymaster.unverified', { address: shorten(address) }),
      );
  } catch (error) {
    if (
      error instanceof PaymasterFailed ||
      error instanceof NodeRequestFailed
    ) {
      return [];
    }
    throw error;
  }
}
