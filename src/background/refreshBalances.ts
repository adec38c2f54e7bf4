import type { AccountReading } from '../keyring/events';
import { announceReadings } from '../keyring/events';
import type { Services } from '../rpc/context';
import { createContext, USER_ORIGIN } from '../rpc/context';
import { ASSET_CHAIN_IDS } from '../starknet/assets/assetIds';
import { listedAssets, readBalances } from '../starknet/assets/holdings';
import type { KeyringRegistration } from '../state/types';

/**
 * Reads the balances of keyring accounts on one network in one batch. Nothing is
 * asked when there is no account; a node that cannot be asked gives no reading (the
 * last balances told stay as they are).
 *
 * @param services - Store and send lock.
 * @param chainId - The network.
 * @param accounts - The keyring accounts to read.
 * @returns The readings.
 */
async function readNetwork(
  services: Services,
  chainId: string,
  accounts: readonly KeyringRegistration[],
): Promise<AccountReading[]> {
  if (accounts.length === 0) {
    return [];
  }
  const ctx = await createContext({
    origin: USER_ORIGIN,
    ...services,
    chainId,
    action: 'refreshBalances',
  });
  const tokens = listedAssets(ctx.state, chainId);
  const holders = [...new Set(accounts.map((account) => account.address))];
  try {
    const balances = await readBalances(ctx.node, holders, tokens);
    return accounts.map((account) => ({
      id: account.id,
      chainId,
      balances: balances.get(account.address) ?? new Map(),
    }));
  } catch {
    return [];
  }
}

/**
 * The `refreshBalances` cron job: the balances of the accounts selected in MetaMask
 * (`keyring_setSelectedAccounts`), one batch per network per tick (the networks in
 * parallel), then one event of each kind at most, only on a change. No account
 * selected: no request at all.
 *
 * @param services - Store and send lock.
 */
export async function refreshSelectedBalances(
  services: Services,
): Promise<void> {
  const state = await services.store.read();
  const accounts = state.selectedAccounts.flatMap((id) => {
    const registration = state.keyringAccounts[id];
    return registration ? [registration] : [];
  });
  if (accounts.length === 0) {
    return;
  }
  const readings = await Promise.all(
    ASSET_CHAIN_IDS.map(async (chainId) =>
      readNetwork(services, chainId, accounts),
    ),
  );
  await announceReadings(services, readings.flat());
}

/**
 * Refreshes one account's balances on one network and tells MetaMask what changed,
 * whether or not the account is selected: what the background runs once a send of
 * that account is included or failed. An address MetaMask does not show is left
 * alone (MetaMask has no account to tell). Never throws: a refresh after a send must
 * not fail that send.
 *
 * @param ctx - Store and send lock.
 * @param chainId - The network.
 * @param address - The account (`0x` + 64 digits).
 */
export async function refreshAccountBalances(
  ctx: Services,
  chainId: string,
  address: string,
): Promise<void> {
  try {
    const state = await ctx.store.read();
    const accounts = Object.values(state.keyringAccounts).filter(
      (registration) => BigInt(registration.address) === BigInt(address),
    );
    await announceReadings(ctx, await readNetwork(ctx, chainId, accounts));
  } catch {
    // The next tick or MetaMask's own read catches up.
  }
}
