import { QuotaExceededError } from './errors';

/** Credits per call of the documented methods; others cost 0 unless `creditCosts` says. */
export const METHOD_CREDITS: Readonly<Record<string, number>> = {
  simulateTransaction: 160,
  getBlockProduction: 160,
  eth_getTransactionByBlockHashAndIndex: 150,
  eth_getUncleByBlockHashAndIndex: 150,
  eth_getTransactionByHash: 80,
  eth_call: 80,
};

/** Credits spent by one API key on one UTC day (`remaining` with a daily budget). */
export type CreditBalance = { day: string; spent: number; remaining?: number };

/** A hold on one attempt's credits; `release()` (idempotent) gives them back. */
export type CreditReservation = { release(): void };

/** Credits per API key per UTC day; clients of one key share one to share a budget. */
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

const DAY_MS = 86_400_000;

/**
 * The UTC day of a time, when the gateway's daily balance resets.
 *
 * @param timeMs - Milliseconds since the epoch.
 * @returns The day as `YYYY-MM-DD`.
 */
export function utcDay(timeMs: number): string {
  return new Date(timeMs).toISOString().slice(0, 10);
}

/**
 * Creates an in-memory credit ledger. Credits are held when a call is sent, so that
 * concurrent calls cannot overrun the budget together.
 *
 * @param options - Options.
 * @param options.now - Clock in ms (tests cross midnight UTC with it).
 * @returns The ledger.
 */
export function createCreditLedger(
  options: { now?: () => number } = {},
): CreditLedger {
  const now = options.now ?? Date.now;
  const byKey = new Map<string, { dayNumber: number; spent: number }>();
  const today = (apiKey: string): { dayNumber: number; spent: number } => {
    const dayNumber = Math.floor(now() / DAY_MS);
    let record = byKey.get(apiKey);
    if (record?.dayNumber !== dayNumber) {
      record = { dayNumber, spent: 0 };
      byKey.set(apiKey, record);
    }
    return record;
  };
  return {
    reserve(apiKey, method, cost, dailyCredits): CreditReservation {
      const record = today(apiKey);
      const { spent } = record;
      if (dailyCredits !== undefined && spent + cost > dailyCredits) {
        const day = utcDay(record.dayNumber * DAY_MS);
        throw new QuotaExceededError(
          `${method} costs ${cost} credits; ${spent} of the daily ${dailyCredits} are spent`,
          { code: -33000, method, data: { day, spent, cost, dailyCredits } },
        );
      }
      record.spent += cost;
      let held = true;
      // Gives the credits back once, unless the day has changed since.
      const release = (): void => {
        if (held && byKey.get(apiKey) === record) {
          record.spent -= cost;
        }
        held = false;
      };
      return { release };
    },
    balance(apiKey, dailyCredits): CreditBalance {
      const { dayNumber, spent } = today(apiKey);
      const day = utcDay(dayNumber * DAY_MS);
      return dailyCredits === undefined
        ? { day, spent }
        : { day, spent, remaining: Math.max(0, dailyCredits - spent) };
    },
  };
}
