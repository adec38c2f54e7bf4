import type { TypedData } from 'starknet';

import { joinSignature } from '../api/felt';
import type { Call } from '../api/transaction';
import { findWalletAccount } from '../starknet/accounts/accounts';
import { assertNoSelfCall } from '../starknet/accounts/selfCall';
import { signHash } from '../starknet/accounts/signature';
import type { Network } from '../starknet/node/networks';
import type {
  OutsideExecution,
  OutsideExecutionCall,
} from '../starknet/outsideExecution';
import {
  assertVersionSupported,
  readOutsideExecution,
} from '../starknet/outsideExecution';
import { FIELDS } from '../starknet/outsideExecution/domain';
import {
  entrypointOf,
  supportedVersions,
} from '../starknet/outsideExecution/support';
import type { Review } from '../starknet/review/review';
import { reviewCalls } from '../starknet/review/review';
import {
  formatUnixTime,
  NoFeeSection,
  outsideExecutionNotices,
} from '../ui/OutsideExecutionParts';
import { reviewContent } from '../ui/reviewContent';
import { ReviewDialog } from '../ui/ReviewDialog';
import { approveThenUnlock } from './approve';
import type { RpcContext } from './context';
import { reviewScopeOf } from './review';

/**
 * The calls as the review runs them: the selector that is signed, and the name the
 * typed data gave (else the selector, until the ABI names it).
 *
 * @param calls - The outside execution's calls.
 * @returns Calls carrying their selector.
 */
function simulatedCalls(
  calls: readonly OutsideExecutionCall[],
): (Call & { selector: string })[] {
  return calls.map((call) => ({
    contractAddress: call.contractAddress,
    entrypoint: call.entrypoint ?? call.selector,
    selector: call.selector,
    calldata: call.calldata,
  }));
}

/**
 * The calls as the dialog shows them: named by the typed data, else by the called
 * contract's ABI on chain (read by the review), else by their selector.
 *
 * @param calls - The outside execution's calls.
 * @param review - The review (its on-chain ABIs).
 * @returns Calls to describe.
 */
function shownCalls(
  calls: readonly OutsideExecutionCall[],
  review: Review,
): Call[] {
  return calls.map((call) => ({
    contractAddress: call.contractAddress,
    entrypoint:
      call.entrypoint ??
      entrypointOf(call.selector, review.abis.get(call.contractAddress)) ??
      call.selector,
    calldata: call.calldata,
  }));
}

/**
 * Reads a page's outside execution, refusing (before any dialog) one that calls the
 * signing account: a page never gets a call to the account itself signed (it could hand
 * the account over).
 *
 * @param args - The typed data and signer.
 * @param args.data - The typed data.
 * @param args.signerAddress - The signing account.
 * @param network - The signing network.
 * @returns The outside execution, values as hashed.
 */
function readPageExecution(
  args: { data: TypedData; signerAddress: string },
  network: Network,
): OutsideExecution {
  const execution = readOutsideExecution(args.data, network);
  assertNoSelfCall(
    execution.calls,
    args.signerAddress,
    `typedDataMessage.message.${FIELDS[execution.version].calls}`,
  );
  return execution;
}

/**
 * Signs SNIP-9 outside-execution typed data after the user reviewed it as the
 * transaction it authorises: validated before any dialog (readOutsideExecution), the
 * version checked against the account (SRC5, one round trip), the calls simulated as
 * an invoke from the account (SKIP_VALIDATE + SKIP_FEE_CHARGE) and decoded like
 * executeTxn's, plus who may submit it, its window and "no fee". The signature is the
 * SNIP-12 one of the typed data exactly as received.
 *
 * @param args - What signMessage read.
 * @param args.data - The typed data.
 * @param args.hash - Its SNIP-12 message hash for the signer.
 * @param args.signerAddress - The signing account.
 * @param ctx - Request context.
 * @returns `0x` + r + s.
 */
export async function signOutsideExecution(
  args: { data: TypedData; hash: string; signerAddress: string },
  ctx: RpcContext,
): Promise<string> {
  const execution = readPageExecution(args, ctx.network);
  const { record } = await findWalletAccount(
    ctx,
    args.signerAddress,
    'signerAddress',
  );
  assertVersionSupported(
    execution.version,
    await supportedVersions(ctx.node, record),
  );
  const { scope, simulatedOn } = reviewScopeOf(ctx);
  const { review } = await reviewCalls(scope, {
    account: record,
    calls: simulatedCalls(execution.calls),
    flags: ['SKIP_VALIDATE', 'SKIP_FEE_CHARGE'],
  });
  const translate = await ctx.t();
  const calls = shownCalls(execution.calls, review);
  // The key exists only once the user approved, and only if it is the account's.
  const keys = await approveThenUnlock(
    ctx,
    record,
    <ReviewDialog
      translate={translate}
      title={translate('outsideExecution.title')}
      intro={translate('outsideExecution.body', { origin: ctx.origin })}
      origin={ctx.origin}
      network={ctx.network}
      sender={record.address}
      content={reviewContent(
        review,
        {
          calls,
          simulatedOn,
          usableLater: translate('preview.laterUntil', {
            until: formatUnixTime(execution.executeBefore),
          }),
        },
        translate,
      )}
      notices={outsideExecutionNotices({
        translate,
        execution,
        now: BigInt(Math.floor(Date.now() / 1000)),
      })}
      fee={<NoFeeSection translate={translate} />}
    />,
    'User rejected the outside execution.',
  );
  return joinSignature(signHash(args.hash, keys.privateKey));
}
