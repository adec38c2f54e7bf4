import type {
  CreateAccountParams,
  CreateAccountResult,
} from '../api/createAccount';
import { NotSupportedYet } from '../errors';
import { toAccountRecord, upsertAccount } from '../starknet/accounts';
import type { AccountRecord } from '../state/types';
import type { RpcContext } from './context';

/**
 * The smallest index with no stored account: what "next unused" means for a wallet
 * whose accounts may have been created out of order.
 *
 * @param accounts - Stored accounts of the network.
 * @returns The index.
 */
function nextFreeIndex(accounts: AccountRecord[]): number {
  const taken = new Set(accounts.map((account) => account.addressIndex));
  let index = 0;
  while (taken.has(index)) {
    index += 1;
  }
  return index;
}

/**
 * `snapnet_createAccount`: derives an account and keeps it in state. The index is
 * picked inside the state update, so concurrent calls never pick the same one.
 *
 * @param params - Index (default next unused), deploy flag, network.
 * @param ctx - Request context.
 * @returns The account address.
 */
export async function createAccount(
  params: CreateAccountParams,
  ctx: RpcContext,
): Promise<CreateAccountResult> {
  if (params.deploy) {
    throw new NotSupportedYet(
      'snapnet_createAccount with deploy: true is not supported yet; create the account without deploy (it is deployed with its first transaction in a later version)',
    );
  }
  const derive = await ctx.keys();
  const { chainId } = ctx.network;
  return ctx.store.update(async (state) => {
    state.accounts[chainId] ??= [];
    const accounts = state.accounts[chainId];
    const index = params.addressIndex ?? nextFreeIndex(accounts);
    const existing = accounts.find((account) => account.addressIndex === index);
    if (existing) {
      return { address: existing.address };
    }
    const record = toAccountRecord(await derive(index), chainId);
    upsertAccount(accounts, record);
    return { address: record.address };
  });
}
