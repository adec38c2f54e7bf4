/**
 * Request throughput of the gateway client against viem's http transport, both calling
 * eth_getTransactionByHash on the same local anvil. Run with `npx tsx bench/gateway.ts`
 * (ROUNDS=n for more rounds).
 *
 * Fair and stable on a loaded machine: both clients go through viem's http transport
 * with the same `fetch` (anvil serves `/`, not `/v3/<KEY>`, so both post to its root),
 * everything is warmed up first, and the clients alternate within each round (ABBA
 * order, so neither always runs first). Each round gives a ratio gateway / viem; the
 * median ratio over the rounds is the figure, with the spread beside it.
 */
import type { Hex } from '@metamask/utils';
import { performance } from 'node:perf_hooks';
import { createPublicClient, http } from 'viem';

import type { FetchFunction } from '../src/client/gateway';
import { createGatewayClient } from '../src/client/gateway';
import type { Anvil } from '../test/gateway/helpers/anvil';
import {
  anvilResult,
  startAnvil,
  waitForReceipt,
} from '../test/gateway/helpers/anvil';
import { bounded, iterations } from './runs';

const ROUNDS = iterations(Number(process.env.ROUNDS ?? 9));
const SEQUENTIAL = iterations(500);
const CONCURRENT = iterations(1000);
const IN_FLIGHT = 32;
const MICRO_CALLS = iterations(5000);
const WARM_UP = iterations(500);
/** The whole run's bound: past it anvil is stopped and the run fails. */
const LIMIT_MS = 15 * 60_000;

type Call = () => Promise<unknown>;
type Calls = { checked: Call; unchecked: Call; viem: Call };

/**
 * Calls `call` `total` times with at most `inFlight` calls pending.
 *
 * @param call - One request.
 * @param total - How many requests.
 * @param inFlight - How many at once.
 * @returns Requests per second.
 */
async function rate(
  call: Call,
  total: number,
  inFlight: number,
): Promise<number> {
  let started = 0;
  const worker = async (): Promise<void> => {
    while (started < total) {
      started += 1;
      await call();
    }
  };
  const begin = performance.now();
  await Promise.all(Array.from({ length: inFlight }, worker));
  return (total / (performance.now() - begin)) * 1000;
}

/**
 * The median of some numbers.
 *
 * @param values - The numbers.
 * @returns Their median.
 */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? NaN)
    : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
}

/**
 * The three ways of calling, over one fetch. viem's getTransaction is left out: it
 * merges identical calls in flight, so it would not measure one request per call.
 *
 * @param fetchFn - The fetch both clients use.
 * @param hash - The transaction hash.
 * @returns The calls.
 */
function callsOver(fetchFn: FetchFunction, hash: Hex): Calls {
  const gateway = createGatewayClient({
    baseUrl: 'http://gateway.invalid',
    apiKey: 'bench',
    fetch: fetchFn,
  });
  const viem = createPublicClient({
    transport: http('http://viem.invalid', { fetchFn }),
  });
  return {
    checked: async () => gateway.getTransactionByHash(hash),
    unchecked: async () => gateway.request('eth_getTransactionByHash', [hash]),
    viem: async () =>
      viem.request({ method: 'eth_getTransactionByHash', params: [hash] }),
  };
}

/**
 * Runs ROUNDS rounds of one load, each measuring the clients in ABBA order, and
 * prints the median rates and the median (min–max) ratio gateway / viem.
 *
 * @param label - What is measured.
 * @param calls - The calls.
 * @param total - Requests per measurement.
 * @param inFlight - Requests pending at once.
 */
async function compare(
  label: string,
  calls: Calls,
  total: number,
  inFlight: number,
): Promise<void> {
  const rates: Record<keyof Calls, number[]> = {
    checked: [],
    unchecked: [],
    viem: [],
  };
  const ratios: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const [first, second] = (
      round % 2 ? ['viem', 'checked'] : ['checked', 'viem']
    ) as ['checked' | 'viem', 'checked' | 'viem'];
    const order = [first, second, 'unchecked', second, first] as const;
    const got: Partial<Record<keyof Calls, number[]>> = {};
    for (const name of order) {
      (got[name] ??= []).push(await rate(calls[name], total, inFlight));
    }
    for (const [name, values] of Object.entries(got)) {
      rates[name as keyof Calls].push(median(values));
    }
    ratios.push(median(got.checked ?? []) / median(got.viem ?? []));
  }
  const row = (name: keyof Calls): string =>
    median(rates[name]).toFixed(0).padStart(8);
  const [low, high] = [Math.min(...ratios), Math.max(...ratios)];
  console.log(
    `${label.padEnd(26)}${row('checked')}${row('unchecked')}${row('viem')}   ${median(ratios).toFixed(2)} (${low.toFixed(2)}–${high.toFixed(2)})`,
  );
}

/**
 * Sends one transaction and returns its hash.
 *
 * @param anvil - The node.
 * @returns The transaction hash.
 */
async function sendTransaction(anvil: Anvil): Promise<Hex> {
  const [from, to] = (await anvilResult(anvil, 'eth_accounts')) as Hex[];
  const hash = (await anvilResult(anvil, 'eth_sendTransaction', [
    { from, to, value: '0x1' },
  ])) as Hex;
  await waitForReceipt(anvil, hash);
  return hash;
}

/**
 * Runs the benchmark on a fresh anvil, stopped however the run ends (also past its
 * bound).
 */
async function main(): Promise<void> {
  const anvil = await startAnvil();
  try {
    await bounded(measure(anvil), LIMIT_MS, 'the gateway benchmark');
  } finally {
    await anvil.stop();
  }
}

/**
 * The measurements: a network-free run (a fetch answering at once, so only the
 * clients' own cost shows), then anvil sequential and with 32 in flight.
 *
 * @param anvil - The node.
 */
async function measure(anvil: Anvil): Promise<void> {
  const hash = await sendTransaction(anvil);
  const answer = JSON.stringify({
    jsonrpc: '2.0',
    id: 0,
    result: await anvilResult(anvil, 'eth_getTransactionByHash', [hash]),
  });
  const instant: FetchFunction = async () =>
    new Response(answer, { headers: { 'content-type': 'application/json' } });
  const toAnvil: FetchFunction = async (_url, init) => fetch(anvil.url, init);
  const [offline, online] = [
    callsOver(instant, hash),
    callsOver(toAnvil, hash),
  ];
  for (const calls of [offline, online]) {
    for (const call of Object.values(calls)) {
      await rate(call, WARM_UP, IN_FLIGHT); // warm-up: JIT, sockets, caches
    }
  }
  console.log(
    `eth_getTransactionByHash, median of ${ROUNDS} rounds (requests/s; ratio = checked / viem)\n`,
  );
  console.log(
    `${''.padEnd(26)}${'checked'.padStart(8)}${'request'.padStart(8)}${'viem'.padStart(8)}   ratio (min–max)`,
  );
  await compare('network-free, sequential', offline, MICRO_CALLS, 1);
  await compare('anvil, sequential', online, SEQUENTIAL, 1);
  await compare(`anvil, ${IN_FLIGHT} in flight`, online, CONCURRENT, IN_FLIGHT);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
