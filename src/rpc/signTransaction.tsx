import type {
  SignTransactionParams,
  SignTransactionResult,
} from '../api/signTransaction';
import { findWalletAccount } from '../starknet/accounts';
import { signHash } from '../starknet/signature';
import { STRK, knownTokens } from '../starknet/tokens';
import {
  assertSignableV3,
  executeCalldata,
  invokeHash,
  maxFeeOf,
  readNonce,
  v3Fields,
} from '../starknet/transactions';
import { describeCalls } from '../ui/describeCalls';
import { formatTokenAmount } from '../ui/format';
import { SignTransactionDialog } from '../ui/SignTransactionDialog';
import { approveThenUnlock } from './approve';
import type { RpcContext } from './context';
import { senderOf, sentLog } from './sender';

/**
 * `snapnet_signTransaction`: signs the V3 invoke hash of the calls and details after
 * the user reviewed every call and the fee bounds; nothing is sent. A missing nonce
 * is read from the node (pre-confirmed block).
 *
 * @param params - Sender, calls and details.
 * @param ctx - Request context.
 * @returns `[r, s]`.
 */
export async function signTransaction(
  params: SignTransactionParams,
  ctx: RpcContext,
): Promise<SignTransactionResult> {
  const sender = senderOf(params);
  const { record } = await findWalletAccount(ctx, sender.address, sender.field);
  const details = params.transactionsDetail;
  // Check the details before asking the node anything.
  assertSignableV3(details, 'transactionsDetail');
  const nonce =
    details?.nonce === undefined
      ? await readNonce(ctx.node, record.address, sentLog(ctx))
      : BigInt(details.nonce);
  const fields = v3Fields(details, nonce);
  const calldata = executeCalldata(params.transactions, record.cairoVersion);
  const hash = invokeHash({
    senderAddress: record.address,
    calldata,
    chainId: ctx.network.chainId,
    fields,
  });

  const state = await ctx.store.read();
  const translate = await ctx.t();
  const keys = await approveThenUnlock(
    ctx,
    record,
    <SignTransactionDialog
      translate={translate}
      origin={ctx.origin}
      network={ctx.network}
      sender={record.address}
      calls={describeCalls(
        params.transactions,
        knownTokens(ctx.network.chainId, state.tokens[ctx.network.chainId]),
      )}
      maxFee={formatTokenAmount(maxFeeOf(fields), STRK, translate)}
      nonce={fields.nonce.toString()}
    />,
    'User rejected the transaction signature.',
  );
  return signHash(hash, keys.privateKey);
}
