import { bigIntToHex } from '@metamask/utils';

import type {
  UpgradeAccountParams,
  UpgradeAccountResult,
} from '../api/upgradeAccount';
import { InvalidField } from '../errors';
import { findWalletAccount } from '../starknet/accounts/accounts';
import type { UpgradeStep } from '../starknet/accounts/legacy';
import {
  argentVersion,
  nextUpgrade,
  runningKind,
} from '../starknet/accounts/legacy';
import { balanceCall } from '../starknet/node/calls';
import type { AccountStatus } from '../starknet/sends/accountStatus';
import { readAccountStatusWith } from '../starknet/sends/accountStatus';
import type { TransactionPlan } from '../starknet/sends/invokePlan';
import { planTransactions } from '../starknet/sends/invokePlan';
import { sendInvoke } from '../starknet/sends/planSends';
import { STRK } from '../starknet/tokens/tokens';
import { receivedRecord, saveRecord } from '../state/records';
import type { AccountRecord } from '../state/types';
import type { Translate } from '../ui/i18n';
import { UpgradeAccountDialog } from '../ui/UpgradeAccountDialog';
import { approveThenUnlock } from './approve';
import type { RpcContext } from './context';
import { strkAmount } from './review';
import { sendingFrom, sentLog, settleSent } from './sender';

/**
 * The one upgrade step an account's class on chain allows, or why there is none.
 *
 * @param status - The account's status (its class on chain).
 * @returns The step.
 * @throws InvalidField (`address`) for an undeployed account, one at the newest
 * class, or one whose class snapnet does not know.
 */
function stepFor(status: AccountStatus): UpgradeStep {
  if (status.classHash === undefined) {
    throw new InvalidField(
      'address',
      'is not deployed: send a transaction from it first (executeTxn deploys it)',
    );
  }
  const step = nextUpgrade(status.classHash);
  if (step) {
    return step;
  }
  const version = argentVersion(status.classHash);
  throw new InvalidField(
    'address',
    version === undefined
      ? `runs unknown class ${status.classHash}`
      : `already runs Argent ${version}, the newest class snapnet upgrades to`,
  );
}

/**
 * `snapnet_upgradeAccount`: moves a wallet account one step along Argent's safe path
 * (Cairo 0 → 0.3.1, 0.3.x → 0.4.0), the class replaced at the same address. The snap
 * picks the target from the class on chain; the `upgrade` self-call is the only call of
 * its invoke (Argent refuses a self-call in a multicall), its tip 0 (a Cairo 0 account
 * reverts above 0x746a5288000). The only path where the snap signs a call to the
 * account itself. Refused before any dialog when the account cannot pay the fee in
 * STRK (no paymaster: a Cairo 0 account has no outside execution).
 *
 * @param params - The account and network.
 * @param ctx - Request context.
 * @returns The upgrade's transaction hash.
 */
export async function upgradeAccount(
  params: UpgradeAccountParams,
  ctx: RpcContext,
): Promise<UpgradeAccountResult> {
  return sendingFrom(ctx, params.address, async () => upgrade(params, ctx));
}

/**
 * Reads the account's class and STRK balance (one batch), picks the step and plans its
 * invoke (one estimate); refuses before any dialog what cannot or need not be sent.
 *
 * @param ctx - Request context.
 * @param record - The account.
 * @param translate - Translator (amounts in the STRK error).
 * @returns The plan, the step and the account's class on chain.
 */
async function planUpgrade(
  ctx: RpcContext,
  record: AccountRecord,
  translate: Translate,
): Promise<{
  plan: TransactionPlan;
  step: UpgradeStep;
  status: AccountStatus;
  calldata: string[];
}> {
  const log = sentLog(ctx);
  const { status, extra } = await readAccountStatusWith(
    ctx.node,
    record.address,
    balanceCall(STRK.address, record.address),
    log,
  );
  const step = stepFor(status);
  const call = {
    contractAddress: record.address,
    entrypoint: 'upgrade',
    calldata: step.calldata,
  };
  const plan = await planTransactions({
    node: ctx.node,
    log,
    account: record,
    calls: [call],
    details: undefined,
  });
  if (!extra?.ok) {
    throw extra?.error ?? new Error('the STRK balance was not read');
  }
  requireStrk(BigInt(extra.result), plan.maxFee, (amount) =>
    strkAmount(amount, translate),
  );
  return { plan, step, status, calldata: call.calldata };
}

/**
 * Plans, confirms, sends and records one upgrade.
 *
 * @param params - The account and network.
 * @param ctx - Request context.
 * @returns The transaction hash.
 */
async function upgrade(
  params: UpgradeAccountParams,
  ctx: RpcContext,
): Promise<UpgradeAccountResult> {
  const { record } = await findWalletAccount(ctx, params.address, 'address');
  const translate = await ctx.t();
  const { plan, step, status, calldata } = await planUpgrade(
    ctx,
    record,
    translate,
  );
  const { invoke } = plan;
  if (!invoke) {
    throw new Error('the upgrade planned no invoke');
  }
  const keys = await approveThenUnlock(
    ctx,
    record,
    <UpgradeAccountDialog
      translate={translate}
      origin={ctx.origin}
      network={ctx.network}
      address={record.address}
      from={{ version: step.fromVersion, classHash: status.classHash ?? '' }}
      to={{ version: step.toVersion, classHash: step.toClassHash }}
      calldata={calldata}
      legacy={runningKind(record, status) === '0'}
      tip={invoke.fields.tip}
      fee={strkAmount(plan.estimatedFee, translate)}
      maxFee={strkAmount(plan.maxFee, translate)}
      nonce={invoke.fields.nonce.toString()}
    />,
    'User rejected the upgrade.',
  );
  const { chainId } = ctx.network;
  const sent = await sendInvoke(ctx.node, invoke, record, keys, chainId);
  await saveRecord(
    ctx.store,
    upgradeRecord(record, calldata, sent.txHash, chainId, invoke.fields.nonce),
  );
  await settleSent(ctx, sent);
  return { transaction_hash: sent.txHash };
}

/**
 * Refuses an upgrade the account cannot pay, saying how much STRK it needs.
 *
 * @param balance - The account's STRK balance (FRI).
 * @param maxFee - The most the upgrade can cost (FRI).
 * @param show - Formats a STRK amount.
 * @throws InvalidField (`address`) when the balance is below the maximum fee.
 */
function requireStrk(
  balance: bigint,
  maxFee: bigint,
  show: (amount: bigint) => string,
): void {
  if (balance >= maxFee) {
    return;
  }
  throw new InvalidField(
    'address',
    `holds ${show(balance)}, the upgrade may cost ${show(maxFee)}: send at least ${show(maxFee - balance)} to it first (ETH cannot pay the fee; no paymaster for Cairo 0)`,
  );
}

/**
 * The record of a sent upgrade.
 *
 * @param record - The account.
 * @param calldata - The `upgrade` call's arguments.
 * @param txnHash - The transaction hash.
 * @param chainId - The network.
 * @param nonce - Its nonce.
 * @returns The transaction record.
 */
function upgradeRecord(
  record: AccountRecord,
  calldata: string[],
  txnHash: string,
  chainId: string,
  nonce: bigint,
): ReturnType<typeof receivedRecord> {
  return receivedRecord({
    txnHash,
    txnType: 'invoke',
    senderAddress: record.address,
    contractAddress: record.address,
    contractFuncName: 'upgrade',
    contractCallData: calldata,
    chainId,
    nonce: bigIntToHex(nonce),
  });
}
