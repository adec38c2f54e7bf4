import type {
  Account,
  ListAccountsParams,
  ListAccountsResult,
} from '../api/listAccounts';
import { NodeRequestFailed } from '../errors';
import {
  ARGENT_CLASS_HASH,
  ARGENT_PROXY_CLASS_HASH,
} from '../starknet/address';
import { CONTRACT_NOT_FOUND, classHashAtCall } from '../starknet/calls';
import { argentVersion } from '../starknet/legacy';
import type { NodeOutcome } from '../starknet/node';
import type { AccountRecord } from '../state/types';
import type { RpcContext } from './context';

/**
 * The Argent version an account runs: its class on chain, or, undeployed, the class
 * its own address formula deploys.
 *
 * @param record - The account.
 * @param outcome - Its class hash read.
 * @returns The version, if known.
 */
function versionOf(
  record: AccountRecord,
  outcome: NodeOutcome<string> | undefined,
): string | undefined {
  if (outcome?.ok) {
    return argentVersion(outcome.result);
  }
  if (outcome?.error.code === CONTRACT_NOT_FOUND) {
    return argentVersion(
      record.cairoVersion === '0' ? ARGENT_PROXY_CLASS_HASH : ARGENT_CLASS_HASH,
    );
  }
  return undefined;
}

/**
 * `snapnet_listAccounts`: the accounts this wallet knows on a network (created or
 * recovered), so a dapp can render them without scanning, each with the Argent version
 * it runs now (one batched read of their classes: an account upgraded in place shows
 * its new version once the upgrade is included). A node failure leaves the versions
 * out, never the list.
 *
 * @param _params - The network (resolved into the context).
 * @param ctx - Request context.
 * @returns The stored accounts, in index order.
 */
export async function listAccounts(
  _params: ListAccountsParams,
  ctx: RpcContext,
): Promise<ListAccountsResult> {
  const state = await ctx.store.read();
  const records = state.accounts[ctx.network.chainId] ?? [];
  if (records.length === 0) {
    return [];
  }
  let outcomes: NodeOutcome<string>[] = [];
  try {
    outcomes = await ctx.node.batch(
      records.map((record) => classHashAtCall(record.address, 'pre_confirmed')),
    );
  } catch (error) {
    if (!(error instanceof NodeRequestFailed)) {
      throw error;
    }
  }
  return records.map((record, index): Account => {
    const version = versionOf(record, outcomes[index]);
    return version === undefined
      ? record
      : { ...record, accountVersion: version };
  });
}
