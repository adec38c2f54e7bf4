import { inspect } from 'node:util';
import {
  BaseError,
  HttpRequestError,
  InvalidParamsRpcError,
  SocketClosedError,
  TimeoutError,
  WebSocketRequestError,
} from 'viem';

import type {
  CallObject,
  GatewayClient,
  GatewayClientOptions,
} from '../../src/client/gateway';
import {
  AuthError,
  createGatewayClient,
  ExecutionRevertedError,
  InvalidParamsError,
  QuotaExceededError,
  RateLimitError,
} from '../../src/client/gateway';
import { encodeErrorString } from './helpers/evm';
import type { Gateway } from './helpers/gateway';
import { startGateway } from './helpers/gateway';

jest.setTimeout(60_000);

const KEY = 'S3cr3tK3y0123456789abcdef';
const WRONG = 'Wr0ngK3y0123456789abcdef';
const BLOCKED = 'Bl0ck3dK3y0123456789abcdef';
// A key that URL encoding changes: both forms must stay hidden.
const ODD = 'Odd:K3y+v@lue0123456789';
const SECRETS = [KEY, WRONG, BLOCKED, ODD, encodeURIComponent(ODD)];
const HASH = `0x${'ab'.repeat(32)}` as const;
const CALL: CallObject = {
  from: `0x${'11'.repeat(20)}`,
  to: `0x${'22'.repeat(20)}`,
};
// Port 1 refuses connections on loopback: nothing leaves the machine.
const CLOSED_PORT = '127.0.0.1:1';

let gateway: Gateway;
const clients: GatewayClient[] = [];

/**
 * Every place a secret shows in an error: its `util.inspect` (depth Infinity, hidden
 * properties, getters), the JSON of its own properties, and every string reachable
 * through own properties (string and symbol keys, enumerable or not) from it, causes
 * included.
 *
 * @param error - What a call threw.
 * @returns Where a secret was found; empty when none.
 */
function leaks(error: unknown): string[] {
  const found: string[] = [];
  const check = (text: string, where: string): void => {
    if (SECRETS.some((secret) => text.includes(secret))) {
      found.push(where);
    }
  };
  check(
    inspect(error, { depth: Infinity, showHidden: true, getters: true }),
    'inspect',
  );
  if (error instanceof Object) {
    check(JSON.stringify(error, Object.getOwnPropertyNames(error)), 'JSON');
  }
  const seen = new Set<unknown>();
  const visit = (value: unknown, path: string): void => {
    if (typeof value === 'string') {
      check(value, path);
      return;
    }
    if (!(value instanceof Object) || seen.has(value)) {
      return;
    }
    seen.add(value);
    for (const key of Reflect.ownKeys(value)) {
      const descriptor = Reflect.getOwnPropertyDescriptor(value, key);
      visit(descriptor?.value, `${path}.${String(key)}`);
    }
  };
  visit(error, 'error');
  return found;
}

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
 * Creates a client of the local gateway (HTTP unless `transport` says), one attempt,
 * closed after all tests.
 *
 * @param options - Options over the defaults.
 * @returns The client.
 */
function client(options: Partial<GatewayClientOptions> = {}): GatewayClient {
  const created = createGatewayClient({
    apiKey: KEY,
    retry: { attempts: 1 },
    ...(options.transport === 'ws'
      ? { wsUrl: gateway.wsUrl }
      : { baseUrl: gateway.url }),
    ...options,
  });
  clients.push(created);
  return created;
}

beforeAll(async () => {
  gateway = await startGateway({
    apiKey: KEY,
    blockedKey: BLOCKED,
    upstream: async ({ id }) => ({ jsonrpc: '2.0', id, result: null }),
  });
});

afterEach(() => gateway.reset());

afterAll(async () => {
  await Promise.all(clients.map(async (each) => each.close()));
  await gateway?.stop();
});

describe('the leak check', () => {
  it('finds a key in a message, deep in a cause, under a symbol or hidden', () => {
    expect(leaks(new Error(`URL: http://x/v3/${KEY}`))).not.toHaveLength(0);
    const deep = new Error('outer', {
      cause: new Error('inner', { cause: { list: [{ url: ODD }] } }),
    });
    expect(leaks(deep)).not.toHaveLength(0);
    const hidden = new Error('plain');
    Object.defineProperty(hidden, Symbol('url'), {
      value: encodeURIComponent(ODD),
      enumerable: false,
    });
    expect(leaks(hidden)).not.toHaveLength(0);
    expect(leaks(new Error('nothing secret'))).toStrictEqual([]);
  });
});

describe('no failure of an HTTP client holds the API key', () => {
  it.each([
    ['401 (a wrong key)', WRONG, AuthError],
    ['401 (a key URL encoding changes)', ODD, AuthError],
    ['403 (a blocked key)', BLOCKED, AuthError],
  ])('%s', async (_name, apiKey, kind) => {
    const error = await rejectionOf(
      client({ apiKey }).getTransactionByHash(HASH),
    );
    expect(error).toBeInstanceOf(kind);
    expect(gateway.seen[0]?.key).toBe(encodeURIComponent(apiKey));
    expect(leaks(error)).toStrictEqual([]);
  });

  it.each([
    [
      '402',
      { kind: 'http', status: 402, body: 'quota' } as const,
      QuotaExceededError,
    ],
    [
      '429 with a long Retry-After',
      {
        kind: 'http',
        status: 429,
        headers: { 'Retry-After': '3600' },
      } as const,
      RateLimitError,
    ],
    [
      '500',
      { kind: 'http', status: 500, body: 'boom' } as const,
      HttpRequestError,
    ],
    [
      'a revert',
      {
        kind: 'rpc-error',
        error: {
          code: 3,
          message: 'execution reverted',
          data: encodeErrorString('no'),
        },
      } as const,
      ExecutionRevertedError,
    ],
    [
      'bad params (-32602 from the node)',
      {
        kind: 'rpc-error',
        error: { code: -32602, message: 'invalid argument 0' },
      } as const,
      InvalidParamsRpcError,
    ],
    ['a timeout', { kind: 'hang' } as const, TimeoutError],
    ['a dropped connection', { kind: 'drop' } as const, HttpRequestError],
  ])('%s', async (_name, scripted, kind) => {
    gateway.script(scripted);
    const error = await rejectionOf(
      client({ timeoutMs: 300 }).call(CALL, 'latest'),
    );
    expect(error).toBeInstanceOf(kind);
    expect(gateway.seen[0]?.key).toBe(KEY);
    expect(leaks(error)).toStrictEqual([]);
  });

  it('an unreachable host, with the URL shown redacted', async () => {
    const error = await rejectionOf(
      client({ baseUrl: `http://${CLOSED_PORT}` }).getTransactionByHash(HASH),
    );
    expect(error).toBeInstanceOf(HttpRequestError);
    expect((error as HttpRequestError).url).toBe(
      `http://${CLOSED_PORT}/v3/***`,
    );
    expect((error as HttpRequestError).message).toContain('/v3/***');
    expect(leaks(error)).toStrictEqual([]);
  });

  it('a fetch that puts the URL in its own error (as node-fetch does)', async () => {
    const naming = async (input: string | URL | Request): Promise<Response> => {
      const url = input instanceof Request ? input.url : input.toString();
      throw new Error(`request to ${url} failed, reason: refused`);
    };
    const error = await rejectionOf(
      client({ fetch: naming }).getTransactionByHash(HASH),
    );
    expect(error).toBeInstanceOf(HttpRequestError);
    expect(inspect(error)).toContain('request to http://127.0.0.1');
    expect(leaks(error)).toStrictEqual([]);
  });

  it('bad params refused before sending, the local budget, bad options', async () => {
    const local = client({ dailyCredits: 0 });
    const badHash = await rejectionOf(local.getTransactionByHash('0x12'));
    expect(badHash).toBeInstanceOf(InvalidParamsError);
    const quota = await rejectionOf(local.getTransactionByHash(HASH));
    expect(quota).toBeInstanceOf(QuotaExceededError);
    expect(gateway.seen).toHaveLength(0);
    const badOption = rejectionOf(
      Promise.resolve().then(() =>
        createGatewayClient({
          apiKey: KEY,
          baseUrl: gateway.url,
          timeoutMs: -1,
        }),
      ),
    );
    const badKey = rejectionOf(
      Promise.resolve().then(() =>
        createGatewayClient({ apiKey: `${KEY} `, baseUrl: gateway.url }),
      ),
    );
    expect(await badOption).toBeInstanceOf(InvalidParamsError);
    expect(await badKey).toBeInstanceOf(InvalidParamsError);
    expect(await badKey).toMatchObject({ field: 'apiKey' });
    for (const error of [badHash, quota, await badOption, await badKey]) {
      expect(leaks(error)).toStrictEqual([]);
    }
  });
});

describe('no failure of a WebSocket client holds the API key', () => {
  it.each([
    ['a refused handshake (wrong key)', WRONG],
    ['a refused handshake (a key URL encoding changes)', ODD],
  ])('%s', async (_name, apiKey) => {
    const error = await rejectionOf(
      client({ apiKey, transport: 'ws' }).getTransactionByHash(HASH),
    );
    expect(error).toBeInstanceOf(WebSocketRequestError);
    expect(leaks(error)).toStrictEqual([]);
  });

  it('an unreachable host, with the URL shown redacted', async () => {
    const error = await rejectionOf(
      client({
        wsUrl: `ws://${CLOSED_PORT}`,
        transport: 'ws',
      }).getTransactionByHash(HASH),
    );
    expect(error).toBeInstanceOf(WebSocketRequestError);
    expect((error as WebSocketRequestError).url).toBe(
      `ws://${CLOSED_PORT}/ws/v3/***`,
    );
    expect(leaks(error)).toStrictEqual([]);
  });

  it.each([
    [
      'a revert',
      {
        kind: 'rpc-error',
        error: {
          code: 3,
          message: 'execution reverted',
          data: encodeErrorString('no'),
        },
      } as const,
      ExecutionRevertedError,
    ],
    [
      'bad params (-32602 from the node)',
      {
        kind: 'rpc-error',
        error: { code: -32602, message: 'invalid argument 0' },
      } as const,
      InvalidParamsRpcError,
    ],
    [
      'a rate limit',
      {
        kind: 'rpc-error',
        error: {
          code: -32005,
          message: 'slow down',
          data: { backoff_seconds: 3600 },
        },
      } as const,
      RateLimitError,
    ],
    ['a timeout', { kind: 'hang' } as const, TimeoutError],
    ['a dropped socket', { kind: 'drop' } as const, SocketClosedError],
  ])('%s', async (_name, scripted, kind) => {
    const ws = client({ transport: 'ws', timeoutMs: 300 });
    await ws.getTransactionByHash(HASH); // opens the socket
    gateway.script(scripted);
    const error = await rejectionOf(ws.request('eth_estimateGas', [CALL]));
    // viem wraps some in its class of the code: the one wanted is in the chain.
    const wanted =
      error instanceof kind ||
      (error instanceof BaseError &&
        error.walk((each) => each instanceof kind) !== null);
    expect(wanted).toBe(true);
    expect(gateway.seen.map((seen) => seen.key)).toContain(KEY);
    expect(leaks(error)).toStrictEqual([]);
  });

  it('a call after close()', async () => {
    const ws = client({ transport: 'ws' });
    await ws.getTransactionByHash(HASH);
    await ws.close();
    const error = await rejectionOf(ws.getTransactionByHash(HASH));
    expect(error).toBeInstanceOf(SocketClosedError);
    expect(leaks(error)).toStrictEqual([]);
  });
});
