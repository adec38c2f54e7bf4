import { WebSocketRequestError } from 'viem';

import type { FetchFunction } from '../../src/client/gateway';
import {
  createGatewayClient,
  GATEWAY_NETWORKS,
  InvalidParamsError,
  METHOD_CREDITS,
} from '../../src/client/gateway';

const HASH = `0x${'12'.repeat(32)}` as const;

/**
 * A fetch that records what it is asked and answers `result: null`.
 *
 * @param calls - Where to record.
 * @returns The fetch.
 */
function recordingFetch(
  calls: { url: string; headers: Record<string, string>; body: string }[],
): FetchFunction {
  return async (url, init) => {
    const body = typeof init?.body === 'string' ? init.body : '';
    // Header names are case-insensitive; viem's http transport sends them lower-case.
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, key) => {
      headers[key] = value;
    });
    calls.push({ url: typeof url === 'string' ? url : '', headers, body });
    const { id } = JSON.parse(body) as { id: number };
    return new Response(JSON.stringify({ jsonrpc: '2.0', id, result: null }), {
      status: 200,
    });
  };
}

describe('createGatewayClient', () => {
  it('posts JSON to {base_url}/v3/<API_KEY>', async () => {
    const calls: {
      url: string;
      headers: Record<string, string>;
      body: string;
    }[] = [];
    const client = createGatewayClient({
      network: 'ethereum-mainnet',
      apiKey: 'abc123',
      fetch: recordingFetch(calls),
    });
    expect(await client.getTransactionByHash(HASH)).toBeNull();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('https://mainnet.infura.io/v3/abc123');
    expect(calls[0]?.headers).toStrictEqual({
      'content-type': 'application/json',
    });
    expect(JSON.parse(calls[0]?.body ?? '')).toStrictEqual({
      jsonrpc: '2.0',
      id: expect.any(Number),
      method: 'eth_getTransactionByHash',
      params: [HASH],
    });
  });

  it('drops a trailing slash of baseUrl', async () => {
    const calls: {
      url: string;
      headers: Record<string, string>;
      body: string;
    }[] = [];
    const client = createGatewayClient({
      baseUrl: 'https://gateway.example/',
      apiKey: 'key',
      fetch: recordingFetch(calls),
    });
    await client.getTransactionByHash(HASH);
    expect(calls[0]?.url).toBe('https://gateway.example/v3/key');
  });

  it('makes a WebSocket client of an EVM preset', () => {
    // The handshake itself, on {ws_url}/ws/v3/<API_KEY>, is in transport.test.ts.
    const client = createGatewayClient({
      network: 'ethereum-sepolia',
      apiKey: 'abc',
      transport: 'ws',
    });
    expect(client.transport).toBe('ws');
    expect(GATEWAY_NETWORKS['ethereum-sepolia'].wsUrl).toBe(
      'wss://sepolia.infura.io',
    );
  });

  it('opens {ws_url}/ws/v3/<API_KEY>, and returns the credits when it cannot', async () => {
    // Port 1 refuses the connection on loopback: nothing leaves the machine.
    const client = createGatewayClient({
      wsUrl: 'ws://127.0.0.1:1/',
      apiKey: 'abc',
      transport: 'ws',
      dailyCredits: 100,
    });
    const error: unknown = await client
      .getTransactionByHash(HASH)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(WebSocketRequestError);
    // The key is the URL's last segment, shown redacted.
    expect(error).toMatchObject({ url: 'ws://127.0.0.1:1/ws/v3/***' });
    expect(client.credits().spent).toBe(0);
    await client.close();
  });

  it.each([
    ['neither network nor baseUrl', { apiKey: 'k' }],
    [
      'both network and baseUrl',
      {
        apiKey: 'k',
        network: 'ethereum-mainnet',
        baseUrl: 'https://x.example',
      },
    ],
    ['an unknown network', { apiKey: 'k', network: 'dogechain' }],
    ['an empty apiKey', { apiKey: '', baseUrl: 'https://x.example' }],
    ['an apiKey with a slash', { apiKey: 'a/b', baseUrl: 'https://x.example' }],
    ['a baseUrl that is not http', { apiKey: 'k', baseUrl: 'ftp://x.example' }],
    [
      'a baseUrl with a query',
      { apiKey: 'k', baseUrl: 'https://x.example/?a=1' },
    ],
    [
      'a wsUrl that is not ws',
      { apiKey: 'k', transport: 'ws', wsUrl: 'https://x.example' },
    ],
    [
      'ws without wsUrl',
      { apiKey: 'k', transport: 'ws', baseUrl: 'https://x.example' },
    ],
    [
      'ws on Starknet',
      { apiKey: 'k', transport: 'ws', network: 'starknet-mainnet' },
    ],
    [
      'an unknown transport',
      { apiKey: 'k', baseUrl: 'https://x.example', transport: 'grpc' },
    ],
    [
      'a zero timeout',
      { apiKey: 'k', baseUrl: 'https://x.example', timeoutMs: 0 },
    ],
    [
      'zero attempts',
      { apiKey: 'k', baseUrl: 'https://x.example', retry: { attempts: 0 } },
    ],
    [
      'a negative budget',
      { apiKey: 'k', baseUrl: 'https://x.example', dailyCredits: -1 },
    ],
  ])('refuses %s at creation', (_name, options) => {
    // @ts-expect-error Deliberately wrong options, as plain JavaScript could pass.
    expect(() => createGatewayClient(options)).toThrow(InvalidParamsError);
  });

  it('names the option at fault and what it expects', () => {
    expect(() =>
      createGatewayClient({ apiKey: 'a b', baseUrl: 'https://x.example' }),
    ).toThrow('apiKey: expected the key as issued: not empty, no spaces');
    expect(() =>
      createGatewayClient({
        apiKey: 'k',
        baseUrl: 'https://x.example',
        retry: { attempts: 0 },
      }),
    ).toThrow(/retry\.attempts: Expected an? \w+ greater than or equal to 1/u);
  });

  it('names the option at fault in data.field', () => {
    expect(() =>
      createGatewayClient({ apiKey: 'k', baseUrl: 'ftp://x.example' }),
    ).toThrow(expect.objectContaining({ field: 'baseUrl', code: -32602 }));
  });
});

describe('documented constants', () => {
  it('prices methods as the Limits table does', () => {
    expect(METHOD_CREDITS).toStrictEqual({
      simulateTransaction: 160,
      getBlockProduction: 160,
      eth_getTransactionByBlockHashAndIndex: 150,
      eth_getUncleByBlockHashAndIndex: 150,
      eth_getTransactionByHash: 80,
      eth_call: 80,
    });
  });

  it('offers WebSocket only on EVM presets', () => {
    for (const preset of Object.values(GATEWAY_NETWORKS)) {
      expect('wsUrl' in preset).toBe(preset.family === 'evm');
    }
  });
});
