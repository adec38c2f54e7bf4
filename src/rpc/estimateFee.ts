import type { EstimateFeeParams, FeeEstimate } from '../api/fees';
import { findWalletAccount } from '../starknet/accounts/accounts';
import { planTransactions } from '../starknet/sends/invokePlan';
import type { RpcContext } from './context';
import { toFeeEstimate } from './feeEstimate';
import { sentLog } from './sender';

/**
 * `snapnet_estimateFee`: what executing the calls would cost. When the sender is not
 * deployed yet the estimate covers deployment and invoke (`includeDeploy`), as
 * `snapnet_executeTxn` would send both. Two node round trips.
 *
 * @param params - Sender, calls and details.
 * @param ctx - Request context.
 * @returns The fee estimate.
 */
export async function estimateFee(
  params: EstimateFeeParams,
  ctx: RpcContext,
): Promise<FeeEstimate> {
  const { record } = await findWalletAccount(ctx, params.address, 'address');
  const plan = await planTransactions({
    node: ctx.node,
    log: sentLog(ctx),
    account: record,
    calls: params.invocations,
    details: params.details,
  });
  return toFeeEstimate(plan, true);
}
