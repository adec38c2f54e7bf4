/**
 * Request overhead of the gateway client against viem's http transport, both calling
 * eth_getTransactionByHash on the same local anvil. Run with `npx tsx bench/gateway.ts`.
 *
 * Both run on viem's http transport; the gateway adds routing, credits, retries under
 * its policy and the superstruct checks of inputs and answers. anvil serves JSON-RPC at
 * `/` and not at `/v3/<KEY>`, so the gateway client is given a fetch that posts to
 * anvil's root: one closure call, the same fetch viem uses.
 */
import type { Hex } from '@metamask/utils';
import { performance } from 'node:perf_hooks';
import type { PublicClient } from 'viem';
import { createPublicClient, http } from 'viem';

import type { GatewayClient } from '../src/client/gateway';
import { createGatewayClient } from '../src/client/gateway';
import type { Anvil } from '../test/gateway/helpers/anvil';
import {
  anvilResult,
  startAnvil,
  waitForReceipt,
} from '../test/gateway/helpers/anvil';

const SEQUENTIAL = 1000;
const CONCURRENT = 2000;
const IN_FLIGHT = 32;

type Row = { name: string; sequential: number; concurrent: number };

/**
 * Calls `call` `total` times with at most `inFlight` calls pending.
 *
 * @param call - One request.
 * @param total - How many requests.
 * @param inFlight - How many at once.
 * @returns Requests per second.
 */
async function measure(
  call: () => Promise<unknown>,
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
 * Measures each way of calling in several rounds, in rotating order, keeping the best
 * rate of each so that warm-up and the order of rows do not decide the result.
 *
 * @param calls - The ways of calling, by name.
 * @param rounds - How many rounds.
 * @returns One row per way.
 */
async function measureAll(
  calls: [string, () => Promise<unknown>][],
  rounds = 3,
): Promise<Row[]> {
  const rows = calls.map(([name]) => ({ name, sequential: 0, concurrent: 0 }));
  for (const [, call] of calls) {
    await measure(call, 300, IN_FLIGHT);
  }
  for (let round = 0; round < rounds; round++) {
    for (let offset = 0; offset < calls.length; offset++) {
      const index = (round + offset) % calls.length;
      const [, call] = calls[index] ?? [];
      const result = rows[index];
      if (call && result) {
        result.sequential = Math.max(
          result.sequential,
          await measure(call, SEQUENTIAL, 1),
        );
        result.concurrent = Math.max(
          result.concurrent,
          await measure(call, CONCURRENT, IN_FLIGHT),
        );
      }
    }
  }
  return rows;
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
 * The ways of calling compared. viem's getTransaction is left out: it merges identical
 * calls in flight, so it would not measure one request per call.
 *
 * @param gateway - The gateway client.
 * @param viem - viem's client.
 * @param viem.request - Its request.
 * @param hash - The transaction hash.
 * @returns The calls, by name.
 */
function callsOf(
  gateway: GatewayClient,
  viem: { request: PublicClient['request'] },
  hash: Hex,
): [string, () => Promise<unknown>][] {
  return [
    [
      'snapnet getTransactionByHash (checked)',
      async () => gateway.getTransactionByHash(hash),
    ],
    [
      'snapnet request() (unchecked)',
      async () => gateway.request('eth_getTransactionByHash', [hash]),
    ],
    [
      'viem http transport request()',
      async () =>
        viem.request({ method: 'eth_getTransactionByHash', params: [hash] }),
    ],
  ];
}

const MICRO_CALLS = 20_000;

/**
 * Our per-call overhead without a network: the gateway client and viem's http transport
 * both get a fetch that answers at once with the same transaction, and each makes
 * MICRO_CALLS sequential calls (best of 3 rounds), in one process.
 *
 * @param hash - The hash to ask for.
 * @param transaction - The answer's result.
 */
async function microOverhead(hash: Hex, transaction: unknown): Promise<void> {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 0, result: transaction });
  const instant = async (): Promise<Response> =>
    new Response(body, { headers: { 'content-type': 'application/json' } });
  const gateway = createGatewayClient({
    baseUrl: 'http://gateway.invalid',
    apiKey: 'bench',
    fetch: instant,
  });
  const viem = createPublicClient({
    transport: http('http://viem.invalid', { fetchFn: instant }),
  });
  const calls = callsOf(gateway, viem, hash);
  const best = calls.map(() => Infinity);
  for (let round = 0; round < 3; round++) {
    for (let offset = 0; offset < calls.length; offset++) {
      const index = (round + offset) % calls.length;
      const call = calls[index]?.[1];
      if (call) {
        const rate = await measure(call, MICRO_CALLS, 1);
        best[index] = Math.min(best[index] ?? Infinity, 1e6 / rate);
      }
    }
  }
  console.log(
    `network-free, ${MICRO_CALLS} sequential calls, best of 3 (µs per call)`,
  );
  for (const [index, [name]] of calls.entries()) {
    console.log(
      `${name.padEnd(40)}${(best[index] ?? 0).toFixed(1).padStart(10)}`,
    );
  }
  console.log('');
}

/**
 * Runs the benchmark and prints its table.
 */
async function main(): Promise<void> {
  const anvil = await startAnvil();
  try {
    const hash = await sendTransaction(anvil);
    await microOverhead(
      hash,
      await anvilResult(anvil, 'eth_getTransactionByHash', [hash]),
    );
    const gateway = createGatewayClient({
      baseUrl: 'http://gateway.invalid',
      apiKey: 'bench',
      fetch: async (_url, init) => fetch(anvil.url, init),
    });
    const viem = createPublicClient({ transport: http(anvil.url) });

    const rows = await measureAll(callsOf(gateway, viem, hash));

    const format = (value: number): string => value.toFixed(0).padStart(10);
    console.log(
      `eth_getTransactionByHash on anvil ${anvil.url}, best of 3 rounds of ${SEQUENTIAL} sequential and ${CONCURRENT} with ${IN_FLIGHT} in flight (requests/s)\n`,
    );
    console.log(
      `${'client'.padEnd(40)}${'sequential'.padStart(10)}${'32 in flight'.padStart(14)}`,
    );
    for (const { name, sequential, concurrent } of rows) {
      console.log(
        `${name.padEnd(40)}${format(sequential)}${format(concurrent).padStart(14)}`,
      );
    }
    const [checked, , viemRequest] = rows;
    if (checked && viemRequest) {
      console.log(
        `\nratio snapnet checked / viem request(): sequential ${(checked.sequential / viemRequest.sequential).toFixed(2)}, 32 in flight ${(checked.concurrent / viemRequest.concurrent).toFixed(2)}`,
      );
    }
  } finally {
    await anvil.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
