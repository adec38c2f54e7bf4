import { StarknetInjectedWallet } from '@starknet-io/get-starknet-wallet-standard';
import { StandardEvents } from '@wallet-standard/features';

import type { SnapnetClient } from '../snap';
import { createSnapnetClient } from '../snap';
import type { SnapnetWalletOptions } from './wallet';
import { createWalletFace } from './wallet';

/**
 * The feature set get-starknet's Wallet Standard package defines, read off its own
 * wallet class (the package exports the named types only under a subpath this
 * project's module resolution does not read).
 */
export type StarknetFeatures = StarknetInjectedWallet['features'];

/** A Wallet Standard wallet with the Starknet features, plus a way to stop polling. */
export type StarknetStandardWallet = Omit<
  StarknetInjectedWallet,
  'features'
> & {
  readonly features: StarknetFeatures;
  /** Stops this face's polling for good (page teardown, tests). */
  dispose(): void;
};

/**
 * The Wallet Standard form of the snapnet wallet: get-starknet's own
 * `StarknetInjectedWallet` (`@starknet-io/get-starknet-wallet-standard`, what get-starknet
 * v5 wraps every `window.starknet_*` object in) over a wallet object of its own, so it
 * behaves exactly as get-starknet's wrapper does, with a session of its own. The
 * wrapper subscribes to that object for good in its constructor, so the subscription
 * is passive; what asks for polling is a `change` listener of `standard:events`, for as
 * long as it is registered.
 *
 * @param options - As for `createSnapnetWallet`.
 * @param client - The snap client to share with the window object (default: a new one).
 * @returns The Wallet Standard wallet.
 */
export function createStandardWallet(
  options: SnapnetWalletOptions,
  client: SnapnetClient = createSnapnetClient(options),
): StarknetStandardWallet {
  const { wallet, session } = createWalletFace(options, client, true);
  const inner = new StarknetInjectedWallet(wallet);
  const on: StarknetFeatures[typeof StandardEvents]['on'] = (
    event,
    listener,
  ) => {
    const release = session.demand();
    const off = inner.features[StandardEvents].on(event, listener);
    return () => {
      release();
      off();
    };
  };
  return {
    get version(): StarknetStandardWallet['version'] {
      return inner.version;
    },
    get name(): string {
      return inner.name;
    },
    get icon(): StarknetStandardWallet['icon'] {
      return inner.icon;
    },
    get chains(): StarknetStandardWallet['chains'] {
      return inner.chains;
    },
    get accounts(): StarknetStandardWallet['accounts'] {
      return inner.accounts;
    },
    get features(): StarknetFeatures {
      return {
        ...inner.features,
        [StandardEvents]: { version: '1.0.0', on },
      };
    },
    dispose: () => wallet.dispose(),
  };
}
