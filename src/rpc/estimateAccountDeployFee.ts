import type { EstimateAccountDeployFeeParams, FeeEstimate } from '../api/fees';
import { AccountAlreadyDeployed, AccountNotGranted } from '../errors';
import { planTransactions } from '../starknet/sends/invokePlan';
import { pageCurrentAccount } from '../state/grants';
import type { AccountRecord } from '../state/types';
import type { RpcContext } from './context';
import { USER_ORIGIN } from './context';
import { accountAt } from './createAccount';
import { toFeeEstimate } from './feeEstimate';
import { sentLog } from './sender';

/**
 * The account an estimate is about. A page asks only about an index it was given
 * (checked before, see handlers.ts) or, without one, its current account: the next
 * unused index is no account of the page, and the node is never asked about one.
 *
 * @param params - The request.
 * @param ctx - Request context.
 * @returns The account record.
 * @throws AccountNotGranted when a page without an index has no account.
 */
async function accountOf(
  params: EstimateAccountDeployFeeParams,
  ctx: RpcContext,
): Promise<AccountRecord> {
  if (params.addressIndex !== undefined || ctx.origin === USER_ORIGIN) {
    return accountAt(ctx, params.addressIndex);
  }
  const state = await ctx.store.read();
  const current = pageCurrentAccount(state, ctx.origin, ctx.network.chainId);
  if (!current) {
    throw new AccountNotGranted('addressIndex', ctx.network.name);
  }
  return current;
}

/**
 * `snapnet_estimateAccountDeployFee`: what deploying an account would cost.
 *
 * @param params - Which account (default: the page's current account; for MetaMask
 * itself the next unused index) and network.
 * @param ctx - Request context.
 * @returns The fee estimate.
 * @throws AccountAlreadyDeployed when there is nothing to deploy.
 */
export async function estimateAccountDeployFee(
  params: EstimateAccountDeployFeeParams,
  ctx: RpcContext,
): Promise<FeeEstimate> {
  const record = await accountOf(params, ctx);
  const plan = await planTransactions({
    node: ctx.node,
    log: sentLog(ctx),
    account: record,
    calls: undefined,
    details: undefined,
  });
  if (!plan.deploy) {
    throw new AccountAlreadyDeployed(record.address);
  }
  return toFeeEstimate(plan, false);
}
