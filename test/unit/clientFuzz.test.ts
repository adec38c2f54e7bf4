/**
 * Property-based fuzzing of the dapp-side clients' inputs. Whatever a dapp passes,
 * the gateway client either sends the call or refuses it locally with
 * InvalidParamsError (-32602) naming the parameter, before any HTTP request; the
 * Starknet id helpers of snapnet/multichain return or throw -32602.
 * Never another kind of error.
 */
import { describe, expect, it } from '@jest/globals';
import type { Hex, Json } from '@metamask/utils';
import * as fc from 'fast-check';

import { SnapnetError } from '../../src/client/errors';
import type { FetchFunction, GatewayClient } from '../../src/client/gateway';
import {
  createGatewayClient,
  InvalidParamsError,
} from '../../src/client/gateway';
import {
  fromStarknetChainId,
  normalizeStarknetAddress,
  parseStarknetAccountId,
  toStarknetAccountId,
  toStarknetChainId,
} from '../../src/client/multichain';
import { junk } from '../fixtures/malformedParams';

const RUNS = 200;

/**
 * Fuzzed values, plus what only JavaScript callers can pass: objects that cannot be
 * turned into a string (own `toString` data, no prototype).
 */
const values: fc.Arbitrary<Json> = fc.oneof(
  junk,
  fc.constantFrom<Json>(
    { toString: 1 },
    { valueOf: 1, toString: 'x' },
    [{ toString: null }],
    { nested: { toString: 1 } },
  ),
  fc.constant(null).map((): Json => Object.create(null)),
);
const HASH: Hex = `0x${'12'.repeat(32)}`;
const FROM: Hex = `0x${'ab'.repeat(20)}`;

/**
 * Describes a failure for an assertion message.
 *
 * @param error - What was thrown.
 * @returns Its name and message.
 */
function describeFailure(error: unknown): string {
  return error instanceof Error
    ? `${error.name}: ${error.message}`
    : JSON.stringify(error);
}

/**
 * What a call rejected with (undefined when it resolved).
 *
 * @param run - The call.
 * @returns The rejection.
 */
async function outcomeOf(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  return undefined;
}

/**
 * A gateway client whose fetch counts requests and answers `null` (or `0x`).
 *
 * @returns The client and the request counter.
 */
function gatewayClient(): { api: GatewayClient; sent: { count: number } } {
  const sent = { count: 0 };
  const fakeFetch: FetchFunction = async (_url, init) => {
    sent.count += 1;
    const request: { id: number; method: string } = JSON.parse(
      typeof init?.body === 'string' ? init.body : '',
    );
    return new Response(
      JSON.stringify({
        jsonrpc: '2.0',
        id: request.id,
        result: request.method === 'eth_call' ? '0x' : null,
      }),
    );
  };
  const api = createGatewayClient({
    baseUrl: 'http://127.0.0.1:9',
    apiKey: 'fuzzkey',
    blockGasLimit: 30_000_000n,
    retry: { attempts: 1 },
    fetch: fakeFetch,
  });
  return { api, sent };
}

// Each typed gateway method with one argument replaced by a fuzzed value.
const GATEWAY_CALLS: [
  string,
  (api: GatewayClient, bad: Json) => Promise<unknown>,
][] = [
  ['hash', async (api, bad) => api.getTransactionByHash(bad as never)],
  [
    'blockHash',
    async (api, bad) => api.getTransactionByBlockHashAndIndex(bad as never, 0),
  ],
  [
    'index',
    async (api, bad) =>
      api.getTransactionByBlockHashAndIndex(HASH, bad as never),
  ],
  [
    'blockHash',
    async (api, bad) => api.getUncleByBlockHashAndIndex(bad as never, 0),
  ],
  [
    'index',
    async (api, bad) => api.getUncleByBlockHashAndIndex(HASH, bad as never),
  ],
  ['callObject', async (api, bad) => api.call(bad as never, 'latest')],
  [
    'callObject',
    async (api, bad) => api.call({ from: FROM, input: bad } as never, 'latest'),
  ],
  [
    'callObject.to',
    async (api, bad) => api.call({ from: FROM, to: bad } as never, 'latest'),
  ],
  ['block', async (api, bad) => api.call({ from: FROM }, bad as never)],
  ['transaction', async (api, bad) => api.simulateTransaction(bad as never)],
  ['config', async (api, bad) => api.simulateTransaction('AQID', bad as never)],
  ['config', async (api, bad) => api.getBlockProduction(bad as never)],
];

describe('gateway client inputs', () => {
  it.each(
    GATEWAY_CALLS.map(
      ([name, run], at) => [`${at}: ${name}`, name, run] as const,
    ),
  )(
    '%s: sent, or refused with -32602 naming it before any request',
    async (_label, name, run) => {
      let refused = 0;
      await fc.assert(
        fc.asyncProperty(values, async (bad) => {
          const { api, sent } = gatewayClient();
          const error = await outcomeOf(async () => run(api, bad));
          if (sent.count === 0) {
            refused += 1;
          }
          const verdict =
            sent.count > 0
              ? error === undefined || error instanceof SnapnetError
              : error instanceof InvalidParamsError &&
                error.code === -32602 &&
                error.message.includes(name.split('.')[0] ?? name);
          expect(verdict ? 'as expected' : describeFailure(error)).toBe(
            'as expected',
          );
        }),
        { numRuns: RUNS },
      );
      expect(refused).toBeGreaterThan(RUNS / 2);
    },
  );
});

describe('multichain Starknet helpers', () => {
  it('Starknet id helpers return or throw -32602', () => {
    const text = fc.oneof(
      fc.string({ maxLength: 80 }),
      fc.constantFrom(
        'starknet:SN_MAIN',
        'starknet:SN_SEPOLIA',
        '0x534e5f4d41494e',
        'starknet:SN_SEPOLIA:0x1',
        '0x',
      ),
      fc
        .bigInt({ min: 0n, max: 2n ** 260n })
        .map((value) => `0x${value.toString(16)}`),
      fc
        .tuple(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }))
        .map(([ref, address]) => `starknet:${ref}:${address}`),
    );
    const helpers: ((value: string) => unknown)[] = [
      fromStarknetChainId,
      toStarknetChainId,
      normalizeStarknetAddress,
      parseStarknetAccountId,
      (value) => toStarknetAccountId('starknet:SN_SEPOLIA', value),
      (value) => toStarknetAccountId(value, '0x1'),
    ];
    fc.assert(
      fc.property(fc.constantFrom(...helpers.keys()), text, (at, value) => {
        let error: unknown;
        try {
          helpers[at]?.(value);
        } catch (caught) {
          error = caught;
        }
        expect({
          at,
          value,
          // The helpers are shared with snapnet/client: they throw the one
          // InvalidParamsError of the dapp-side error family (a SnapnetError).
          ok:
            error === undefined ||
            (error instanceof SnapnetError && error.code === -32602),
        }).toMatchObject({ ok: true });
      }),
      { numRuns: RUNS * 3 },
    );
  });
});
