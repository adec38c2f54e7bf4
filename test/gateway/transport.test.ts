import type { Hex } from '@metamask/utils';
import {
  BaseError,
  HttpRequestError,
  InvalidParamsRpcError,
  RpcRequestError,
  SocketClosedError,
  TimeoutError,
  WebSocketRequestError,
} from 'viem';

import type {
  GatewayClient,
  GatewayClientOptions,
} from '../../src/client/gateway';
import {
  AuthError,
  createGatewayClient,
  ExecutionRevertedError,
  InvalidParamsError,
  isGatewayRefusal,
  QuotaExceededError,
  RateLimitError,
} from '../../src/client/gateway';
import type { Anvil } from './helpers/anvil';
import { anvilResult, startAnvil, waitForReceipt } from './helpers/anvil';
import type { Gateway } from './helpers/gateway';
import { httpUpstream, startGateway } from './helpers/gateway';

jest.setTimeout(60_000);

const KEY = 'transportkey';
const BLOCKED = 'blockedkey';
// Short waits keep retries quick; nothing below asserts on elapsed time.
const FAST_RETRY = { attempts: 3, baseDelayMs: 1, maxDelayMs: 2000 };

let anvil: Anvil;
let gateway: Gateway;
let txHash: Hex;
let expected: unknown;
const clients: GatewayClient[] = [];

/**
 * Creates a client of the local gateway, closed after all tests.
 *
 * @param options - Options over the defaults.
 * @returns The client.
 */
function client(options: Partial<GatewayClientOptions> = {}): GatewayClient {
  const created = createGatewayClient({
    apiKey: KEY,
    retry: FAST_RETRY,
    ...(options.transport === 'ws'
      ? { wsUrl: gateway.wsUrl }
      : { baseUrl: gateway.url }),
    ...options,
  });
  clients.push(created);
  return created;
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
 * The first error of a viem error's cause chain that is of a class.
 *
 * @param error - What a call threw.
 * @param kind - The viem error class wanted.
 * @returns That error, or null.
 */
function found<Kind>(
  error: unknown,
  kind: abstract new (...args: never[]) => Kind,
): Kind | null {
  expect(error).toBeInstanceOf(BaseError);
  return (error as BaseError).walk(
    (each) => each instanceof kind,
  ) as Kind | null;
}

beforeAll(async () => {
  anvil = await startAnvil();
  gateway = await startGateway({
    apiKey: KEY,
    blockedKey: BLOCKED,
    upstream: httpUpstream(anvil.url),
    upstreamWsUrl: anvil.wsUrl,
  });
  const [from, to] = (await anvilResult(anvil, 'eth_accounts')) as Hex[];
  txHash = (await anvilResult(anvil, 'eth_sendTransaction', [
    { from, to, value: '0x1' },
  ])) as Hex;
  await waitForReceipt(anvil, txHash);
  expected = await anvilResult(anvil, 'eth_getTransactionByHash', [txHash]);
});

beforeEach(() => gateway.reset());

afterAll(async () => {
  await Promise.all(clients.map(async (each) => each.close()));
  await gateway?.stop();
  await anvil?.stop();
});

describe('authentication', () => {
  it('maps 401 to AuthError, without retry or credits', async () => {
    const wrong = client({ apiKey: 'wrongkey', dailyCredits: 1000 });
    const error = await rejectionOf(wrong.getTransactionByHash(txHash));
    expect(error).toBeInstanceOf(AuthError);
    expect(error).toMatchObject({ status: 401, code: 401 });
    // viem's error stays reachable, as the cause.
    expect(
      (error as AuthError).walk((each) => each instanceof HttpRequestError),
    ).toMatchObject({ status: 401 });
    expect(gateway.seen).toHaveLength(1);
    expect(gateway.seen[0]?.key).toBe('wrongkey');
    expect(wrong.credits().spent).toBe(0);
  });

  it('maps 403 "rejected due to project ID settings" to AuthError', async () => {
    const error = await rejectionOf(
      client({ apiKey: BLOCKED }).getTransactionByHash(txHash),
    );
    expect(error).toBeInstanceOf(AuthError);
    expect(error).toMatchObject({
      status: 403,
      code: -32002,
      message: 'rejected due to project ID settings',
    });
    expect(gateway.seen).toHaveLength(1);
  });

  it('reports a refused WebSocket handshake as viem WebSocketRequestError, without credits', async () => {
    // The WebSocket API gives no handshake status (Node 22's and browsers' alike): the
    // error says the socket did not open and points to the HTTP client's AuthError.
    const wrong = client({
      apiKey: 'wrongkey',
      transport: 'ws',
      dailyCredits: 1000,
    });
    const error = await rejectionOf(wrong.getTransactionByHash(txHash));
    expect(error).toBeInstanceOf(WebSocketRequestError);
    expect((error as WebSocketRequestError).details).toContain('AuthError');
    expect(gateway.seen).toHaveLength(0);
    expect(wrong.credits().spent).toBe(0);
  });
});

describe('quota and rate limits', () => {
  it('never retries 402 or -33000', async () => {
    const quota = client({ dailyCredits: 1000 });
    gateway.script({ kind: 'http', status: 402, body: 'quota\n' });
    const spent = await rejectionOf(quota.getTransactionByHash(txHash));
    expect(spent).toBeInstanceOf(QuotaExceededError);
    expect(spent).toMatchObject({ status: 402, message: 'quota' });
    gateway.script({
      kind: 'rpc-error',
      error: { code: -33000, message: 'Credit quota exceeded' },
    });
    const error = await rejectionOf(quota.getTransactionByHash(txHash));
    expect(error).toBeInstanceOf(QuotaExceededError);
    expect(error).toMatchObject({ code: -33000 });
    expect(gateway.seen).toHaveLength(2);
    expect(quota.credits().spent).toBe(0);
  });

  it('retries 429 after Retry-After and charges only the answered attempt', async () => {
    const limited = client({ dailyCredits: 1000 });
    gateway.script({
      kind: 'http',
      status: 429,
      headers: { 'Retry-After': '0' },
      body: 'slow down',
    });
    expect(await limited.getTransactionByHash(txHash)).toStrictEqual(expected);
    expect(gateway.seen).toHaveLength(2);
    expect(limited.credits().spent).toBe(80);
  });

  it('gives up at once when Retry-After exceeds maxDelayMs, carrying it', async () => {
    gateway.script({
      kind: 'http',
      status: 429,
      headers: { 'Retry-After': '120' },
    });
    const error = await rejectionOf(client().getTransactionByHash(txHash));
    expect(error).toBeInstanceOf(RateLimitError);
    expect(isGatewayRefusal(error, 429)).toBe(true);
    expect(isGatewayRefusal(new InvalidParamsError('x'))).toBe(false);
    expect((error as RateLimitError).retryAfterMs).toBe(120_000);
    expect(gateway.seen).toHaveLength(1);
  });

  it('reads backoff_seconds of -32005 and retries', async () => {
    gateway.script(
      {
        kind: 'rpc-error',
        status: 429,
        error: {
          code: -32005,
          message: 'daily request count exceeded, request rate limited',
          data: { backoff_seconds: 0 },
        },
      },
      {
        kind: 'rpc-error',
        error: { code: -33200, message: 'Too Many Requests' },
      },
    );
    expect(await client().getTransactionByHash(txHash)).toStrictEqual(expected);
    expect(gateway.seen).toHaveLength(3);

    gateway.reset();
    gateway.script({
      kind: 'rpc-error',
      error: {
        code: -32005,
        message: 'limited',
        data: { backoff_seconds: 30 },
      },
    });
    const error = await rejectionOf(client().getTransactionByHash(txHash));
    expect(error).toMatchObject({ code: -32005, retryAfterMs: 30_000 });
    expect(gateway.seen).toHaveLength(1);
  });

  it('stops after the configured attempts', async () => {
    gateway.script(
      { kind: 'http', status: 429 },
      { kind: 'http', status: 429 },
      { kind: 'http', status: 429 },
      { kind: 'http', status: 429 },
    );
    expect(
      await rejectionOf(client().getTransactionByHash(txHash)),
    ).toBeInstanceOf(RateLimitError);
    expect(gateway.seen).toHaveLength(FAST_RETRY.attempts);
  });
});

describe('retries of server errors', () => {
  it('retries 500, 503 and 408', async () => {
    gateway.script(
      { kind: 'http', status: 500, body: 'boom' },
      { kind: 'http', status: 503 },
    );
    expect(await client().getTransactionByHash(txHash)).toStrictEqual(expected);
    expect(gateway.seen).toHaveLength(3);

    gateway.reset();
    gateway.script({ kind: 'http', status: 408 });
    expect(await client().getTransactionByHash(txHash)).toStrictEqual(expected);
    expect(gateway.seen).toHaveLength(2);
  });

  it('reports the last 5xx as viem HttpRequestError with its status', async () => {
    gateway.script(
      { kind: 'http', status: 502 },
      { kind: 'http', status: 502 },
      { kind: 'http', status: 502 },
    );
    const error = await rejectionOf(client().getTransactionByHash(txHash));
    expect(found(error, HttpRequestError)).toMatchObject({ status: 502 });
  });

  it('never retries -32602 or a revert', async () => {
    const error = await rejectionOf(
      client().request('eth_getTransactionByHash', ['0x62']),
    );
    expect(error).toBeInstanceOf(InvalidParamsRpcError);
    expect(gateway.seen).toHaveLength(1);

    gateway.reset();
    gateway.script({
      kind: 'rpc-error',
      error: { code: 3, message: 'execution reverted', data: '0x' },
    });
    const reverted = await rejectionOf(client().getTransactionByHash(txHash));
    expect(found(reverted, RpcRequestError)).toMatchObject({ code: 3 });
    expect(gateway.seen).toHaveLength(1);

    // Not even when the gateway sends the revert with an HTTP 500 status.
    gateway.reset();
    gateway.script({
      kind: 'rpc-error',
      status: 500,
      error: { code: 3, message: 'execution reverted', data: '0x' },
    });
    const charged = client();
    const answered = await rejectionOf(charged.getTransactionByHash(txHash));
    expect(answered).toBeInstanceOf(ExecutionRevertedError);
    expect(gateway.seen).toHaveLength(1);
    expect(charged.credits().spent).toBe(80); // it ran: charged, as reverts are
  });
});

describe('timeouts and dropped connections', () => {
  it('times out an HTTP call that gets no answer, without retrying', async () => {
    gateway.script({ kind: 'hang' });
    const error = await rejectionOf(
      client({ timeoutMs: 300 }).getTransactionByHash(txHash),
    );
    expect(error).toBeInstanceOf(TimeoutError);
    expect(gateway.seen).toHaveLength(1);
  });

  it('reports a dropped HTTP connection as viem HttpRequestError without status', async () => {
    gateway.script({ kind: 'drop' });
    const error = await rejectionOf(client().getTransactionByHash(txHash));
    expect(found(error, HttpRequestError)).toMatchObject({ status: undefined });
    expect(gateway.seen).toHaveLength(1);
  });

  it('times out a WebSocket call that gets no answer', async () => {
    gateway.script({ kind: 'hang' });
    const error = await rejectionOf(
      client({ transport: 'ws', timeoutMs: 300 }).getTransactionByHash(txHash),
    );
    expect(error).toBeInstanceOf(TimeoutError);
  });

  it('fails pending WebSocket calls when the socket drops, then reconnects', async () => {
    const socket = client({ transport: 'ws' });
    expect(await socket.getTransactionByHash(txHash)).toStrictEqual(expected);
    const before = gateway.connections();

    gateway.script({ kind: 'hold' }, { kind: 'drop' });
    const held = socket.getTransactionByHash(txHash);
    const dropped = socket.getTransactionByHash(txHash);
    const [first, second] = await Promise.all([
      rejectionOf(held),
      rejectionOf(dropped),
    ]);
    expect(found(first, SocketClosedError)).not.toBeNull();
    expect(found(second, SocketClosedError)).not.toBeNull();

    expect(await socket.getTransactionByHash(txHash)).toStrictEqual(expected);
    expect(gateway.connections()).toBe(before + 1);
  });

  it('matches WebSocket answers to calls by id, in any order', async () => {
    const socket = client({ transport: 'ws' });
    const missing: Hex = `0x${'cd'.repeat(32)}`;
    gateway.script({ kind: 'hold' });
    const first = socket.getTransactionByHash(txHash);
    const second = await socket.getTransactionByHash(missing);
    expect(second).toBeNull();
    gateway.release();
    expect(await first).toStrictEqual(expected);
  });

  it('retries a rate-limited WebSocket call', async () => {
    const socket = client({ transport: 'ws' });
    gateway.script({
      kind: 'rpc-error',
      error: { code: -32005, message: 'limited', data: { backoff_seconds: 0 } },
    });
    expect(await socket.getTransactionByHash(txHash)).toStrictEqual(expected);
    expect(gateway.seen).toHaveLength(2);
  });

  it('fails pending calls on close() and refuses later ones', async () => {
    const socket = client({ transport: 'ws' });
    expect(await socket.getTransactionByHash(txHash)).toStrictEqual(expected);
    gateway.script({ kind: 'hang' });
    const pending = rejectionOf(socket.getTransactionByHash(txHash));
    // Wait until the gateway has the call, so that it is pending on the socket.
    while (gateway.seen.length < 2) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await socket.close();
    expect(found(await pending, SocketClosedError)).not.toBeNull();
    expect(
      await rejectionOf(socket.getTransactionByHash(txHash)),
    ).toBeInstanceOf(SocketClosedError);
  });

  it('shares one socket per URL (viem caches it): close() of one client, the other reopens', async () => {
    const first = client({ transport: 'ws' });
    const second = client({ transport: 'ws' });
    expect(await first.getTransactionByHash(txHash)).toStrictEqual(expected);
    const before = gateway.connections();
    expect(await second.getTransactionByHash(txHash)).toStrictEqual(expected);
    expect(gateway.connections()).toBe(before);

    await first.close();
    expect(await second.getTransactionByHash(txHash)).toStrictEqual(expected);
    expect(gateway.connections()).toBe(before + 1);
  });
});
