import type { SessionProposal } from '../../../src/client/testing/multichain/engine';
import { createSessionEngine } from '../../../src/client/testing/multichain/engine';
import { createInMemoryTransport } from '../../../src/client/testing/multichain/transport';
import {
  EVM_ACCOUNT,
  EVM_ACCOUNT_2,
  HANDLERS,
  POLYGON_ACCOUNT,
  SUPPORTED,
} from '../../multichain/fixtures';

/**
 * An engine and a connected in-memory transport, used raw (no client in between).
 *
 * @param options - Extra engine options.
 * @returns The engine, the transport and a `call` helper.
 */
async function wallet(
  options: Partial<Parameters<typeof createSessionEngine>[0]> = {},
) {
  const engine = createSessionEngine({
    supported: SUPPORTED,
    handlers: HANDLERS,
    ...options,
  });
  const transport = createInMemoryTransport(engine);
  await transport.connect();
  const call = async (method: string, params?: unknown) =>
    engine.handleRequest({ method, params });
  return { engine, transport, call };
}

describe('createSessionEngine', () => {
  it('answers through the transport in JSON-RPC envelopes', async () => {
    const { transport } = await wallet();

    expect(
      await transport.request({ method: 'wallet_getSession', params: {} }),
    ).toStrictEqual({ id: 1, jsonrpc: '2.0', result: { sessionScopes: {} } });
    expect(
      await transport.request({ method: 'wallet_foo', params: {} }),
    ).toStrictEqual({
      id: 2,
      jsonrpc: '2.0',
      error: {
        code: -32601,
        message: 'The method does not exist / is not available.',
      },
    });
  });

  it('grants requested ∩ supported; preselects requested accounts it has', async () => {
    const { call, engine } = await wallet();

    const response = await call('wallet_createSession', {
      optionalScopes: {
        'eip155:1': {
          methods: ['eth_chainId', 'eth_sendTransaction'],
          notifications: ['eth_subscription'],
          accounts: [
            EVM_ACCOUNT_2,
            'eip155:1:0x0000000000000000000000000000000000000001',
          ],
        },
        eip155: { references: ['137', '10'], methods: ['eth_chainId'] },
      },
    });

    expect(response).toStrictEqual({
      result: {
        sessionScopes: {
          'eip155:1': {
            methods: ['eth_chainId'],
            notifications: ['eth_subscription'],
            accounts: [EVM_ACCOUNT_2],
          },
          'eip155:137': {
            methods: ['eth_chainId'],
            notifications: [],
            accounts: [POLYGON_ACCOUNT],
          },
        },
        sessionProperties: {},
      },
    });
    expect(engine.state).toBe('active');
  });

  it('grants every supported account when none asked for is supported', async () => {
    const { call } = await wallet();

    const response = await call('wallet_createSession', {
      optionalScopes: {
        'eip155:1': {
          methods: [],
          notifications: [],
          accounts: ['eip155:1:0x0000000000000000000000000000000000000001'],
        },
      },
    });

    expect(response).toHaveProperty('result.sessionScopes.eip155:1.accounts', [
      EVM_ACCOUNT,
      EVM_ACCOUNT_2,
    ]);
  });

  it('shows approve the request and the grant; false answers 4001', async () => {
    const proposals: SessionProposal[] = [];
    const { call, engine } = await wallet({
      approve: (proposal) => {
        proposals.push(proposal);
        return false;
      },
      sessionProperties: { globalConfig: { origin: 'test' } },
    });

    const response = await call('wallet_createSession', {
      requiredScopes: { 'eip155:137': { methods: ['eth_chainId'] } },
    });

    expect(response).toStrictEqual({
      error: { code: 4001, message: 'User rejected the request.' },
    });
    expect(proposals).toStrictEqual([
      {
        // MetaMask's normalized form (chain-agnostic-permission): accounts always present.
        requestedScopes: {
          'eip155:137': {
            methods: ['eth_chainId'],
            notifications: [],
            accounts: [],
          },
        },
        grantedScopes: {
          'eip155:137': {
            methods: ['eth_chainId'],
            notifications: [],
            accounts: [POLYGON_ACCOUNT],
          },
        },
        sessionProperties: { globalConfig: { origin: 'test' } },
      },
    ]);
    expect(engine.state).toBe('none');
  });

  it('answers 5100 when nothing requested is supported', async () => {
    const { call } = await wallet();

    expect(
      await call('wallet_createSession', {
        optionalScopes: { 'bip122:000000000019d6689c085ae165831e93': {} },
      }),
    ).toStrictEqual({
      error: { code: 5100, message: 'Requested scopes are not supported' },
    });
  });

  it('answers 5302 to empty sessionProperties, as MetaMask; drops unknown ones', async () => {
    const { call, engine } = await wallet();
    const scopes = { 'eip155:1': { methods: ['eth_chainId'] } };

    const refused = await call('wallet_createSession', {
      optionalScopes: scopes,
      sessionProperties: {},
    });
    expect(refused).toStrictEqual({
      error: { code: 5302, message: 'Invalid sessionProperties requested' },
    });
    expect(engine.state).toBe('none');

    const granted = await call('wallet_createSession', {
      optionalScopes: scopes,
      sessionProperties: { expiry: 'soon', 'eip1193-compatible': true },
    });
    expect(granted).toHaveProperty('result.sessionProperties', {
      'eip1193-compatible': true,
    });
  });

  it.each([
    [
      'wallet_createSession',
      ['eip155:1'],
      'wallet_createSession: params must be an object',
    ],
    [
      'wallet_createSession',
      { optionalScopes: { 'eip155:1': { methods: 'eth_chainId' } } },
      'optionalScopes["eip155:1"].methods: expected an array of strings',
    ],
    ['wallet_getSession', 'now', 'wallet_getSession: params must be an object'],
    [
      'wallet_invokeMethod',
      { scope: 'eip155:1' },
      'wallet_invokeMethod: expected { scope: string, request: { method: string, params: object | array } }',
    ],
  ])(
    'answers -32602 to %s with malformed params',
    async (method, params, message) => {
      const { call } = await wallet();

      expect(await call(method, params)).toHaveProperty('error', {
        code: -32602,
        message,
        ...(message.startsWith('optionalScopes')
          ? { data: { path: 'optionalScopes["eip155:1"].methods' } }
          : {}),
      });
    },
  );

  it('answers 4100 to invoke outside the session', async () => {
    const { call } = await wallet();
    const invoke = async (scope: string, method: string) =>
      call('wallet_invokeMethod', { scope, request: { method, params: [] } });

    expect(await invoke('eip155:1', 'eth_chainId')).toHaveProperty(
      'error.code',
      4100,
    );
    await call('wallet_createSession', {
      optionalScopes: { 'eip155:1': { methods: ['eth_chainId'] } },
    });
    expect(await invoke('eip155:1', 'eth_chainId')).toStrictEqual({
      result: {
        scope: 'eip155:1',
        result: { method: 'eth_chainId', result: '0x1' },
      },
    });
    expect(await invoke('eip155:1', 'eth_getBalance')).toStrictEqual({
      error: {
        code: 4100,
        message: 'eth_getBalance on eip155:1 is not authorized in this session',
      },
    });
    expect(await invoke('eip155:137', 'eth_chainId')).toHaveProperty(
      'error.code',
      4100,
    );
  });

  it('answers the bare result when configured like MetaMask', async () => {
    const { call } = await wallet({ invokeResultShape: 'bare' });
    await call('wallet_createSession', {
      optionalScopes: { 'eip155:137': { methods: ['eth_chainId'] } },
    });

    expect(
      await call('wallet_invokeMethod', {
        scope: 'eip155:137',
        request: { method: 'eth_chainId', params: [] },
      }),
    ).toStrictEqual({ result: '0x89' });
  });

  it('revokes with true: active → revoked, then getSession is empty', async () => {
    const { call, engine } = await wallet();
    await call('wallet_createSession', {
      optionalScopes: { 'eip155:1': { methods: ['eth_chainId'] } },
    });

    expect(await call('wallet_revokeSession', {})).toStrictEqual({
      result: true,
    });
    expect(engine.state).toBe('revoked');
    expect(await call('wallet_getSession', {})).toStrictEqual({
      result: { sessionScopes: {} },
    });
  });

  it('pushes sessionChanged with the full scopes, and notify as given', async () => {
    const { engine, transport } = await wallet();
    const pushed: unknown[] = [];
    transport.onNotification((message) => pushed.push(message));
    const scopes = {
      'eip155:1': { methods: ['eth_chainId'], notifications: [], accounts: [] },
    };

    engine.updateScopes(scopes);
    engine.notify('eip155:137', { method: 'eth_subscription', params: {} });
    engine.revoke();

    expect(pushed).toStrictEqual([
      {
        jsonrpc: '2.0',
        method: 'wallet_sessionChanged',
        params: { sessionScopes: scopes },
      },
      {
        jsonrpc: '2.0',
        method: 'wallet_notify',
        params: {
          scope: 'eip155:137',
          notification: { method: 'eth_subscription', params: {} },
        },
      },
      {
        jsonrpc: '2.0',
        method: 'wallet_sessionChanged',
        params: { sessionScopes: {} },
      },
    ]);
    expect(engine.state).toBe('revoked');
  });

  it('simulates a dropped connection: nothing is delivered, requests fail with 4900', async () => {
    const { engine, transport } = await wallet();
    const received: unknown[] = [];
    transport.onNotification((message) => received.push(message));

    transport.simulateDisconnect();
    engine.notify('eip155:1', { method: 'eth_subscription' });

    expect(transport.isConnected()).toBe(false);
    expect(received).toStrictEqual([]);
    await expect(
      transport.request({ method: 'wallet_getSession', params: {} }),
    ).rejects.toMatchObject({ code: 4900, message: 'Transport not connected' });

    await transport.connect();
    engine.notify('eip155:1', { method: 'eth_subscription' });
    expect(received).toHaveLength(1);
  });

  it('forgets notification callbacks on disconnect, as the MetaMask transports do', async () => {
    const { engine, transport } = await wallet();
    const listener = jest.fn();
    transport.onNotification(listener);

    await transport.disconnect();
    await transport.connect();
    engine.notify('eip155:1', { method: 'eth_subscription' });

    expect(listener).not.toHaveBeenCalled();
  });

  it('refuses supported scopes whose accounts are not CAIP-10', () => {
    expect(() =>
      createSessionEngine({
        supported: {
          'eip155:1': {
            methods: [],
            notifications: [],
            // @ts-expect-error an address alone is not a CAIP-10 account id
            accounts: ['0xnot-caip'],
          },
        },
      }),
    ).toThrow(/accounts/u);
  });
});
