import type { Services } from '../rpc/context';
import { followSends } from './followSends';

/** One background job, run by `onCronjob` on the manifest's schedule. */
export type Job = (services: Services) => Promise<void>;

/**
 * The background jobs by `request.method`, as the manifest's `endowment:cronjob`
 * lists them (every minute each). MetaMask runs them whether or not its window is
 * open, so the activity and balances it shows follow the chain without a dapp.
 */
export const JOBS: Readonly<Record<string, Job>> = {
  followSends: async (services) => followSends(services, async () => undefined),
};
