import type { JSXElement } from '@metamask/snaps-sdk/jsx';
import { Banner, Text } from '@metamask/snaps-sdk/jsx';

import type {
  SignTransactionParams,
  SignTransactionResult,
} from '../api/signTransaction';
import { findWalletAccount } from '../starknet/accounts/accounts';
import { assertNoSelfCall } from '../starknet/accounts/selfCall';
import { signHash } from '../starknet/accounts/signature';
import { reviewCalls } from '../starknet/review/review';
import {
  assertSignableV3,
  invokeHash,
  maxFeeOf,
} from '../starknet/sends/transactions';
import type { Translate } from '../ui/i18n';
import { reviewContent } from '../ui/reviewContent';
import { SignTransactionDialog } from '../ui/SignTransactionDialog';
import { approveThenUnlock } from './approve';
import type { RpcContext } from './context';
import { reviewScopeOf, strkAmount } from './review';
import { senderOf, sentLog } from './sender';

/**
 * `snapnet_signTransaction`: signs the V3 invoke hash of the calls and details after
 * the user reviewed it as a send is reviewed (the dapp can submit what is signed):
 * the simulation of exactly that invoke (balance changes, approvals, revert, fee),
 * every call decoded by on-chain ABIs, the fee bounds and the nonce; nothing is sent.
 * A missing nonce is the account's next (pre-confirmed block, past the snap's own
 * open sends); a dapp's other nonce is signed as given (the dapp submits it, and a
 * 0.14 gateway may hold it up to 200 ahead) under a warning naming the next one.
 * Three node round trips (one more for a token neither listed nor cached).
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
  // A page never gets a call to the signing account signed: it could hand the account
  // over.
  assertNoSelfCall(params.transactions, sender.address, 'transactions');
  const { record } = await findWalletAccount(ctx, sender.address, sender.field);
  const details = params.transactionsDetail;
  // Check the details before asking the node anything.
  assertSignableV3(details, 'transactionsDetail');
  const { scope, simulatedOn } = reviewScopeOf(ctx);
  const { review, invoke, nextNonce } = await reviewCalls(scope, {
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
  const { nonce } = invoke.fields;
  const keys = await approveThenUnlock(
    ctx,
    record,
    <SignTransactionDialog
      translate={translate}
      origin={ctx.origin}
      network={ctx.network}
      sender={record.address}
      content={reviewContent(
        review,
        {
          calls: params.transactions,
          simulatedOn,
          usableLater: translate('preview.laterNonce', {
            nonce: nonce.toString(),
          }),
        },
        translate,
      )}
      fee={estimate && strkAmount(estimate.overallFee, translate)}
      maxFee={strkAmount(maxFeeOf(invoke.fields), translate)}
      nonce={nonce.toString()}
      notices={otherNonceNotices(translate, nonce, nextNonce)}
    />,
    'User rejected the transaction signature.',
  );
  return signHash(hash, keys.privateKey);
}

/**
 * The warning a dapp's other nonce gets: what is signed cannot run before the
 * transactions in between, which the user should know before signing it.
 *
 * @param translate - Translator.
 * @param nonce - The nonce signed.
 * @param next - The account's next nonce.
 * @returns No element for the next nonce, else one warning banner.
 */
function otherNonceNotices(
  translate: Translate,
  nonce: bigint,
  next: bigint,
): JSXElement[] {
  if (nonce === next) {
    return [];
  }
  return [
    <Banner
      title={translate('signTransaction.otherNonceTitle')}
      severity="warning"
    >
      <Text>
        {translate('signTransaction.otherNonceBody', {
          nonce: nonce.toString(),
          next: next.toString(),
        })}
      </Text>
    </Banner>,
  ];
}
