import { bigIntToHex } from '@metamask/utils';

import type { ExecuteTxnParams, ExecuteTxnResult } from '../api/executeTxn';
import { InvokeNotSent } from '../errors';
import type { AccountKeys } from '../keys/derive';
import { findWalletAccount } from '../starknet/accounts/accounts';
import { assertNoSelfCall } from '../starknet/accounts/selfCall';
import { planAndReview } from '../starknet/review/review';
import type { TransactionPlan } from '../starknet/sends/invokePlan';
import { sendDeploy, sendInvoke } from '../starknet/sends/planSends';
import type { Sent } from '../starknet/sends/send';
import { STRK } from '../starknet/tokens/tokens';
import { receivedRecord, saveDeployment, saveRecord } from '../state/records';
import type { AccountRecord } from '../state/types';
import { ExecuteTxnDialog } from '../ui/ExecuteTxnDialog';
import type { Translate } from '../ui/i18n';
import { reviewContent } from '../ui/reviewContent';
import { approveThenUnlock } from './approve';
import type { RpcContext } from './context';
import { paymasterUrlOf } from './context';
import { feeTokenSuggestions } from './feeSuggestions';
import { sendWithFeeToken } from './paymasterSend';
import { reviewScopeOf, strkAmount } from './review';
import { sendingFrom, sentLog, settleSent } from './sender';

/**
 * `snapnet_executeTxn`: sends a V3 invoke from a wallet account after the user
 * approved the calls and the fee. An account that is not deployed yet is deployed
 * first within the same approval (deploy_account, then the invoke with the next
 * nonce). The confirmation shows what the chain says the transaction does (simulated
 * balance changes, approvals, revert; calls named by on-chain ABIs). Costs three node
 * round trips (four with deployment; one more for a token neither listed nor cached).
 * Every transaction the node accepts is recorded; nothing is recorded for one it
 * refuses.
 *
 * @param params - Sender, calls, details and ABIs.
 * @param ctx - Request context.
 * @returns The invoke transaction hash.
 */
export async function executeTxn(
  params: ExecuteTxnParams,
  ctx: RpcContext,
): Promise<ExecuteTxnResult> {
  // A page never gets a call to the signing account signed: it could hand the account
  // over.
  assertNoSelfCall(params.calls, params.address, 'calls');
  const feeToken = params.details?.feeToken;
  if (feeToken !== undefined && BigInt(feeToken) !== BigInt(STRK.address)) {
    // The fee in another token, through the network's paymaster (paymasterSend.tsx).
    return sendingFrom(ctx, params.address, async () =>
      sendWithFeeToken(params, ctx, feeToken),
    );
  }
  // One send at a time per account, so concurrent calls get consecutive nonces.
  return sendingFrom(ctx, params.address, async () => sendCalls(params, ctx));
}

/**
 * Plans, confirms, sends and records the transactions of one executeTxn.
 *
 * @param params - Sender, calls, details and ABIs.
 * @param ctx - Request context.
 * @returns The invoke transaction hash.
 */
async function sendCalls(
  params: ExecuteTxnParams,
  ctx: RpcContext,
): Promise<ExecuteTxnResult> {
  const { record } = await findWalletAccount(ctx, params.address, 'address');
  const { scope, simulatedOn } = reviewScopeOf(ctx);
  const { plan, review, strk } = await planAndReview(scope, {
    log: sentLog(ctx),
    account: record,
    calls: params.calls,
    details: params.details,
    strk: STRK.address,
  });
  const translate = await ctx.t();
  // The node refuses a send whose STRK cannot cover its maximal fee.
  const short = strk !== undefined && strk < plan.maxFee;
  // With a paymaster, a held fee token may pay instead.
  const feeTokens =
    short && paymasterUrlOf(ctx.state, ctx.network) !== ''
      ? await feeTokenSuggestions(ctx, record.address, scope.known, translate)
      : [];
  const content = reviewContent(
    review,
    { calls: params.calls, abis: params.abis, simulatedOn },
    translate,
  );
  // The key exists only once the user approved, and only if it is the account's.
  const keys = await approveThenUnlock(
    ctx,
    record,
    <ExecuteTxnDialog
      translate={translate}
      origin={ctx.origin}
      network={ctx.network}
      sender={record.address}
      content={content}
      includesDeploy={plan.deploy !== undefined}
      fee={strkAmount(plan.estimatedFee, translate)}
      maxFee={strkAmount(plan.maxFee, translate)}
      tip={tipShown(plan, translate)}
      strkBalance={short ? strkAmount(strk, translate) : undefined}
      feeTokens={feeTokens}
    />,
    'User rejected the transaction.',
  );
  return sendPlan(params, ctx, plan, { record, keys });
}

/**
 * The invoke's tip as the dialog shows it: per L2 gas unit, and the most it adds to
 * the fee (tip × the L2 gas maximum amount, `max_possible_fee`'s tip term).
 *
 * @param plan - The plan.
 * @param translate - Translator.
 * @returns The tip facts, or undefined when the send does not tip.
 */
export function tipShown(
  plan: Pick<TransactionPlan, 'invoke'>,
  translate: Translate,
): { perGas: string; adds: string } | undefined {
  const fields = plan.invoke?.fields;
  if (!fields || fields.tip === 0n) {
    return undefined;
  }
  return {
    perGas: fields.tip.toString(),
    adds: strkAmount(
      fields.tip * fields.resourceBounds.l2_gas.max_amount,
      translate,
    ),
  };
}

/**
 * Sends an approved plan (the deployment first, if any) and records each send.
 *
 * @param params - Sender and calls, for the invoke record.
 * @param ctx - Request context.
 * @param plan - The approved plan.
 * @param account - The sending account and its keys.
 * @param account.record - The account.
 * @param account.keys - Its keys.
 * @returns The invoke transaction hash.
 */
async function sendPlan(
  params: ExecuteTxnParams,
  ctx: RpcContext,
  plan: TransactionPlan,
  { record, keys }: { record: AccountRecord; keys: AccountKeys },
): Promise<ExecuteTxnResult> {
  const { chainId } = ctx.network;
  let deployHash: string | undefined;
  if (plan.deploy) {
    const deploy = await sendDeploy(ctx.node, plan.deploy, keys, chainId);
    deployHash = deploy.txHash;
    await saveDeployment(
      ctx.store,
      record,
      deployHash,
      plan.deploy.data.constructorCalldata,
      bigIntToHex(plan.deploy.fields.nonce),
    );
    await settleSent(ctx, deploy);
  }
  if (!plan.invoke) {
    throw new Error('executeTxn planned no invoke');
  }
  let sent: Sent;
  try {
    sent = await sendInvoke(ctx.node, plan.invoke, record, keys, chainId);
  } catch (error) {
    if (deployHash) {
      throw new InvokeNotSent(deployHash, { cause: error });
    }
    throw error;
  }
  const [first] = params.calls;
  const single = params.calls.length === 1 && first !== undefined;
  await saveRecord(
    ctx.store,
    receivedRecord({
      txnHash: sent.txHash,
      txnType: 'invoke',
      senderAddress: record.address,
      contractAddress: first?.contractAddress ?? '',
      contractFuncName: params.calls.map((call) => call.entrypoint).join(','),
      contractCallData: single ? (first.calldata ?? []) : plan.invoke.calldata,
      chainId,
      nonce: bigIntToHex(plan.invoke.fields.nonce),
    }),
  );

  await settleSent(ctx, sent);
  return { transaction_hash: sent.txHash };
}
