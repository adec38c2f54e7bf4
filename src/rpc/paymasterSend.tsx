import { Banner, Text } from '@metamask/snaps-sdk/jsx';
import type { ExecutionParameters, PreparedTransaction } from 'starknet';
import { typedData as snip12 } from 'starknet';

import type { ExecuteTxnParams, ExecuteTxnResult } from '../api/executeTxn';
import { toFelt64 } from '../api/felt';
import type { Call } from '../api/transaction';
import { InvalidField } from '../errors';
import type { AccountKeys } from '../keys/derive';
import { findWalletAccount } from '../starknet/accounts/accounts';
import { isSelfCall } from '../starknet/accounts/selfCall';
import { signHash } from '../starknet/accounts/signature';
import type { PaymasterClient } from '../starknet/paymaster/client';
import type { VerifiedPaymasterSend } from '../starknet/paymaster/verify';
import { verifyPrepared } from '../starknet/paymaster/verify';
import { reviewCalls } from '../starknet/review/review';
import type { DeployData } from '../starknet/sends/deploy';
import { deployData } from '../starknet/sends/deploy';
import type { AccountRecord } from '../state/types';
import { PaymasterFee, paymasterFeeView } from '../ui/PaymasterFee';
import { reviewContent } from '../ui/reviewContent';
import { ReviewDialog } from '../ui/ReviewDialog';
import { approveThenUnlock } from './approve';
import type { RpcContext } from './context';
import {
  PAYMASTER_WINDOW_SECONDS,
  paymasterOf,
  readSendFacts,
  recordSend,
  wireDeployment,
} from './paymasterParts';
import { reviewScopeOf } from './review';

type CheckedSend = {
  paymaster: PaymasterClient;
  token: { address: string; decimals: number };
  deployment: DeployData | undefined;
  parameters: ExecutionParameters;
  verified: VerifiedPaymasterSend;
};

/**
 * Asks the paymaster to build the send and checks everything it built, before any
 * dialog: the fee token is one it lists, the typed data is exactly the user's calls
 * plus one fee transfer to its caller within the quote, for this chain, valid at most
 * an hour, and deploys the account's own contract when it is not deployed.
 *
 * @param ctx - Request context.
 * @param record - The sending account.
 * @param calls - The user's calls.
 * @param feeToken - The fee token.
 * @returns The checked send.
 */
async function buildChecked(
  ctx: RpcContext,
  record: AccountRecord,
  calls: Call[],
  feeToken: string,
): Promise<CheckedSend> {
  const paymaster = await paymasterOf(ctx);
  const { status, token, versions } = await readSendFacts(
    ctx,
    paymaster,
    record,
    feeToken,
  );
  const deployment =
    status.deployed || status.deploying
      ? undefined
      : deployData(record.publicKey);
  const now = Math.floor(Date.now() / 1000);
  const parameters: ExecutionParameters = {
    version: '0x1',
    feeMode: { mode: 'default', gasToken: token.address },
    timeBounds: { executeBefore: now + PAYMASTER_WINDOW_SECONDS },
  };
  const invoke = {
    userAddress: record.address,
    calls: calls.map((call) => ({ ...call, calldata: call.calldata ?? [] })),
  };
  const prepared: PreparedTransaction = await paymaster.build(
    deployment
      ? {
          type: 'deploy_and_invoke',
          invoke,
          deployment: wireDeployment(deployment),
        }
      : { type: 'invoke', invoke },
    parameters,
    token.address,
  );
  const verified = verifyPrepared(
    prepared,
    {
      network: ctx.network,
      address: record.address,
      calls,
      feeToken: token.address,
      deployment,
      versions,
      now: BigInt(now),
    },
    paymaster.host,
  );
  return { paymaster, token, deployment, parameters, verified };
}

/**
 * Shows the executeTxn review of the user's calls (simulated with the fee transfer,
 * so the fee token's balance change includes the most the fee can take), with the fee
 * in the token as fee section.
 *
 * @param ctx - Request context.
 * @param params - The request.
 * @param record - The sending account.
 * @param send - The checked send.
 * @returns The account's keys, unlocked once the user approved.
 * @throws UserRejected when the user declines.
 */
async function approve(
  ctx: RpcContext,
  params: ExecuteTxnParams,
  record: AccountRecord,
  send: CheckedSend,
): Promise<AccountKeys> {
  const feeCall = send.verified.outside.calls.at(-1);
  const simulated: Call[] = feeCall
    ? [
        ...params.calls,
        {
          contractAddress: feeCall.contractAddress,
          entrypoint: 'transfer',
          calldata: feeCall.calldata,
        },
      ]
    : params.calls;
  const { scope, simulatedOn } = reviewScopeOf(ctx);
  const { review } = await reviewCalls(scope, {
    account: record,
    calls: simulated,
  });
  const translate = await ctx.t();
  const fee = paymasterFeeView(
    send.token,
    review.listed,
    send.verified,
    send.paymaster.host,
    translate,
  );
  // The key exists only once the user approved, and only if it is the account's.
  return approveThenUnlock(
    ctx,
    record,
    <ReviewDialog
      translate={translate}
      title={translate('paymaster.title', { token: fee.token })}
      intro={translate('executeTxn.body', { origin: ctx.origin })}
      origin={ctx.origin}
      network={ctx.network}
      sender={record.address}
      content={reviewContent(
        review,
        { calls: params.calls, abis: params.abis, simulatedOn },
        translate,
      )}
      notices={
        send.deployment
          ? [
              <Banner title={translate('deployAccount.title')} severity="info">
                <Text>{translate('executeTxn.includesDeploy')}</Text>
              </Banner>,
            ]
          : []
      }
      fee={<PaymasterFee translate={translate} fee={fee} />}
    />,
    'User rejected the transaction.',
  );
}

/**
 * `snapnet_executeTxn` with `details.feeToken`: the fee is paid in that token through
 * the network's SNIP-29 paymaster ("default" fee mode). Built and checked before any
 * dialog (`buildChecked`), shown as the executeTxn review with the fee in the token;
 * the typed data is signed only once the user approved (key checked against the
 * account), relayed by the paymaster, and its transaction hash recorded. Outside
 * execution takes no account nonce (the nonce logic skips these records).
 *
 * @param params - Sender, calls, details (with `feeToken`) and ABIs.
 * @param ctx - Request context.
 * @param feeToken - The fee token.
 * @returns The paymaster's transaction hash.
 */
export async function sendWithFeeToken(
  params: ExecuteTxnParams,
  ctx: RpcContext,
  feeToken: string,
): Promise<ExecuteTxnResult> {
  if (params.details?.nonce !== undefined || params.details?.resourceBounds) {
    throw new InvalidField(
      'details.feeToken',
      'cannot be combined with nonce or resourceBounds: the paymaster submits the transaction',
    );
  }
  if (isSelfCall({ contractAddress: feeToken }, params.address)) {
    throw new InvalidField(
      'details.feeToken',
      'is the signing account itself: its fee transfer would be a call to your own account. Choose a token',
    );
  }
  const { record } = await findWalletAccount(ctx, params.address, 'address');
  const send = await buildChecked(ctx, record, params.calls, feeToken);
  const keys = await approve(ctx, params, record, send);
  const { typedData } = send.verified;
  const signed = {
    userAddress: record.address,
    typedData,
    signature: signHash(
      snip12.getMessageHash(typedData, record.address),
      keys.privateKey,
    ),
  };
  const txHash = toFelt64(
    await send.paymaster.execute(
      send.deployment
        ? {
            type: 'deploy_and_invoke',
            invoke: signed,
            deployment: wireDeployment(send.deployment),
          }
        : { type: 'invoke', invoke: signed },
      send.parameters,
      send.token.address,
    ),
  );
  await recordSend(ctx, record, params.calls, txHash, send.paymaster.host);
  return { transaction_hash: txHash };
}
