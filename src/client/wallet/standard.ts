import type { StarknetInjectedWallet } from '@starknet-io/get-starknet-wallet-standard';
import type { StandardEventsListeners } from '@wallet-standard/features';
import {
  StandardConnect,
  StandardDisconnect,
  StandardEvents,
} from '@wallet-standard/features';
import { ReadonlyWalletAccount } from '@wallet-standard/wallet';

import { SNAPNET_ICON } from './icon';
import type { SnapnetWallet } from './wallet';

/**
 * The feature set get-starknet's Wallet Standard package defines, read off its own
 * wallet class (the package exports the named types only under a subpath this
 * project's module resolution does not read).
 */
export type StarknetFeatures = StarknetInjectedWallet['features'];

/** A Wallet Standard wallet with the Starknet features. */
export type StarknetStandardWallet = Omit<
  StarknetInjectedWallet,
  'features'
> & {
  readonly features: StarknetFeatures;
};

/** A Wallet Standard Starknet chain. */
type StarknetChain = `starknet:0x${string}`;

/** The wallet-API feature's name (`StarknetWalletApi` in get-starknet). */
const STARKNET_WALLET_API =
  'starknet:walletApi' satisfies keyof StarknetFeatures;

/** The Wallet Standard chains of the two networks the snap serves (mainnet, Sepolia). */
const CHAINS: StarknetStandardWallet['chains'] = [
  'starknet:0x534e5f4d41494e',
  'starknet:0x534e5f5345504f4c4941',
];

/**
 * The Wallet Standard chain of a hex chain id.
 *
 * @param chainId - `0x534e5f5345504f4c4941`, ….
 * @returns `starknet:0x534e5f5345504f4c4941`, ….
 */
function toChain(chainId: string): StarknetChain {
  return `starknet:0x${chainId.replace(/^0x/iu, '')}`;
}

/**
 * The Wallet Standard form of a snapnet wallet object: the feature set get-starknet v5
 * and starknet.js `WalletAccountV5`/`V6` look for (`starknet:walletApi` for requests,
 * `standard:connect` / `disconnect` / `events`), typed by
 * `@starknet-io/get-starknet-wallet-standard`. It follows get-starknet's own
 * `StarknetInjectedWallet`, with one difference: it listens to the wallet object's
 * events only while someone listens to `change`, so the adapter's polling stops when
 * nobody cares.
 *
 * @param wallet - The wallet object.
 * @returns The Wallet Standard wallet.
 */
export function createStandardWallet(
  wallet: SnapnetWallet,
): StarknetStandardWallet {
  let account: { address: string; chain: StarknetChain } | undefined;
  const listeners = new Set<StandardEventsListeners['change']>();

  /** @returns The connected account as a Wallet Standard account, or none. */
  function accounts(): StarknetStandardWallet['accounts'] {
    return account
      ? [
          new ReadonlyWalletAccount({
            address: account.address,
            publicKey: new Uint8Array(),
            chains: [account.chain],
            features: [],
          }),
        ]
      : [];
  }

  /** Tells the `change` listeners the accounts now. */
  function changed(): void {
    const properties = { accounts: accounts() };
    for (const listener of [...listeners]) {
      listener(properties);
    }
  }

  /**
   * The wallet object's `accountsChanged`: a new address, or none (disconnected).
   *
   * @param list - The accounts.
   */
  function onAccounts(list?: string[]): void {
    const [address] = list ?? [];
    if (!account) {
      return;
    }
    account = address ? { ...account, address } : undefined;
    changed();
  }

  /**
   * The wallet object's `networkChanged`.
   *
   * @param chainId - The new network.
   * @param list - Its accounts.
   */
  function onNetwork(chainId?: string, list?: string[]): void {
    const [address] = list ?? [];
    if (!account || !chainId) {
      return;
    }
    account = { address: address ?? account.address, chain: toChain(chainId) };
    changed();
  }

  return {
    version: '1.0.0',
    name: wallet.name,
    icon: SNAPNET_ICON,
    chains: CHAINS,
    get accounts(): StarknetStandardWallet['accounts'] {
      return accounts();
    },
    features: {
      [STARKNET_WALLET_API]: {
        version: '1.0.0',
        id: wallet.id,
        walletVersion: wallet.version,
        request: wallet.request,
      },
      [StandardConnect]: {
        version: '1.0.0',
        async connect(
          input,
        ): ReturnType<StarknetFeatures['standard:connect']['connect']> {
          const [address] = await wallet.request({
            type: 'wallet_requestAccounts',
            params: { silent_mode: input?.silent ?? false },
          });
          if (address) {
            const chainId = await wallet.request({
              type: 'wallet_requestChainId',
            });
            account = { address, chain: toChain(chainId) };
            changed();
          }
          return { accounts: accounts() };
        },
      },
      [StandardDisconnect]: {
        version: '1.0.0',
        async disconnect(): Promise<void> {
          if (account) {
            account = undefined;
            changed();
          }
        },
      },
      [StandardEvents]: {
        version: '1.0.0',
        on(_event, listener) {
          if (listeners.size === 0) {
            wallet.on('accountsChanged', onAccounts);
            wallet.on('networkChanged', onNetwork);
          }
          listeners.add(listener);
          return () => {
            listeners.delete(listener);
            if (listeners.size === 0) {
              wallet.off('accountsChanged', onAccounts);
              wallet.off('networkChanged', onNetwork);
            }
          };
        },
      },
    },
  };
}
