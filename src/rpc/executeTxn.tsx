import type { ExecuteTxnParams, ExecuteTxnResult } from '../api/executeTxn';
import { formatUnits } from '../api/units';
import { InvokeNotSent, UserRejected } from '../errors';
import { findWalletAccount, upsertAccount } from '../starknet/accounts';
import {
  planTransactions,
  sendDeploy,
  sendInvoke,
} from '../starknet/invokePlan';
import { STRK, knownTokens } from '../starknet/tokens';
import { receivedRecord, saveDeployment, saveRecord } from '../state/records';
import { describeCalls } from '../ui/describeCalls';
import { ExecuteTxnDialog } from '../ui/ExecuteTxnDialog';
import { confirm } from '../ui/show';
import type { RpcContext } from './context';
import { sendingFrom } from './sender';

/**
 * `snapnet_executeTxn`: sends a V3 invoke from a wallet account after the user
 * approved the calls and the fee. An account that is not deployed yet is deployed
 * first within the same approval (deploy_account, then the invoke with the next
 * nonce). Costs three node round trips with fee estimation (four with deployment).
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
  const { record, keys } = await findWalletAccount(
    ctx,
    params.address,
    'address',
  );
  const plan = await planTransactions({
    node: ctx.node,
    account: record,
    calls: params.calls,
    details: params.details,
  });
  const { chainId } = ctx.network;
  const state = await ctx.store.read();
  const translate = await ctx.t();
  const strk = (amount: bigint): string =>
    `${formatUnits(amount, STRK.decimals)} ${STRK.symbol}`;
  const approved = await confirm(
    <ExecuteTxnDialog
      translate={translate}
      origin={ctx.origin}
      network={ctx.network}
      sender={record.address}
      calls={describeCalls(
        params.calls,
        knownTokens(chainId, state.tokens[chainId]),
        params.abis,
      )}
      includesDeploy={plan.deploy !== undefined}
      fee={strk(plan.estimatedFee)}
      maxFee={strk(plan.maxFee)}
    />,
  );
  if (!approved) {
    throw new UserRejected('User rejected the transaction.');
  }

  let deployHash: string | undefined;
  if (plan.deploy) {
    deployHash = await sendDeploy(ctx.node, plan.deploy, keys, chainId);
    await saveDeployment(
      ctx.store,
      record,
      deployHash,
      upsertAccount,
      plan.deploy.data.constructorCalldata,
    );
  }
  if (!plan.invoke) {
    throw new Error('executeTxn planned no invoke');
  }
  let txHash: string;
  try {
    txHash = await sendInvoke(ctx.node, plan.invoke, record, keys, chainId);
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
      txnHash: txHash,
      txnType: 'invoke',
      senderAddress: record.address,
      contractAddress: first?.contractAddress ?? '',
      contractFuncName: params.calls.map((call) => call.entrypoint).join(','),
      contractCallData: single ? (first.calldata ?? []) : plan.invoke.calldata,
      chainId,
    }),
  );

  return { transaction_hash: txHash };
}
