import type {
  SignTransactionParams,
  SignTransactionResult,
} from '../api/signTransaction';
import { UserRejected } from '../errors';
import { findWalletAccount, unlockAccount } from '../starknet/accounts';
import { reviewCalls } from '../starknet/review';
import { signHash } from '../starknet/signature';
import {
  assertSignableV3,
  invokeHash,
  maxFeeOf,
} from '../starknet/transactions';
import { reviewContent } from '../ui/reviewContent';
import { confirm } from '../ui/show';
import { SignTransactionDialog } from '../ui/SignTransactionDialog';
import type { RpcContext } from './context';
import { reviewScopeOf, strkAmount } from './review';
import { senderOf, sentLog } from './sender';

/**
 * `snapnet_signTransaction`: signs the V3 invoke hash of the calls and details after
 * the user reviewed it as a send is reviewed (the dapp can submit what is signed):
 * the simulation of exactly that invoke (balance changes, approvals, revert, fee),
 * every call decoded by on-chain ABIs, the fee bounds and the nonce; nothing is sent.
 * A missing nonce is the account's next (pre-confirmed block, past the snap's own
 * open sends). Three node round trips (one more for a token neither listed nor cached).
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
  const { scope, simulatedOn } = await reviewScopeOf(ctx);
  const { review, invoke } = await reviewCalls(scope, {
    account: record,
    calls: params.transactions,
    details,
    log: sentLog(ctx),
  });
  const hash = invokeHash({
    senderAddress: record.address,
    calldata: invoke.calldata,
    chainId: ctx.network.chainId,
    fields: invoke.fields,
  });
  const [estimate] = review.estimates;
  const translate = await ctx.t();
  const approved = await confirm(
    <SignTransactionDialog
      translate={translate}
      origin={ctx.origin}
      network={ctx.network}
      sender={record.address}
      content={reviewContent(
        review,
        { calls: params.transactions, simulatedOn },
        translate,
      )}
      fee={estimate && strkAmount(estimate.overallFee)}
      maxFee={strkAmount(maxFeeOf(invoke.fields))}
      nonce={invoke.fields.nonce.toString()}
    />,
  );
  if (!approved) {
    throw new UserRejected('User rejected the transaction signature.');
  }
  const keys = await unlockAccount(ctx, record);
  return signHash(hash, keys.privateKey);
}
