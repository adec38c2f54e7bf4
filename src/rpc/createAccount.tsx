import { bigIntToHex } from '@metamask/utils';

import type {
  CreateAccountParams,
  CreateAccountResult,
} from '../api/createAccount';
import { AccountAlreadyDeployed, UserRejected } from '../errors';
import { toAccountRecord } from '../starknet/accounts/accounts';
import { planTransactions } from '../starknet/sends/invokePlan';
import { sendDeploy } from '../starknet/sends/planSends';
import { STRK } from '../starknet/tokens/tokens';
import { isGranted } from '../state/grants';
import { saveDeployment } from '../state/records';
import type { AccountRecord } from '../state/types';
import { CreateAccountDialog } from '../ui/CreateAccountDialog';
import { DeployAccountDialog } from '../ui/DeployAccountDialog';
import { formatTokenAmount } from '../ui/format';
import { confirm } from '../ui/show';
import { requireRoom, requireRoomFor, storeAccounts } from './accountList';
import { approveThenUnlock } from './approve';
import type { RpcContext } from './context';
import {
  USER_ORIGIN,
  grantApproved,
  requireNearIndex,
  revocationMark,
} from './pageAccess';
import { sendingFrom, sentLog, settleSent } from './sender';

/**
 * The smallest index with no stored account: what "next unused" means for a wallet
 * whose accounts may have been created out of order.
 *
 * @param accounts - Stored accounts of the network.
 * @returns The index.
 */
export function nextFreeIndex(accounts: AccountRecord[]): number {
  const taken = new Set(accounts.map((account) => account.addressIndex));
  let index = 0;
  while (taken.has(index)) {
    index += 1;
  }
  return index;
}

/**
 * The wallet account at an index (default: the next unused one): the stored Cairo 1
 * account of that index, else derived, its key dropped at once (signing needs
 * unlockAccount, after the dialog).
 *
 * @param ctx - Request context.
 * @param addressIndex - Index, or undefined for the next unused one.
 * @returns Its record.
 */
export async function accountAt(
  ctx: RpcContext,
  addressIndex: number | undefined,
): Promise<AccountRecord> {
  const state = await ctx.store.read();
  const accounts = state.accounts[ctx.network.chainId] ?? [];
  const index = addressIndex ?? nextFreeIndex(accounts);
  const stored = accounts.find(
    (account) => account.addressIndex === index && account.cairoVersion === '1',
  );
  return (
    stored ??
    toAccountRecord(await (await ctx.keys())(index), ctx.network.chainId)
  );
}

/**
 * Deploys a wallet account after the user approved the fee.
 *
 * @param ctx - Request context.
 * @param addressIndex - Index, or undefined for the next unused one.
 * @returns The address and the deploy transaction hash.
 */
async function deployAccount(
  ctx: RpcContext,
  addressIndex: number | undefined,
): Promise<CreateAccountResult> {
  const record = await accountAt(ctx, addressIndex);
  // Refused before the dialog when the account could not be stored.
  requireRoom(await ctx.store.read(), ctx.network, [record], 'addressIndex');
  // One send at a time per account (see sendingFrom), executeTxn's deploys included.
  return sendingFrom(ctx, record.address, async () => deployFrom(ctx, record));
}

/**
 * Plans, confirms, sends and records the deployment of one account.
 *
 * @param ctx - Request context.
 * @param record - The account.
 * @returns The address and the deploy transaction hash.
 */
async function deployFrom(
  ctx: RpcContext,
  record: AccountRecord,
): Promise<CreateAccountResult> {
  const plan = await planTransactions({
    node: ctx.node,
    log: sentLog(ctx),
    account: record,
    calls: undefined,
    details: undefined,
    strk: STRK.address,
  });
  if (!plan.deploy) {
    throw new AccountAlreadyDeployed(record.address);
  }
  const translate = await ctx.t();
  // The key exists only once the user approved, and only if it is the account's.
  const keys = await approveThenUnlock(
    ctx,
    record,
    <DeployAccountDialog
      translate={translate}
      origin={ctx.origin}
      network={ctx.network}
      account={record.address}
      fee={formatTokenAmount(plan.estimatedFee, STRK, translate)}
      maxFee={formatTokenAmount(plan.maxFee, STRK, translate)}
      strkBalance={
        plan.strk !== undefined && plan.strk < plan.maxFee
          ? formatTokenAmount(plan.strk, STRK, translate)
          : undefined
      }
    />,
    'User rejected the account deployment.',
  );
  const sent = await sendDeploy(
    ctx.node,
    plan.deploy,
    keys,
    ctx.network.chainId,
  );
  await saveDeployment(
    ctx.store,
    record,
    sent.txHash,
    plan.deploy.data.constructorCalldata,
    bigIntToHex(plan.deploy.fields.nonce),
  );
  await settleSent(ctx, sent);
  return { address: record.address, transaction_hash: sent.txHash };
}

/**
 * A page's createAccount: the user decides in a dialog naming the page and the index
 * whether the page is given the account at that index (created if new). The page
 * learns nothing before (an index another page or the user holds asks the same
 * dialog), and approval stores the account and grants it in one state write. An
 * account the page already holds (was given) is returned without a dialog, stored if
 * it was not.
 *
 * @param ctx - Request context (a page's).
 * @param addressIndex - Index, or undefined for the next unused one.
 * @param deploy - Whether a deployment follows (said in the dialog).
 * @returns The account given to the page.
 * @throws UserRejected (4001) when the user declines: nothing is stored.
 */
async function askForAccount(
  ctx: RpcContext,
  addressIndex: number | undefined,
  deploy: boolean,
): Promise<AccountRecord> {
  const { chainId } = ctx.network;
  const state = await ctx.store.read();
  const accounts = state.accounts[chainId] ?? [];
  const index = addressIndex ?? nextFreeIndex(accounts);
  const existing = accounts.find(
    (account) => account.addressIndex === index && account.cairoVersion === '1',
  );
  // The index's address (its key dropped at once), to know whether the page holds it.
  const record =
    existing ?? toAccountRecord(await (await ctx.keys())(index), chainId);
  const mark = revocationMark(ctx.origin);
  if (isGranted(state, ctx.origin, chainId, record.address)) {
    // The user gave it to the page already: no dialog; stored if it was not (with
    // `deploy`, only once the deployment is approved and sent).
    if (!existing && !deploy) {
      await ctx.store.update((draft) => {
        storeAccounts(draft, ctx.network, [record], 'addressIndex');
      });
    }
    return record;
  }
  if (!existing) {
    requireRoomFor(state, ctx.network, 1, 'addressIndex');
  }
  const approved = await confirm(
    <CreateAccountDialog
      translate={await ctx.t()}
      origin={ctx.origin}
      network={ctx.network}
      index={index}
      deploy={deploy}
    />,
  );
  if (!approved) {
    throw new UserRejected('User rejected the account creation.');
  }
  await grantApproved(ctx, [record], {
    asCurrent: false,
    mark,
    field: 'addressIndex',
  });
  return record;
}

/**
 * `snapnet_createAccount`: derives an account and keeps it in state (one account per
 * call, within the per-network cap; the current account does not move). From a page,
 * the user approves first in a dialog naming the page and the index, and the account
 * is then the page's (see askForAccount); an index far past the known ones is refused
 * before any dialog. With `deploy`, also deploys it after the user approves the fee.
 * MetaMask's own requests pick the index inside the state update, so concurrent calls
 * never pick the same one.
 *
 * @param params - Index (default next unused), deploy flag, network.
 * @param ctx - Request context.
 * @returns The account address (and deploy transaction hash).
 */
export async function createAccount(
  params: CreateAccountParams,
  ctx: RpcContext,
): Promise<CreateAccountResult> {
  if (params.addressIndex !== undefined) {
    await requireNearIndex(ctx, params.addressIndex);
  }
  const given =
    ctx.origin === USER_ORIGIN
      ? undefined
      : await askForAccount(ctx, params.addressIndex, params.deploy === true);
  if (params.deploy) {
    return deployAccount(ctx, given?.addressIndex ?? params.addressIndex);
  }
  if (given) {
    return { address: given.address };
  }
  const derive = await ctx.keys();
  const { chainId } = ctx.network;
  return ctx.store.update(async (state) => {
    const accounts = state.accounts[chainId] ?? [];
    const index = params.addressIndex ?? nextFreeIndex(accounts);
    const existing = accounts.find(
      (account) =>
        account.addressIndex === index && account.cairoVersion === '1',
    );
    if (existing) {
      return { address: existing.address };
    }
    const record = toAccountRecord(await derive(index), chainId);
    storeAccounts(state, ctx.network, [record], 'addressIndex');
    return { address: record.address };
  });
}
