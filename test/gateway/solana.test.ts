// `err` is the wire name of Solana's error member.
/* eslint-disable id-denylist */
import {
  BaseError,
  MethodNotSupportedRpcError,
  ResourceUnavailableRpcError,
  RpcRequestError,
} from 'viem';

import type {
  GatewayClientOptions,
  SimulateTransactionConfig,
} from '../../src/client/gateway';
import {
  createGatewayClient,
  InvalidParamsError,
} from '../../src/client/gateway';
import type { Gateway, RpcRequest } from './helpers/gateway';
import { startGateway } from './helpers/gateway';

jest.setTimeout(30_000);

const KEY = 'solanakey';
const TX_BASE64 =
  'AQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAEDArczbMia1tLmq7zz4DinMNN0pJ1JtLdqIJPUw3YrGCzYAMHBsgN27lcgB6H2WQvFgyZuJYHa46puOQo9yQ8CVQbd9uHXZaGT2cvhRs7reawctIXtX1s3kTqM9YV+/wCp20C7Wj2aiuk5TReAXo+VTVg8QTHjs0UjNMMKCvpzZ+ABAgEBARU=';
const TX_BASE58 =
  '4hXTCkRzt9WyecNzV1XPgCDfGAZzQKNxLXgynz5QDuWWPSAZBZSHptvWRL3BjCvzUXRdKvHL2b7yGrRQcWyaqsaBCncVG7BFggS8w9snUts67BSh3EqKpXLUm5UMHfD7ZBe9GhARjbNQMLJ1QD3Spr6oMTBU6EhdB4RD8CP2xUxr2u3d6fos36PD98XS6oX8TQjLpsMwncs5DAMiD4nNnR8NBfyghGCWvCVifVwvA8B8TJxE1aiyiv2L429BCWfyzAme5sZW8rDb14NeCQHhZbtNqfXhcp2tAnaAT';
const PROGRAM = '83astBRguLMdt2h5U1Tpdq5tjFoJ6noeGwaY3mDLVcri';
const VALIDATOR = '85iYT5RuzRTDgjyRa3cP8SYhM2j21fj7NhfJ3peu1DPr';
const ACCOUNT = 'Vote111111111111111111111111111111111111111';

// The documented shapes of interface.md, with the sample values of the reference docs.
const SIMULATED = {
  context: { slot: 218, apiVersion: '1.16.3' },
  value: {
    err: null,
    accounts: [
      {
        data: ['AAAA', 'base64'],
        executable: false,
        lamports: 1_000_000_000,
        owner: '11111111111111111111111111111111',
        rentEpoch: 18_446_744_073_709_552_000,
        space: 3,
      },
    ],
    logs: ['Program 83astBRguLMdt2h5U1Tpdq5tjFoJ6noeGwaY3mDLVcri invoke [1]'],
    returnData: { programId: PROGRAM, data: ['Kg==', 'base64'] },
    unitsConsumed: 2366,
    innerInstructions: [],
  },
};
const FAILED = {
  context: { slot: 219, apiVersion: '1.16.3' },
  value: {
    err: { InstructionError: [0, { Custom: 1 }] },
    accounts: null,
    logs: null,
    returnData: null,
    unitsConsumed: 0,
  },
};
const PRODUCTION = {
  context: { slot: 9887, apiVersion: '1.16.3' },
  value: {
    byIdentity: { [VALIDATOR]: [9888, 9886] },
    range: { firstSlot: 0, lastSlot: 9887 },
  },
};

type Answer = { result: unknown } | { error: unknown };

let gateway: Gateway;
let answers: Answer[] = [];

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
 * A client of the local responder.
 *
 * @param options - Options over the defaults.
 * @returns The client.
 */
function client(options: Partial<GatewayClientOptions> = {}) {
  return createGatewayClient({ baseUrl: gateway.url, apiKey: KEY, ...options });
}

beforeAll(async () => {
  gateway = await startGateway({
    apiKey: KEY,
    upstream: async (request: RpcRequest) => ({
      jsonrpc: '2.0',
      id: request.id,
      ...(answers.shift() ?? {
        error: { code: -32601, message: 'Method not found' },
      }),
    }),
  });
});

beforeEach(() => {
  gateway.reset();
  answers = [];
});

afterAll(async () => {
  await gateway?.stop();
});

describe('simulateTransaction', () => {
  it('returns a successful simulation and sends the config as given', async () => {
    answers.push({ result: SIMULATED });
    const config: SimulateTransactionConfig = {
      commitment: 'confirmed',
      sigVerify: false,
      replaceRecentBlockhash: true,
      encoding: 'base64',
      innerInstructions: true,
      accounts: { addresses: [ACCOUNT], encoding: 'base64' },
    };
    expect(await client().simulateTransaction(TX_BASE64, config)).toStrictEqual(
      SIMULATED,
    );
    expect(gateway.seen).toStrictEqual([
      {
        transport: 'http',
        key: KEY,
        method: 'simulateTransaction',
        params: [TX_BASE64, config],
      },
    ]);
  });

  it('returns a failed simulation as a result: value.err set, logs null', async () => {
    answers.push({ result: FAILED });
    const result = await client().simulateTransaction(TX_BASE64);
    expect(result?.value.err).toStrictEqual({
      InstructionError: [0, { Custom: 1 }],
    });
    expect(result?.value.logs).toBeNull();
    expect(gateway.seen[0]?.params).toStrictEqual([TX_BASE64]);
  });

  it('returns null for an account that does not exist', async () => {
    answers.push({ result: null });
    expect(await client().simulateTransaction(TX_BASE64)).toBeNull();
  });

  it('accepts base58 but warns that it is deprecated', async () => {
    answers.push({ result: SIMULATED });
    const warnings: string[] = [];
    const warned = client({ onWarning: (message) => warnings.push(message) });
    expect(
      await warned.simulateTransaction(TX_BASE58, { encoding: 'base58' }),
    ).toStrictEqual(SIMULATED);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/base58.*deprecated/u);
  });

  it.each([
    [
      'a string slot',
      { ...SIMULATED, context: { slot: '218', apiVersion: 'x' } },
    ],
    ['numeric logs', { ...SIMULATED, value: { ...SIMULATED.value, logs: 5 } }],
    [
      'a negative balance',
      {
        ...SIMULATED,
        value: {
          ...SIMULATED.value,
          accounts: [{ ...SIMULATED.value.accounts[0], lamports: -1 }],
        },
      },
    ],
    [
      'return data not in base64',
      {
        ...SIMULATED,
        value: {
          ...SIMULATED.value,
          returnData: { programId: PROGRAM, data: ['Kg==', 'base58'] },
        },
      },
    ],
    ['no value', { context: SIMULATED.context }],
  ])('rejects an answer with %s', async (_name, result) => {
    answers.push({ result });
    const error = await rejectionOf(client().simulateTransaction(TX_BASE64));
    expect(error).toMatchObject({
      name: 'SnapnetError',
      code: -32603,
      method: 'simulateTransaction',
    });
    expect((error as Error).message).toContain('invalid result');
  });
});

describe('getBlockProduction', () => {
  it('returns production over a range', async () => {
    answers.push({ result: PRODUCTION });
    const config = {
      commitment: 'finalized',
      range: { firstSlot: 0, lastSlot: 9887 },
      identity: VALIDATOR,
    } as const;
    expect(await client().getBlockProduction(config)).toStrictEqual(PRODUCTION);
    expect(gateway.seen[0]?.params).toStrictEqual([config]);
  });

  it('sends an empty params array without config', async () => {
    answers.push({ result: PRODUCTION });
    await client().getBlockProduction();
    expect(gateway.seen[0]?.params).toStrictEqual([]);
  });

  it.each([
    [
      'a one-element count',
      {
        ...PRODUCTION,
        value: { ...PRODUCTION.value, byIdentity: { [VALIDATOR]: [1] } },
      },
    ],
    [
      'a key that is not base58',
      {
        ...PRODUCTION,
        value: { ...PRODUCTION.value, byIdentity: { '0OIl': [1, 1] } },
      },
    ],
    [
      'no lastSlot',
      {
        ...PRODUCTION,
        value: { ...PRODUCTION.value, range: { firstSlot: 0 } },
      },
    ],
    ['null', null],
  ])('rejects an answer with %s', async (_name, result) => {
    answers.push({ result });
    expect(await rejectionOf(client().getBlockProduction())).toMatchObject({
      name: 'SnapnetError',
      code: -32603,
      method: 'getBlockProduction',
    });
  });
});

describe('Solana server errors', () => {
  it('keeps the code and data of -32002', async () => {
    const data = { err: 'BlockhashNotFound', logs: [], accounts: null };
    answers.push({
      error: { code: -32002, message: 'Transaction simulation failed', data },
    });
    const error = await rejectionOf(client().simulateTransaction(TX_BASE64));
    // viem's class of -32002, around the answer's RpcRequestError.
    expect(error).toBeInstanceOf(ResourceUnavailableRpcError);
    const answer = (error as BaseError).walk(
      (each) => each instanceof RpcRequestError,
    );
    expect(answer).toMatchObject({ code: -32002, data });
  });

  it('reads contextSlot of -32016', async () => {
    answers.push({
      error: {
        code: -32016,
        message: 'Minimum context slot has not been reached',
        data: { contextSlot: 1234 },
      },
    });
    const error = await rejectionOf(
      client().getBlockProduction({ commitment: 'processed' }),
    );
    expect(error).toBeInstanceOf(RpcRequestError);
    expect(error).toMatchObject({ code: -32016, data: { contextSlot: 1234 } });
  });

  it('counts credits for answered calls, errors included', async () => {
    const counted = client({ dailyCredits: 1000 });
    answers.push(
      { result: SIMULATED },
      { error: { code: -32002, message: 'failed' } },
      { result: { bad: true } },
    );
    await counted.simulateTransaction(TX_BASE64);
    await rejectionOf(counted.simulateTransaction(TX_BASE64));
    await rejectionOf(counted.getBlockProduction());
    expect(counted.credits()).toMatchObject({ spent: 480, remaining: 520 });
  });
});

/**
 * The address a fetch input names.
 *
 * @param input - What viem's http transport passes to fetch.
 * @returns The URL as a string.
 */
function href(input: string | URL | Request): string {
  if (typeof input === 'string') {
    return input;
  }
  return input instanceof URL ? input.href : input.url;
}

describe('network presets', () => {
  const redirect = async (
    url: string | URL | Request,
    init?: RequestInit,
  ): Promise<Response> =>
    fetch(
      href(url).replace('https://solana-mainnet.infura.io', gateway.url),
      init,
    );

  it('posts to {base_url}/v3/<API_KEY> of the preset', async () => {
    const urls: string[] = [];
    const preset = createGatewayClient({
      network: 'solana-mainnet',
      apiKey: KEY,
      fetch: async (url, init) => {
        urls.push(href(url));
        return redirect(url, init);
      },
    });
    answers.push({ result: null });
    expect(await preset.simulateTransaction(TX_BASE64)).toBeNull();
    expect(urls).toStrictEqual([`https://solana-mainnet.infura.io/v3/${KEY}`]);
    expect(preset.family).toBe('solana');
  });

  it('refuses EVM methods on a Solana network before sending', async () => {
    const preset = createGatewayClient({
      network: 'solana-mainnet',
      apiKey: KEY,
      fetch: redirect,
    });
    const error = await rejectionOf(
      preset.getTransactionByHash(`0x${'11'.repeat(32)}`),
    );
    expect(error).toBeInstanceOf(MethodNotSupportedRpcError);
    expect(gateway.seen).toHaveLength(0);
  });

  it('refuses a WebSocket client for Solana at creation', () => {
    expect(() =>
      createGatewayClient({
        network: 'solana-mainnet',
        apiKey: KEY,
        transport: 'ws',
      }),
    ).toThrow(InvalidParamsError);
  });
});
