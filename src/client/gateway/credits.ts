import {
  AuthError,
  ConfigurationError,
  HttpError,
  QuotaExceededError,
  RateLimitError,
} from './errors';

/** Credits per call of the documented methods; others cost 0 unless `creditCosts` says. */
export const METHOD_CREDITS: Readonly<Record<string, number>> = {
  simulateTransaction: 160,
  getBlockProduction: 160,
  eth_getTransactionByBlockHashAndIndex: 150,
  eth_getUncleByBlockHashAndIndex: 150,
  eth_getTransactionByHash: 80,
  eth_call: 80,
};

/** Credits spent on one UTC day by one API key. */
export type CreditBalance = {
  /** The UTC day the balance is for, `YYYY-MM-DD`. */
  day: string;
  /** Credits spent on that day. */
  spent: number;
  /** `dailyCredits - spent` (not below 0), when a daily budget is configured. */
  remaining?: number;
};

/** A hold on credits for one attempt; released when the gateway did not charge it. */
export type CreditReservation = {
  /** Gives the held credits back (once; later calls do nothing). */
  release(): void;
};

/** Credits per API key per UTC day; clients sharing a key share one to share a budget. */
export type CreditLedger = {
  /** Holds `cost` credits; QuotaExceededError (nothing held) past `dailyCredits`. */
  reserve(
    apiKey: string,
    method: string,
    cost: number,
    dailyCredits?: number,
  ): CreditReservation;
  /** Today's balance of a key. */
  balance(apiKey: string, dailyCredits?: number): CreditBalance;
};

/** Options of {@link createCreditLedger}. */
export type CreditLedgerOptions = {
  /** Clock in ms since the epoch; injectable so that tests can cross midnight UTC. */
  now?: () => number;
};

const DAY_MS = 86_400_000;
type DaySpend = { dayNumber: number; day: string; spent: number };

/**
 * The UTC calendar day of a time, which is when the gateway's daily balance resets.
 *
 * @param timeMs - Milliseconds since the epoch.
 * @returns The day as `YYYY-MM-DD`.
 */
export function utcDay(timeMs: number): string {
  return new Date(timeMs).toISOString().slice(0, 10);
}

/**
 * Creates an in-memory credit ledger. Spend is held when a call is sent (so that
 * concurrent calls cannot overrun the budget together) and released when the gateway
 * refused the attempt without running it.
 *
 * @param options - Ledger options.
 * @returns The ledger.
 */
export function createCreditLedger(
  options: CreditLedgerOptions = {},
): CreditLedger {
  const now = options.now ?? Date.now;
  const spentByKey = new Map<string, DaySpend>();
  // Today's record of a key, compared by day number (toISOString shows in profiles).
  const today = (apiKey: string): DaySpend => {
    const dayNumber = Math.floor(now() / DAY_MS);
    const current = spentByKey.get(apiKey);
    if (current?.dayNumber === dayNumber) {
      return current;
    }
    const fresh = { dayNumber, day: utcDay(dayNumber * DAY_MS), spent: 0 };
    spentByKey.set(apiKey, fresh);
    return fresh;
  };
  return {
    reserve(apiKey, method, cost, dailyCredits): CreditReservation {
      const record = today(apiKey);
      const { day, spent } = record;
      if (dailyCredits !== undefined && spent + cost > dailyCredits) {
        throw new QuotaExceededError(
          `${method} costs ${cost} credits; ${spent} of the daily ${dailyCredits} are spent`,
          { code: -33000, method, data: { day, spent, cost, dailyCredits } },
        );
      }
      record.spent += cost;
      let held = true;
      // Gives the credits back, unless the day has changed since.
      const release = (): void => {
        if (held && spentByKey.get(apiKey) === record) {
          record.spent -= cost;
        }
        held = false;
      };
      return { release };
    },
    balance(apiKey, dailyCredits): CreditBalance {
      const { day, spent } = today(apiKey);
      return dailyCredits === undefined
        ? { day, spent }
        : { day, spent, remaining: Math.max(0, dailyCredits - spent) };
    },
  };
}

/** Sends one JSON-RPC call and returns its result. */
export type RequestFunction = (
  method: string,
  params: readonly unknown[],
) => Promise<unknown>;

/** Errors of attempts the gateway refused without running them: their credits return. */
export const UNCHARGED = [
  AuthError,
  QuotaExceededError,
  RateLimitError,
  HttpError,
  ConfigurationError,
];
