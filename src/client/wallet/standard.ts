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
 * The closure state of one Wallet Standard wallet. Handlers are arrow fields: the
 * wallet object's `off` needs the very functions `on` was given, and the features
 * hand them out detached.
 */
class StandardState {
  account: { address: string; chain: StarknetChain } | undefined;

  readonly #wallet: SnapnetWallet;

  readonly #listeners = new Set<StandardEventsListeners['change']>();

  /** @param wallet - The wallet object. */
  constructor(wallet: SnapnetWallet) {
    this.#wallet = wallet;
  }

  /** @returns The connected account as a Wallet Standard account, or none. */
  accounts(): StarknetStandardWallet['accounts'] {
    return this.account
      ? [
          new ReadonlyWalletAccount({
            address: this.account.address,
            publicKey: new Uint8Array(),
            chains: [this.account.chain],
            features: [],
          }),
        ]
      : [];
  }

  /** Tells the `change` listeners the accounts now. */
  changed(): void {
    const properties = { accounts: this.accounts() };
    for (const listener of [...this.#listeners]) {
      listener(properties);
    }
  }

  /**
   * The wallet object's `accountsChanged`: a new address, or none (disconnected).
   *
   * @param list - The accounts.
   */
  readonly onAccounts = (list?: string[]): void => {
    const [address] = list ?? [];
    if (!this.account) {
      return;
    }
    this.account = address ? { ...this.account, address } : undefined;
    this.changed();
  };

  /**
   * The wallet object's `networkChanged`.
   *
   * @param chainId - The new network.
   * @param list - Its accounts.
   */
  readonly onNetwork = (chainId?: string, list?: string[]): void => {
    const [address] = list ?? [];
    if (!this.account || !chainId) {
      return;
    }
    this.account = {
      address: address ?? this.account.address,
      chain: toChain(chainId),
    };
    this.changed();
  };

  /**
   * `standard:connect`: asks the wallet object for the accounts (and their network).
   *
   * @param input - `silent`: no dialog.
   * @returns The accounts now.
   */
  readonly connect: StarknetFeatures['standard:connect']['connect'] = async (
    input,
  ) => {
    const [address] = await this.#wallet.request({
      type: 'wallet_requestAccounts',
      params: { silent_mode: input?.silent ?? false },
    });
    if (address) {
      const chainId = await this.#wallet.request({
        type: 'wallet_requestChainId',
      });
      this.account = { address, chain: toChain(chainId) };
      this.changed();
    }
    return { accounts: this.accounts() };
  };

  /** `standard:disconnect`: forgets the account, telling listeners if there was one. */
  readonly disconnect = async (): Promise<void> => {
    if (this.account) {
      this.account = undefined;
      this.changed();
    }
  };

  /**
   * `standard:events`: listens to the wallet object only while `change` has listeners.
   *
   * @param _event - `change`.
   * @param listener - The listener.
   * @returns Removes it.
   */
  readonly on: StarknetFeatures['standard:events']['on'] = (
    _event,
    listener,
  ) => {
    if (this.#listeners.size === 0) {
      this.#wallet.on('accountsChanged', this.onAccounts);
      this.#wallet.on('networkChanged', this.onNetwork);
    }
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
      if (this.#listeners.size === 0) {
        this.#wallet.off('accountsChanged', this.onAccounts);
        this.#wallet.off('networkChanged', this.onNetwork);
      }
    };
  };
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
  const state = new StandardState(wallet);
  return {
    version: '1.0.0',
    name: wallet.name,
    icon: SNAPNET_ICON,
    chains: CHAINS,
    get accounts(): StarknetStandardWallet['accounts'] {
      return state.accounts();
    },
    features: {
      [STARKNET_WALLET_API]: {
        version: '1.0.0',
        id: wallet.id,
        walletVersion: wallet.version,
        request: wallet.request,
      },
      [StandardConnect]: { version: '1.0.0', connect: state.connect },
      [StandardDisconnect]: { version: '1.0.0', disconnect: state.disconnect },
      [StandardEvents]: { version: '1.0.0', on: state.on },
    },
  };
}
