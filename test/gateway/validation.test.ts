import type { Hex } from '@metamask/utils';

import type {
  GatewayClient,
  GatewayClientOptions,
} from '../../src/client/gateway';
import {
  createCreditLedger,
  createGatewayClient,
  InvalidParamsError,
  QuotaExceededError,
} from '../../src/client/gateway';
import type { Gateway } from './helpers/gateway';
import { startGateway } from './helpers/gateway';

jest.setTimeout(30_000);

const KEY = 'validationkey';
const HASH: Hex = `0x${'12'.repeat(32)}`;
const FROM: Hex = `0x${'aB'.repeat(20)}`;
const TX = 'AQID';

let gateway: Gateway;

/**
 * Catches what a promise rejects with.
 *
 * @param promise - The promise.
 * @returns The rejection.
 */
async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

/**
 * A client of the local gateway.
 *
 * @param options - Options over the defaults.
 * @returns The client.
 */
function client(options: Partial<GatewayClientOptions> = {}): GatewayClient {
  return createGatewayClient({
    baseUrl: gateway.url,
    apiKey: KEY,
    blockGasLimit: 30_000_000n,
    ...options,
  });
}

beforeAll(async () => {
  // Answers null to lookups and 0x to eth_call: enough for the paths that get through.
  gateway = await startGateway({
    apiKey: KEY,
    upstream: async (request) => ({
      jsonrpc: '2.0',
      id: request.id,
      result: request.method === 'eth_call' ? '0x' : null,
    }),
  });
});

beforeEach(() => gateway.reset());

afterAll(async () => {
  await gateway?.stop();
});

// Each case is refused with -32602 before anything reaches the gateway.
const refused: [string, (api: GatewayClient) => Promise<unknown>][] = [
  [
    'a 31-byte hash',
    async (api) => api.getTransactionByHash(`0x${'12'.repeat(31)}`),
  ],
  [
    'a hash without 0x',
    // @ts-expect-error A hash needs its 0x.
    async (api) => api.getTransactionByHash(HASH.slice(2)),
  ],
  [
    'a non-hex hash',
    async (api) => api.getTransactionByHash(`0x${'zz'.repeat(32)}`),
  ],
  [
    'a numeric hash',
    // @ts-expect-error A number is not a hash.
    async (api) => api.getTransactionByHash(12),
  ],
  [
    'a negative index',
    async (api) => api.getTransactionByBlockHashAndIndex(HASH, -1),
  ],
  [
    'a fractional index',
    async (api) => api.getUncleByBlockHashAndIndex(HASH, 1.5),
  ],
  [
    'a zero-padded index',
    async (api) => api.getUncleByBlockHashAndIndex(HASH, '0x01'),
  ],
  [
    'an index tag',
    // @ts-expect-error An index is no block tag.
    async (api) => api.getUncleByBlockHashAndIndex(HASH, 'latest'),
  ],
  [
    'a 19-byte from',
    async (api) => api.call({ from: `0x${'ab'.repeat(19)}` }, 'latest'),
  ],
  [
    'a 21-byte to',
    async (api) =>
      api.call({ from: FROM, to: `0x${'ab'.repeat(21)}` }, 'latest'),
  ],
  [
    'an unknown block tag',
    // @ts-expect-error Not a block tag.
    async (api) => api.call({ from: FROM }, 'newest'),
  ],
  ['a padded block number', async (api) => api.call({ from: FROM }, '0x00')],
  [
    'odd-length data',
    async (api) => api.call({ from: FROM, data: '0x123' }, 'latest'),
  ],
  [
    'a decimal gas',
    // @ts-expect-error Gas is a hex quantity.
    async (api) => api.call({ from: FROM, gas: '21000' }, 'latest'),
  ],
  [
    'an unknown call member',
    // @ts-expect-error Not a call object member.
    async (api) => api.call({ from: FROM, gasLimit: '0x1' }, 'latest'),
  ],
  [
    'gas above 10× the block gas limit',
    async (api) =>
      api.call(
        { from: FROM, gas: `0x${(300_000_001).toString(16)}` },
        'latest',
      ),
  ],
  [
    'an unknown commitment',
    // @ts-expect-error Not a commitment level.
    async (api) => api.getBlockProduction({ commitment: 'final' }),
  ],
  [
    'lastSlot below firstSlot',
    async (api) =>
      api.getBlockProduction({ range: { firstSlot: 10, lastSlot: 9 } }),
  ],
  [
    'a negative slot',
    async (api) => api.getBlockProduction({ range: { firstSlot: -1 } }),
  ],
  [
    'an identity that is not base58',
    async (api) => api.getBlockProduction({ identity: `0${'1'.repeat(40)}` }),
  ],
  [
    'a base64 transaction with base58 characters',
    async (api) => api.simulateTransaction('AQ!D', { encoding: 'base64' }),
  ],
  [
    'a base58 transaction with a 0',
    async (api) => api.simulateTransaction('0abc', { encoding: 'base58' }),
  ],
  ['an empty transaction', async (api) => api.simulateTransaction('')],
  [
    'an unknown account encoding',
    async (api) =>
      // @ts-expect-error Not an account encoding.
      api.simulateTransaction(TX, { accounts: { encoding: 'hex' } }),
  ],
  [
    'a misspelled config member',
    // @ts-expect-error sigVerify, not sigverify.
    async (api) => api.simulateTransaction(TX, { sigverify: true }),
  ],
];

describe('input checks', () => {
  it.each(refused)('refuses %s before sending', async (_name, send) => {
    const error = await rejectionOf(send(client()));
    expect(error).toBeInstanceOf(InvalidParamsError);
    expect(error).toMatchObject({ code: -32602 });
    expect(gateway.seen).toHaveLength(0);
  });

  it('refuses sigVerify with replaceRecentBlockhash with the node message', async () => {
    const error = await rejectionOf(
      client().simulateTransaction(TX, {
        sigVerify: true,
        replaceRecentBlockhash: true,
      }),
    );
    expect(error).toBeInstanceOf(InvalidParamsError);
    expect(error).toMatchObject({
      code: -32602,
      message: 'sigVerify may not be used with replaceRecentBlockhash',
    });
    expect(gateway.seen).toHaveLength(0);
  });

  it('names the parameter path in the message', async () => {
    const error = await rejectionOf(
      client().simulateTransaction(TX, {
        accounts: { addresses: ['not-base58!'] },
      }),
    );
    expect((error as Error).message).toContain('config.accounts.addresses.0');
  });

  it('lets valid inputs through in their wire form', async () => {
    const valid = client();
    await valid.getTransactionByBlockHashAndIndex(HASH, 26n);
    await valid.getUncleByBlockHashAndIndex(HASH, '0x0');
    await valid.call({ from: FROM, gas: '0x1c9c380', data: '0x' }, 1234);
    await valid.call({ from: FROM }, 'safe');
    await valid.simulateTransaction(TX, { sigVerify: true });
    expect(gateway.seen.map((request) => request.params)).toStrictEqual([
      [HASH, '0x1a'],
      [HASH, '0x0'],
      [{ from: FROM, gas: '0x1c9c380', data: '0x' }, '0x4d2'],
      [{ from: FROM }, 'safe'],
      [TX, { sigVerify: true }],
    ]);
  });
});

describe('credits', () => {
  it('refuses locally a call that would exceed dailyCredits', async () => {
    const budget = client({ dailyCredits: 300 });
    await budget.getTransactionByHash(HASH);
    await budget.getTransactionByHash(HASH);
    expect(budget.credits()).toMatchObject({ spent: 160, remaining: 140 });

    const error = await rejectionOf(
      budget.getTransactionByBlockHashAndIndex(HASH, 0),
    );
    expect(error).toBeInstanceOf(QuotaExceededError);
    expect(error).toMatchObject({
      code: -33000,
      data: { spent: 160, cost: 150, dailyCredits: 300 },
    });
    expect(gateway.seen).toHaveLength(2);

    await budget.call({ from: FROM }, 'latest');
    expect(budget.credits()).toMatchObject({ spent: 240, remaining: 60 });
  });

  it('holds credits per call so that concurrent calls cannot overrun', async () => {
    const budget = client({ dailyCredits: 160 });
    const results = await Promise.allSettled(
      [1, 2, 3].map(async () => budget.getTransactionByHash(HASH)),
    );
    expect(
      results.filter((result) => result.status === 'fulfilled'),
    ).toHaveLength(2);
    const rejected = results.find((result) => result.status === 'rejected');
    expect(rejected?.status === 'rejected' && rejected.reason).toBeInstanceOf(
      QuotaExceededError,
    );
    expect(gateway.seen).toHaveLength(2);
  });

  it('keeps one balance per key in a shared ledger, reset each UTC day', async () => {
    let now = Date.UTC(2026, 0, 1, 23, 59, 59);
    const ledger = createCreditLedger({ now: () => now });
    const first = client({ ledger, dailyCredits: 500 });
    const second = client({ ledger, dailyCredits: 500 });
    const other = createGatewayClient({
      baseUrl: gateway.url,
      apiKey: 'otherkey',
      ledger,
      retry: { attempts: 1 },
    });

    await first.getTransactionByBlockHashAndIndex(HASH, 0);
    await second.getTransactionByBlockHashAndIndex(HASH, 0);
    await rejectionOf(other.getTransactionByHash(HASH));
    expect(first.credits()).toStrictEqual({
      day: '2026-01-01',
      spent: 300,
      remaining: 200,
    });
    expect(other.credits()).toStrictEqual({ day: '2026-01-01', spent: 0 });

    now += 1000;
    expect(second.credits()).toStrictEqual({
      day: '2026-01-02',
      spent: 0,
      remaining: 500,
    });
  });

  it('charges generic requests by the documented table or creditCosts', async () => {
    const priced = client({
      dailyCredits: 1000,
      creditCosts: { eth_blockNumber: 80 },
    });
    await priced.request('eth_getTransactionByHash', [HASH]);
    await priced.request('eth_blockNumber');
    await priced.request('web3_clientVersion');
    expect(priced.credits().spent).toBe(160);
  });
});
