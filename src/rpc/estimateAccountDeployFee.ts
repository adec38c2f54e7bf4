import type { EstimateAccountDeployFeeParams, FeeEstimate } from '../api/fees';
import { AccountAlreadyDeployed } from '../errors';
import { planTransactions } from '../starknet/invokePlan';
import type { RpcContext } from './context';
import { accountAt } from './createAccount';
import { toFeeEstimate } from './feeEstimate';
import { sentLog } from './sender';

/**
 * `snapnet_estimateAccountDeployFee`: what deploying an account would cost.
 *
 * @param params - Which account (default: the next unused index) and network.
 * @param ctx - Request context.
 * @returns The fee estimate.
 * @throws AccountAlreadyDeployed when there is nothing to deploy.
 */
export async function estimateAccountDeployFee(
  params: EstimateAccountDeployFeeParams,
  ctx: RpcContext,
): Promise<FeeEstimate> {
  const record = await accountAt(ctx, params.addressIndex);
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
