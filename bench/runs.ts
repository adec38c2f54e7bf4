/**
 * How long a benchmark runs: its iterations (cut to a smoke run by `BENCH_ITERATIONS`,
 * as `npm test` does so that a benchmark that breaks fails CI) and a bound on the whole
 * run, so that a benchmark never hangs whatever it waits for.
 */

/**
 * How many runs a measurement makes: `fallback` unless `BENCH_ITERATIONS` says
 * otherwise.
 *
 * @param fallback - The runs of a real measurement.
 * @returns The runs.
 */
export function iterations(fallback: number): number {
  const asked = Number(process.env.BENCH_ITERATIONS);
  return Number.isInteger(asked) && asked > 0 ? asked : fallback;
}

/**
 * Whether this is a smoke run (`BENCH_ITERATIONS` set): a bench may then leave out its
 * slowest cases, whose code paths the others already run.
 *
 * @returns Whether only a smoke run is asked for.
 */
export function isSmoke(): boolean {
  return iterations(0) > 0;
}

/**
 * Settles as `work` does, or rejects once `ms` have passed: the caller's `finally`
 * then releases what the work started (servers, child processes).
 *
 * @param work - The benchmark's work.
 * @param ms - The bound.
 * @param label - What is bounded, for the error.
 * @returns What the work gave.
 */
export async function bounded<Result>(
  work: Promise<Result>,
  ms: number,
  label: string,
): Promise<Result> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expiry = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${label} did not end within ${ms / 1000} s`)),
      ms,
    );
  });
  try {
    return await Promise.race([work, expiry]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The bound of one measuring test: a run under load takes minutes, and past this it
 * fails rather than hold the run (the e2e project's own 30 s would cut a real run).
 */
export const BENCH_TIMEOUT_MS = 600_000;
