import type { ExecutionParameters } from 'starknet';
import { typedData as snip12 } from 'starknet';

import type { ExecuteTxnParams, ExecuteTxnResult } from '../api/executeTxn';
import { toFelt64 } from '../api/felt';
import { formatUnits } from '../api/units';
import { InvalidField, UserRejected } from '../errors';
import { findWalletAccount, unlockAccount } from '../starknet/accounts';
import { readAccountStatus } from '../starknet/accountStatus';
import type { DeployData } from '../starknet/deploy';
import { deployData } from '../starknet/deploy';
import { NODE_TIMEOUT_MS } from '../starknet/networks';
import { createPaymasterClient } from '../starknet/paymaster/client';
import type { VerifiedPaymasterSend } from '../starknet/paymaster/verify';
import {
  supportedFeeToken,
  verifyPrepared,
} from '../starknet/paymaster/verify';
import { signHash } from '../starknet/signature';
import { knownTokens } from '../starknet/tokens';
import { receivedRecord, saveRecord } from '../state/records';
import { describeCalls } from '../ui/describeCalls';
import { shorten } from '../ui/format';
import type { Translate } from '../ui/i18n';
import type { PaymasterFeeView } from '../ui/PaymasterTxnDialog';
import { PaymasterTxnDialog } from '../ui/PaymasterTxnDialog';
import { confirm } from '../ui/show';
import type { RpcContext } from './context';
import { paymasterUrlOf } from './context';

/**
 * How long the snap waits for the paymaster, in ms: longer than for the node, as
 * building simulates and executing relays a transaction.
 */
const PAYMASTER_TIMEOUT_MS = 30_000;

/** How long the snap asks the paymaster's typed data to stay valid, in seconds. */
export const PAYMASTER_WINDOW_SECONDS = 600;

/**
 * The SNIP-9 versions the snap's accounts execute: the Argent Cairo-1 class it deploys
 * (0.3.0) implements `execute_from_outside` (version 1) only.
 */
const ACCOUNT_SNIP9_VERSIONS = ['1'] as const;

/**
 * The fee section of the dialog: amounts in the token's units with its symbol from the
 * user's list (network defaults and watch list), else its address marked unverified.
 *
 * @param args - Token, amounts and paymaster.
 * @param args.token - Fee token address and decimals (from the paymaster's list).
 * @param args.known - The user's tokens.
 * @param args.verified - The checked paymaster transaction.
 * @param args.host - The paymaster's host.
 * @param translate - Translator.
 * @returns What the dialog shows.
 */
function feeView(
  args: {
    token: { address: string; decimals: number };
    known: { address: string; symbol: string; decimals: number }[];
    verified: VerifiedPaymasterSend;
    host: string;
  },
  translate: Translate,
): PaymasterFeeView {
  const listed = args.known.find(
    (item) => BigInt(item.address) === BigInt(args.token.address),
  );
  const decimals = listed?.decimals ?? args.token.decimals;
  const label =
    listed?.symbol ??
    translate('paymaster.unverified', { address: shorten(args.token.address) });
  const amount = (value: bigint): string =>
    `${formatUnits(value, decimals)} ${label}`;
  return {
    token: label,
    estimatedFee: amount(args.verified.estimatedFee),
    maxFee: amount(args.verified.maxFee),
    host: args.host,
    nonce: args.verified.outside.nonce,
    executeBefore: args.verified.outside.executeBefore.toString(),
  };
}

/**
 * The paymaster's client for the request's network, or -32602 when there is none.
 *
 * @param ctx - Request context.
 * @returns The client.
 */
async function paymasterOf(
  ctx: RpcContext,
): Promise<ReturnType<typeof createPaymasterClient>> {
  const url = paymasterUrlOf(await ctx.store.read(), ctx.network);
  if (url === '') {
    throw new InvalidField(
      'details.feeToken',
      `cannot be used: no paymaster is configured for ${ctx.network.name}. Omit it to pay the fee in STRK`,
    );
  }
  return createPaymasterClient(
    url,
    Math.max(NODE_TIMEOUT_MS, PAYMASTER_TIMEOUT_MS),
  );
}

/**
 * `snapnet_executeTxn` with `details.feeToken`: the fee is paid in that token through
 * the network's SNIP-29 paymaster ("default" fee mode). The snap asks the paymaster to
 * build the SNIP-9 typed data (deploying the account in the same transaction when it
 * is not deployed), checks everything it built before any dialog (verify.ts), shows
 * the user's calls and the fee in the token, signs the typed data only once the user
 * approved (key checked against the account), has the paymaster relay it and records
 * the paymaster's transaction hash. Outside execution takes no account nonce.
 *
 * @param params - Sender, calls, details (with `feeToken`) and ABIs.
 * @param ctx - Request context.
 * @param feeToken - The fee token, `0x` + 64 digits.
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
  const { record } = await findWalletAccount(ctx, params.address, 'address');
  if (record.cairoVersion === '0') {
    throw new InvalidField(
      'details.feeToken',
      'cannot be used from a legacy Cairo 0 account (no outside execution); pay the fee in STRK',
    );
  }
  const paymaster = await paymasterOf(ctx);
  const [status, tokens] = await Promise.all([
    readAccountStatus(ctx.node, record.address),
    paymaster.supportedTokens(),
  ]);
  const token = supportedFeeToken(feeToken, tokens, paymaster.host);
  const deployment: DeployData | undefined =
    status.deployed || status.deploying
      ? undefined
      : deployData(record.publicKey);
  const starknetCalls = params.calls.map((call) => ({
    contractAddress: call.contractAddress,
    entrypoint: call.entrypoint,
    calldata: call.calldata ?? [],
  }));
  const now = Math.floor(Date.now() / 1000);
  const parameters: ExecutionParameters = {
    version: '0x1',
    feeMode: { mode: 'default', gasToken: token.address },
    timeBounds: { executeBefore: now + PAYMASTER_WINDOW_SECONDS },
  };
  const wireDeployment = deployment && {
    address: deployment.address,
    class_hash: deployment.classHash,
    salt: deployment.salt,
    calldata: deployment.constructorCalldata,
    version: 1 as const,
  };
  const invoke = { userAddress: record.address, calls: starknetCalls };
  const prepared = await paymaster.build(
    wireDeployment
      ? { type: 'deploy_and_invoke', invoke, deployment: wireDeployment }
      : { type: 'invoke', invoke },
    parameters,
    token.address,
  );
  const verified = verifyPrepared(
    prepared,
    {
      network: ctx.network,
      address: record.address,
      calls: params.calls,
      feeToken: token.address,
      deployment,
      versions: ACCOUNT_SNIP9_VERSIONS,
      now: BigInt(now),
    },
    paymaster.host,
  );
  const { chainId } = ctx.network;
  const state = await ctx.store.read();
  const known = knownTokens(chainId, state.tokens[chainId]);
  const translate = await ctx.t();
  const approved = await confirm(
    <PaymasterTxnDialog
      translate={translate}
      origin={ctx.origin}
      network={ctx.network}
      sender={record.address}
      calls={describeCalls(params.calls, known, params.abis)}
      preview={undefined}
      includesDeploy={deployment !== undefined}
      fee={feeView({ token, known, verified, host: paymaster.host }, translate)}
    />,
  );
  if (!approved) {
    throw new UserRejected('User rejected the transaction.');
  }
  // The key exists only once the user approved, and only if it is the account's.
  const keys = await unlockAccount(ctx, record);
  const signature = signHash(
    snip12.getMessageHash(verified.typedData, record.address),
    keys.privateKey,
  );
  const signed = {
    userAddress: record.address,
    typedData: verified.typedData,
    signature,
  };
  const txHash = toFelt64(
    await paymaster.execute(
      wireDeployment
        ? {
            type: 'deploy_and_invoke',
            invoke: signed,
            deployment: wireDeployment,
          }
        : { type: 'invoke', invoke: signed },
      parameters,
      token.address,
    ),
  );
  const [first] = params.calls;
  await saveRecord(
    ctx.store,
    receivedRecord({
      txnHash: txHash,
      txnType: 'invoke',
      senderAddress: record.address,
      contractAddress: first?.contractAddress ?? '',
      contractFuncName: params.calls.map((call) => call.entrypoint).join(','),
      contractCallData:
        params.calls.length === 1 ? (first?.calldata ?? []) : [],
      chainId,
      paymaster: paymaster.host,
    }),
  );
  return { transaction_hash: txHash };
}
