import type {
  GetDeploymentDataParams,
  GetDeploymentDataResult,
} from '../api/getDeploymentData';
import {
  AccountAlreadyDeployed,
  AccountNotGranted,
  InvalidField,
} from '../errors';
import { findWalletAccount } from '../starknet/accounts/accounts';
import { readAccountStatusWith } from '../starknet/sends/accountStatus';
import { deployData } from '../starknet/sends/deploy';
import { currentAccountIn } from '../state/accounts';
import { pageCurrentAccount } from '../state/grants';
import type { AccountRecord } from '../state/types';
import type { RpcContext } from './context';
import { USER_ORIGIN } from './context';
import { requireGranted } from './pageAccess';
import { sentLog } from './sender';

/**
 * The account a deployment-data request is about: the given one, else the page's
 * current account; either must have been given to the page (a page learns only what it
 * was given), else 4100.
 *
 * @param params - The request.
 * @param ctx - Request context.
 * @returns The account record.
 */
async function accountOf(
  params: GetDeploymentDataParams,
  ctx: RpcContext,
): Promise<AccountRecord> {
  if (params.address) {
    await requireGranted(ctx, params.address, 'address');
    return (await findWalletAccount(ctx, params.address, 'address')).record;
  }
  const state = await ctx.store.read();
  const current =
    ctx.origin === USER_ORIGIN
      ? currentAccountIn(state, ctx.network.chainId)
      : pageCurrentAccount(state, ctx.origin, ctx.network.chainId);
  if (!current) {
    throw new AccountNotGranted('address', ctx.network.name);
  }
  return current;
}

/**
 * `snapnet_getDeploymentData`: what deploying an account takes (class hash, salt,
 * constructor calldata), so a dapp or a paymaster can deploy it, or pass it along
 * with a first transaction. Nothing is sent; only the status of the snap's own open sends may be stored.
 *
 * @param params - The account (default: current) and the network.
 * @param ctx - Request context.
 * @returns The wallet API's deployment data, `version: 1` (Cairo 1 account).
 * @throws AccountAlreadyDeployed (wallet code 115) when the account is deployed, or
 * its deploy_account (sent by the snap) is received but not included yet.
 * @throws InvalidField when the address is not this wallet's, or is an undeployed
 * Cairo 0 account (snapnet deploys only Cairo 1 accounts).
 */
export async function getDeploymentData(
  params: GetDeploymentDataParams,
  ctx: RpcContext,
): Promise<GetDeploymentDataResult> {
  const account = await accountOf(params, ctx);
  // A deploy_account the snap sent and the node received counts as deployed: a dapp
  // must not deploy the account twice.
  const { status } = await readAccountStatusWith(
    ctx.node,
    account.address,
    undefined,
    sentLog(ctx),
  );
  if (status.deployed || status.deploying) {
    throw new AccountAlreadyDeployed(account.address);
  }
  const data = deployData(account.publicKey);
  if (data.address !== account.address) {
    throw new InvalidField(
      'address',
      'is a legacy Cairo 0 account that is not deployed; no paymaster can deploy it (no outside execution): send a transaction from it with snapnet_executeTxn, which deploys it first',
    );
  }
  return {
    address: data.address,
    class_hash: data.classHash,
    salt: data.salt,
    calldata: data.constructorCalldata,
    version: 1,
  };
}
