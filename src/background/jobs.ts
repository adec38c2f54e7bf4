import type { Services } from '../rpc/context';
import { followSends } from './followSends';
import {
  refreshAccountBalances,
  refreshSelectedBalances,
} from './refreshBalances';

/** One background job: what a cron tick of that method runs. */
export type BackgroundJob = (services: Services) => Promise<void>;

/**
 * The cron jobs of the manifest's `endowment:cronjob`, by request method. `onCronjob`
 * (src/index.ts) runs the one named; a method not here is refused. MetaMask runs them
 * whether or not its window is open, so the activity and balances it shows follow the
 * chain without a dapp. A send that settles refreshes its account's balances at once,
 * selected or not.
 */
export const JOBS: Readonly<Record<string, BackgroundJob>> = {
  followSends: async (services) =>
    followSends(services, async (chainId, address) =>
      refreshAccountBalances(services, chainId, address),
    ),
  refreshBalances: refreshSelectedBalances,
};
