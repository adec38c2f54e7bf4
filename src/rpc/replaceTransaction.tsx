import type { Infer } from '@metamask/superstruct';
import { bigIntToHex } from '@metamask/utils';

import type {
  ReplaceTransactionParams,
  ReplaceTransactionResult,
} from '../api/replaceTransaction';
import { InvalidField } from '../errors';
import { findWalletAccount } from '../starknet/accounts/accounts';
import { runningKind } from '../starknet/accounts/legacy';
import type { NodeOutcome } from '../starknet/node/node';
import { V3_QUERY, invokeTx } from '../starknet/node/wire';
import { readAccountStatusAlong } from '../starknet/sends/accountStatus';
import { estimateCall, readEstimates } from '../starknet/sends/fees';
import type { InvokeStep } from '../starknet/sends/invokePlan';
import { sendInvoke } from '../starknet/sends/planSends';
import type { PooledInvoke } from '../starknet/sends/replace';
import {
  pooledFields,
  pooledInvokeCall,
  replacementFees,
} from '../starknet/sends/replace';
import { statusCall } from '../starknet/sends/send';
import type { NodeStatusStruct } from '../starknet/sends/status';
import type { TipAnswer } from '../starknet/sends/tips';
import { recommendedTip, tipReads } from '../starknet/sends/tips';
import {
  executeCalldata,
  maxFeeOf,
  v3Fields,
} from '../starknet/sends/transactions';
import { STRK } from '../starknet/tokens/tokens';
import { isGranted } from '../state/grants';
import {
  isUnfinished,
  receivedRecord,
  saveReplacement,
} from '../state/records';
import type { AccountRecord, TransactionRecord } from '../state/types';
import { ReplaceDialog } from '../ui/ReplaceDialog';
import { approveThenUnlock } from './approve';
import type { RpcContext } from './context';
import { USER_ORIGIN } from './context';
import { strkAmount } from './review';
import { sendingFrom, settleSent } from './sender';

/**
 * The send to replace: one of the snap's records on this network, of an account the
 * page was given, still unfinished. Unknown, foreign and finished sends get the same
 * -32602 naming `txnHash`.
 *
 * @param ctx - Request context.
 * @param txnHash - The hash asked about (normalized).
 * @returns Its record.
 */
async function pendingRecord(
  ctx: RpcContext,
  txnHash: string,
): Promise<TransactionRecord & { nonce: string }> {
  const state = await ctx.store.read();
  const { chainId } = ctx.network;
  const found = Object.values(state.transactions[chainId] ?? {})
    .flat()
    .find((record) => BigInt(record.txnHash) === BigInt(txnHash));
  const visible =
    found &&
    (ctx.origin === USER_ORIGIN ||
      isGranted(state, ctx.origin, chainId, found.senderAddress));
  if (!found || !visible || found.nonce === undefined) {
    throw new InvalidField(
      'txnHash',
      'is not a pending send of an account given to this page',
    );
  }
  if (!isUnfinished(found) || found.txnType !== 'invoke') {
    throw new InvalidField(
      'txnHash',
      `is ${found.status.toLowerCase()}, not a pending invoke: only a send the node still holds can be replaced`,
    );
  }
  return { ...found, nonce: found.nonce };
}

/**
 * `snapnet_replaceTransaction`: sends a pending invoke again at its nonce, with tip and
 * L2 max price each at least 1.1× the pending one's (rounded up, the mempool's
 * escalation rule) and at least what a new send would sign; `speedUp` keeps the calls,
 * `cancel` sends the snap's own transfer of 0 STRK to the account itself. The records
 * mark the old send replaced and follow the new one. Three node round trips: the pending
 * send (status and body) with the account and the tip reads; an estimate; the send.
 *
 * @param params - The hash, the network, the mode.
 * @param ctx - Request context.
 * @returns The replacement's hash.
 */
export async function replaceTransaction(
  params: ReplaceTransactionParams,
  ctx: RpcContext,
): Promise<ReplaceTransactionResult> {
  const old = await pendingRecord(ctx, params.txnHash);
  return sendingFrom(ctx, old.senderAddress, async () =>
    replace(params, ctx, old),
  );
}

/**
 * The first round trip: the pending send's status and body with the account's status
 * and the tip reads; then the replacement's calldata and recent tip.
 *
 * @param ctx - Request context.
 * @param record - The account.
 * @param old - The pending send's record.
 * @param mode - Speed up or cancel.
 * @returns The pending body, the replacement's calldata, and the recent tip.
 */
async function readPending(
  ctx: RpcContext,
  record: AccountRecord,
  old: TransactionRecord,
  mode: ReplaceTransactionParams['mode'],
): Promise<{ pooled: PooledInvoke; calldata: string[]; tip: bigint }> {
  const tips = tipReads(ctx.network.chainId);
  const { status, extras } = await readAccountStatusAlong<unknown>(
    ctx.node,
    record.address,
    [statusCall(old.txnHash), pooledInvokeCall(old.txnHash), ...tips.calls],
  );
  // The outcomes come in the order of the calls, typed by them.
  const state = extras[0] as NodeOutcome<Infer<typeof NodeStatusStruct>>;
  const body = extras[1] as NodeOutcome<PooledInvoke>;
  if (!state.ok || state.result.finality_status !== 'RECEIVED' || !body.ok) {
    throw new InvalidField(
      'txnHash',
      'is no longer pending at the node (included, or dropped): it cannot be replaced',
    );
  }
  const cancel = [
    {
      contractAddress: STRK.address,
      entrypoint: 'transfer',
      calldata: [record.address, '0', '0'],
    },
  ];
  return {
    pooled: body.result,
    calldata:
      mode === 'speedUp'
        ? body.result.calldata
        : executeCalldata(cancel, runningKind(record, status)),
    tip: recommendedTip(tips, extras.slice(2) as NodeOutcome<TipAnswer>[]),
  };
}

/**
 * The replacement's invoke: the node's estimate (second round trip), then the fees of
 * the escalation rule.
 *
 * @param ctx - Request context.
 * @param record - The account.
 * @param nonce - The shared nonce.
 * @param read - What {@link readPending} read.
 * @returns The step to sign, and the pending send's tip and bounds.
 */
async function planReplacement(
  ctx: RpcContext,
  record: AccountRecord,
  nonce: bigint,
  read: Awaited<ReturnType<typeof readPending>>,
): Promise<{ step: InvokeStep; before: ReturnType<typeof pooledFields> }> {
  const { calldata } = read;
  const fields = v3Fields(undefined, nonce);
  fields.tip = read.tip;
  const [estimate] = readEstimates(
    await ctx.node.send(
      estimateCall([
        invokeTx({
          senderAddress: record.address,
          calldata,
          fields,
          version: V3_QUERY,
          signature: [],
        }),
      ]),
    ),
  );
  const before = pooledFields(read.pooled);
  Object.assign(
    fields,
    replacementFees(before, {
      tip: read.tip,
      resourceBounds: estimate?.bounds ?? before.resourceBounds,
    }),
  );
  return { step: { calldata, fields, estimate }, before };
}

/**
 * Plans, confirms and sends one replacement (in the account's send lane).
 *
 * @param params - The request.
 * @param ctx - Request context.
 * @param old - The pending send's record.
 * @returns The replacement's hash.
 */
async function replace(
  params: ReplaceTransactionParams,
  ctx: RpcContext,
  old: TransactionRecord & { nonce: string },
): Promise<ReplaceTransactionResult> {
  const { record } = await findWalletAccount(ctx, old.senderAddress, 'txnHash');
  const read = await readPending(ctx, record, old, params.mode);
  const { step, before } = await planReplacement(
    ctx,
    record,
    BigInt(old.nonce),
    read,
  );
  const translate = await ctx.t();
  const keys = await approveThenUnlock(
    ctx,
    record,
    <ReplaceDialog
      translate={translate}
      origin={ctx.origin}
      mode={params.mode}
      sender={record.address}
      txnHash={old.txnHash}
      nonce={BigInt(old.nonce).toString()}
      tips={{ old: before.tip.toString(), new: step.fields.tip.toString() }}
      maxFees={{
        old: strkAmount(maxFeeOf(before), translate),
        new: strkAmount(maxFeeOf(step.fields), translate),
      }}
    />,
    'User rejected the replacement.',
  );
  const sent = await sendInvoke(
    ctx.node,
    step,
    record,
    keys,
    ctx.network.chainId,
  );
  const cancel = params.mode === 'cancel';
  await saveReplacement(
    ctx.store,
    old.txnHash,
    receivedRecord({
      txnHash: sent.txHash,
      txnType: 'invoke',
      senderAddress: record.address,
      contractAddress: cancel ? STRK.address : old.contractAddress,
      contractFuncName: cancel ? 'transfer' : old.contractFuncName,
      contractCallData: cancel
        ? [record.address, '0', '0']
        : old.contractCallData,
      chainId: ctx.network.chainId,
      nonce: bigIntToHex(step.fields.nonce),
    }),
  );
  await settleSent(ctx, sent);
  return { transaction_hash: sent.txHash };
}
