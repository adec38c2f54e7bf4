import type { AssetListUpdated, BalancesUpdated } from '../api/keyringAssets';
import type { Services } from '../rpc/context';
import { assetTypeOf } from '../starknet/assets/assetIds';
import type { AssetBalance } from '../starknet/assets/holdings';
import { listedAssets } from '../starknet/assets/holdings';
import type { SnapState } from '../state/types';

/**
 * Sends one keyring event to MetaMask. MetaMask may refuse it (stable MetaMask has no
 * `any:account`); an event only saves MetaMask a read it makes anyway, so a refusal
 * is left there and never fails what the snap was doing.
 *
 * @param method - The `notify:*` event.
 * @param params - Its params.
 */
async function notify(
  method: 'notify:accountBalancesUpdated' | 'notify:accountAssetListUpdated',
  params: BalancesUpdated | AssetListUpdated,
): Promise<void> {
  try {
    await snap.request({
      method: 'snap_manageAccounts',
      params: { method, params },
    });
  } catch {
    // MetaMask asks `keyring_getAccountBalances` / `keyring_listAccountAssets` itself.
  }
}

/** What a refresh learned of one keyring account on one network. */
export type AccountReading = {
  /** The keyring account id. */
  id: string;
  /** The network read. */
  chainId: string;
  /** asset type → balance, for the assets the node answered for. */
  balances: Map<string, AssetBalance>;
};

/** The events a refresh owes MetaMask. */
type Changes = { balances: BalancesUpdated; assets: AssetListUpdated };

/**
 * Folds one account's reading on one network into what was last told MetaMask:
 * balances that differ, assets listed or unlisted since. The first reading of an
 * account on a network tells balances only (MetaMask listed its assets itself).
 *
 * @param state - The state, updated in place.
 * @param reading - The account's reading on a network.
 * @param changes - The events being built, updated in place.
 */
function foldReading(
  state: SnapState,
  reading: AccountReading,
  changes: Changes,
): void {
  const { chainId } = reading;
  const prefix = assetTypeOf(chainId, '0x0').split('/')[0] ?? chainId;
  const seen = state.keyringBalances[reading.id] ?? {};
  const onChain = Object.keys(seen).filter((key) =>
    key.startsWith(`${prefix}/`),
  );
  const listed = listedAssets(state, chainId).map((token) => token.assetType);
  const next: Record<string, string> = { ...seen };
  const told: Record<string, AssetBalance> = {};
  for (const asset of listed) {
    const balance = reading.balances.get(asset);
    next[asset] = balance?.amount ?? seen[asset] ?? '';
    if (balance && seen[asset] !== balance.amount) {
      told[asset] = balance;
    }
  }
  const removed = onChain.filter((asset) => !listed.includes(asset));
  for (const asset of removed) {
    delete next[asset];
  }
  const added =
    onChain.length === 0 ? [] : listed.filter((asset) => !(asset in seen));
  state.keyringBalances[reading.id] = next;
  if (Object.keys(told).length > 0) {
    changes.balances.balances[reading.id] = {
      ...changes.balances.balances[reading.id],
      ...told,
    };
  }
  if (added.length > 0 || removed.length > 0) {
    const before = changes.assets.assets[reading.id];
    changes.assets.assets[reading.id] = {
      added: [...(before?.added ?? []), ...added],
      removed: [...(before?.removed ?? []), ...removed],
    };
  }
}

/**
 * Tells MetaMask what changed for keyring accounts since it was last told (`notify:accountBalancesUpdated`, `notify:accountAssetListUpdated`): one event
 * of each kind at most, none when nothing changed. What was told is kept in the state,
 * so the next refresh compares with it.
 *
 * @param services - The store.
 * @param readings - What was read, per keyring account and network.
 */
export async function announceReadings(
  services: Pick<Services, 'store'>,
  readings: readonly AccountReading[],
): Promise<void> {
  const changes = await services.store.update((state) => {
    const found: Changes = {
      balances: { balances: {} },
      assets: { assets: {} },
    };
    for (const reading of readings) {
      foldReading(state, reading, found);
    }
    return found;
  });
  if (Object.keys(changes.assets.assets).length > 0) {
    await notify('notify:accountAssetListUpdated', changes.assets);
  }
  if (Object.keys(changes.balances.balances).length > 0) {
    await notify('notify:accountBalancesUpdated', changes.balances);
  }
}

/**
 * Tells MetaMask a token was listed (the user approved `snapnet_addErc20Token`): it is
 * an asset of every keyring account now. Its balance follows with the next refresh.
 *
 * @param services - The store.
 * @param chainId - The token's network.
 * @param address - The token.
 */
export async function announceListedToken(
  services: Pick<Services, 'store'>,
  chainId: string,
  address: string,
): Promise<void> {
  const asset = assetTypeOf(chainId, address);
  const prefix = `${asset.split('/')[0] ?? chainId}/`;
  const ids = await services.store.update((state) => {
    const accounts = Object.keys(state.keyringAccounts);
    for (const id of accounts) {
      // Only where refreshes already told balances on that network: a first reading
      // there tells every balance anyway.
      const seen = state.keyringBalances[id] ?? {};
      if (Object.keys(seen).some((key) => key.startsWith(prefix))) {
        seen[asset] ??= '';
      }
    }
    return accounts;
  });
  if (ids.length > 0) {
    await notify('notify:accountAssetListUpdated', {
      assets: Object.fromEntries(
        ids.map((id) => [id, { added: [asset], removed: [] }]),
      ),
    });
  }
}
