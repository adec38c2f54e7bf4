/**
 * The parts of a paymaster send (paymasterSend.tsx) that are plain plumbing: which
 * paymaster a request uses, the deployment in SNIP-29's shape, and the record of a
 * relayed send.
 */
import type { UserTransaction } from 'starknet';

import type { Call } from '../api/transaction';
import { InvalidField } from '../errors';
import { viewCall } from '../starknet/node/calls';
import { NODE_TIMEOUT_MS } from '../starknet/node/networks';
import type { NodeOutcome } from '../starknet/node/node';
import type { OutsideExecutionVersion } from '../starknet/outsideExecution/domain';
import { supportedVersions } from '../starknet/outsideExecution/support';
import type { PaymasterClient } from '../starknet/paymaster/client';
import { createPaymasterClient } from '../starknet/paymaster/client';
import { supportedFeeToken } from '../starknet/paymaster/verify';
import type { AccountStatus } from '../starknet/sends/accountStatus';
import { readAccountStatusWith } from '../starknet/sends/accountStatus';
import type { DeployData } from '../starknet/sends/deploy';
import { decodeDecimals } from '../starknet/tokens/tokenMetadata';
import { knownTokens } from '../starknet/tokens/tokens';
import { receivedRecord, saveRecord } from '../state/records';
import type { AccountRecord } from '../state/types';
import type { RpcContext } from './context';
import { paymasterUrlOf } from './context';

/**
 * How long the snap waits for the paymaster, in ms: longer than for the node, as
 * building simulates and executing relays a transaction.
 */
export const PAYMASTER_TIMEOUT_MS = 30_000;

/** How long the snap asks the paymaster's typed data to stay valid, in seconds. */
export const PAYMASTER_WINDOW_SECONDS = 600;

/** `ACCOUNT_DEPLOYMENT_DATA` of SNIP-29, as starknet.js types it. */
export type AccountDeploymentData = Extract<
  UserTransaction,
  { type: 'deploy_and_invoke' }
>['deployment'];

/** A paymaster send, built and checked, waiting for the user's approval. */
/**
 * The paymaster's client for the request's network, or -32602 when there is none.
 *
 * @param ctx - Request context.
 * @returns The client.
 */
export async function paymasterOf(ctx: RpcContext): Promise<PaymasterClient> {
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
 * The deployment in the paymaster's wire shape (`ACCOUNT_DEPLOYMENT_DATA`).
 *
 * @param deployment - The account's own deployment.
 * @returns Address, class hash, salt, constructor calldata and version 1.
 */
export function wireDeployment(deployment: DeployData): AccountDeploymentData {
  return {
    address: deployment.address,
    class_hash: deployment.classHash,
    salt: deployment.salt,
    calldata: deployment.constructorCalldata,
    version: 1,
  };
}

/**
 * Records a relayed send among the account's transactions (status tracked like any
 * other; no nonce: the paymaster's transaction does not use the account's).
 *
 * @param ctx - Request context.
 * @param record - The sending account.
 * @param calls - The user's calls.
 * @param txHash - The paymaster's transaction hash.
 * @param host - The paymaster's host.
 */
export async function recordSend(
  ctx: RpcContext,
  record: AccountRecord,
  calls: Call[],
  txHash: string,
  host: string,
): Promise<void> {
  const [first] = calls;
  await saveRecord(
    ctx.store,
    receivedRecord({
      txnHash: txHash,
      txnType: 'invoke',
      senderAddress: record.address,
      contractAddress: first?.contractAddress ?? '',
      contractFuncName: calls.map((call) => call.entrypoint).join(','),
      contractCallData: calls.length === 1 ? (first?.calldata ?? []) : [],
      chainId: ctx.network.chainId,
      paymaster: host,
    }),
  );
}

/**
 * The decimals the fee section uses: a listed token's from the user's list, any other
 * token's as its contract answers `decimals()` (read in the status batch), never as
 * the paymaster's token list says.
 *
 * @param ctx - Request context.
 * @param feeToken - The fee token.
 * @param read - The contract's answer to `decimals()`.
 * @returns The decimals.
 * @throws InvalidField (`details.feeToken`) when the token is not listed and its
 * contract gives no usable decimals.
 */
async function feeTokenDecimals(
  ctx: RpcContext,
  feeToken: string,
  read: NodeOutcome<string[]> | undefined,
): Promise<number> {
  const listed = knownTokens(
    ctx.network.chainId,
    (await ctx.store.read()).tokens[ctx.network.chainId],
  ).find((token) => BigInt(token.address) === BigInt(feeToken));
  const decimals =
    listed?.decimals ?? (read?.ok ? decodeDecimals(read.result) : undefined);
  if (decimals === undefined) {
    throw new InvalidField(
      'details.feeToken',
      'does not answer decimals(): add it with snapnet_addErc20Token, or omit feeToken to pay in STRK',
    );
  }
  return decimals;
}

/**
 * What a paymaster send needs before building, in one round: the account's status
 * with the fee token's `decimals()` in its batch, the paymaster's tokens, and the
 * SNIP-9 versions in the account's own word (SRC5), as signMessage asks (an account
 * upgraded to Argent 0.4.0 gets version 2 from AVNU).
 *
 * @param ctx - Request context.
 * @param paymaster - The paymaster.
 * @param record - The sending account.
 * @param feeToken - The fee token.
 * @returns The status, the fee token (decimals: feeTokenDecimals) and the versions.
 */
export async function readSendFacts(
  ctx: RpcContext,
  paymaster: PaymasterClient,
  record: AccountRecord,
  feeToken: string,
): Promise<{
  status: AccountStatus;
  token: { address: string; decimals: number };
  versions: OutsideExecutionVersion[];
}> {
  const [{ status, extra }, tokens, versions] = await Promise.all([
    readAccountStatusWith(
      ctx.node,
      record.address,
      viewCall(feeToken, 'decimals'),
    ),
    paymaster.supportedTokens(),
    supportedVersions(ctx.node, record),
  ]);
  // The class on chain decides: a legacy account upgraded to Argent runs SNIP-9, a
  // Cairo 0 one (deployed or not) answers none.
  if (versions.length === 0) {
    throw new InvalidField(
      'details.feeToken',
      'cannot be used from this account: its class runs no outside execution (SNIP-9), as a legacy Cairo 0 account; pay the fee in STRK, or upgrade the account first',
    );
  }
  const token = {
    ...supportedFeeToken(feeToken, tokens, paymaster.host),
    decimals: await feeTokenDecimals(ctx, feeToken, extra),
  };
  return { status, token, versions };
}
