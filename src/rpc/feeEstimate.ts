import type { FeeEstimate } from '../api/fees';
import type { TransactionPlan } from '../starknet/sends/invokePlan';

/**
 * The interface's fee-estimate shape from a plan: base-10 strings in FRI (STRK's
 * smallest unit, the fee unit of V3 transactions).
 *
 * @param plan - A planned transaction (deployment and/or invoke).
 * @param withIncludeDeploy - Whether to say if a deployment is included
 * (estimateFee does, estimateAccountDeployFee does not).
 * @returns The estimate.
 */
export function toFeeEstimate(
  plan: TransactionPlan,
  withIncludeDeploy: boolean,
): FeeEstimate {
  const steps = [plan.deploy, plan.invoke];
  const estimates = steps.flatMap((step) =>
    step?.estimate ? [step.estimate] : [],
  );
  const main = plan.invoke?.estimate ?? plan.deploy?.estimate;
  const estimate: FeeEstimate = {
    suggestedMaxFee: plan.maxFee.toString(),
    overallFee: plan.estimatedFee.toString(),
    gasConsumed: estimates
      .reduce((sum, item) => sum + item.l2Gas, 0n)
      .toString(),
    gasPrice: (main?.l2GasPrice ?? 0n).toString(),
    unit: (main?.unit ?? 'FRI').toLowerCase(),
  };
  if (withIncludeDeploy) {
    estimate.includeDeploy = plan.deploy !== undefined;
  }
  return estimate;
}
