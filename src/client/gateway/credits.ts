import {
  AuthError,
  ConfigurationError,
  HttpError,
  QuotaExceededError,
  RateLimitError,
} from './errors';

/**
 * Credits per call of the methods the interface documents (its Limits table). Methods
 * not listed cost 0 unless `creditCosts` says otherwise.
 */
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

/**
 * Counts credits per API key per UTC day. Share one ledger between clients that use the
 * same key so that they draw on one budget.
 */
export type CreditLedger = {
  /**
   * Holds `cost` credits for a call about to be sent.
   *
   * @throws {QuotaExceededError} When the call would take today's spend above
   * `dailyCredits`; nothing is held then.
   */
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

type DaySpend = {
  /** Days since the epoch. */
  dayNumber: number;
  /** The UTC day. */
  day: string;
  /** Credits spent (or held) that day. */
  spent: number;
};

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
 * Creates an in-memory credit ledger. Spend is held when a request is sent (so that
 * concurrent calls cannot overrun the budget together) and released when the gateway
 * refused the attempt without running it (auth, quota, rate limit, HTTP error).
 *
 * @param options - Ledger options.
 * @returns The ledger.
 */
export function createCreditLedger(
  options: CreditLedgerOptions = {},
): CreditLedger {
  const now = options.now ?? Date.now;
  const spentByKey = new Map<string, DaySpend>();
  // Today's record of a key; a new UTC day starts from 0. The day is compared as a
  // number (toISOString on every call shows in profiles) and named only when new.
  function today(apiKey: string): DaySpend {
    const dayNumber = Math.floor(now() / 86_400_000);
    const current = spentByKey.get(apiKey);
    if (current?.dayNumber === dayNumber) {
      return current;
    }
    const fresh = { dayNumber, day: utcDay(dayNumber * 86_400_000), spent: 0 };
    spentByKey.set(apiKey, fresh);
    return fresh;
  }

  return {
    reserve(apiKey, method, cost, dailyCredits): CreditReservation {
      const record = today(apiKey);
      if (dailyCredits !== undefined && record.spent + cost > dailyCredits) {
        throw new QuotaExceededError(
          `${method} costs ${cost} credits; ${record.spent} of the daily ${dailyCredits} are spent`,
          {
            code: -33000,
            method,
            data: { day: record.day, spent: record.spent, cost, dailyCredits },
          },
        );
      }
      record.spent += cost;
      let released = false;
      return {
        /** Gives the credits back, unless the day has changed since. */
        release(): void {
          if (!released && spentByKey.get(apiKey) === record) {
            record.spent -= cost;
          }
          released = true;
        },
      };
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

/** Who pays for calls sent through {@link withCredits}. */
export type CreditOptions = {
  /** The ledger to hold credits in. */
  ledger: CreditLedger;
  /** The paying key. */
  apiKey: string;
  /** Credits per method (missing: 0). */
  costs: ReadonlyMap<string, number>;
  /** The daily budget, if any. */
  dailyCredits: number | undefined;
};

/**
 * Wraps a transport's request so that each attempt holds its credits (refused locally
 * past the budget) and gives them back when the gateway refused it without running it
 * (auth, quota, rate limit, HTTP error). An answered error such as a revert is charged,
 * and so is a call with no answer (a timeout or a dropped socket may follow a run).
 *
 * @param send - The transport's request.
 * @param options - Ledger, key, costs and budget.
 * @returns The charged request.
 */
export function withCredits(
  send: RequestFunction,
  options: CreditOptions,
): RequestFunction {
  const { ledger, apiKey, costs, dailyCredits } = options;
  return async (method, params) => {
    const cost = costs.get(method) ?? 0;
    const hold = ledger.reserve(apiKey, method, cost, dailyCredits);
    try {
      return await send(method, params);
    } catch (error) {
      if (
        error instanceof AuthError ||
        error instanceof QuotaExceededError ||
        error instanceof RateLimitError ||
        error instanceof HttpError ||
        error instanceof ConfigurationError
      ) {
        hold.release();
      }
      throw error;
    }
  };
}
