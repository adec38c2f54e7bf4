import type { Services } from '../rpc/context';
import { refreshSelectedBalances } from './refreshBalances';

/** One background job: what a cron tick of that method runs. */
export type BackgroundJob = (services: Services) => Promise<void>;

/**
 * The cron jobs of the manifest's `endowment:cronjob`, by request method. `onCronjob`
 * (src/index.ts) runs the one named; a method not here is refused.
 */
export const JOBS: Readonly<Record<string, BackgroundJob>> = {
  refreshBalances: refreshSelectedBalances,
};
