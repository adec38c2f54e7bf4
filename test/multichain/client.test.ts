import {
  createMultichainClient,
  MultichainErrorCode,
} from '../../src/client/multichain';
import { createInMemoryTransport } from '../../src/client/testing/multichain/transport';
import {
  BALANCE,
  EVM_ACCOUNT,
  EVM_AND_STARKNET,
  EVM_AND_STARKNET_GRANTED,
  POLYGON_ACCOUNT,
  rejection,
  setup,
} from './fixtures';

describe('createMultichainClient: session lifecycle', () => {
  it('starts with no session and sends nothing until it is used', () => {
    const { client, transport } = setup();

    expect(client.state).toBe('none');
    expect(client.session).toBeUndefined();
    expect(client.droppedNotifications).toBe(0);
    expect(transport.connectCount).toBe(0);
    expect(transport.requests).toStrictEqual([]);
  });

  it('createSession grants requested ∩ supported and moves none → active', async () => {
    const { client, engine, transport } = setup();

    const result = await client.createSession({
      optionalScopes: {
        ...EVM_AND_STARKNET.optionalScopes,
        'eip155:1': {
          methods: ['eth_chainId', 'eth_getBalance', 'eth_mine'],
          notifications: ['eth_subscription', 'eth_unknownEvent'],
        },
        'eip155:999': { methods: ['eth_chainId'] },
      },
    });

    expect(result).toStrictEqual({
      sessionScopes: {
        ...EVM_AND_STARKNET_GRANTED,
      },
      sessionProperties: {},
    });
    expect(client.state).toBe('active');
    expect(client.session).toStrictEqual(result);
    expect(engine.state).toBe('active');
    expect(transport.requests.map(({ method }) => method)).toStrictEqual([
      'wallet_getSession',
      'wallet_createSession',
    ]);
    expect(transport.requests[1]?.params).toStrictEqual({
      optionalScopes: {
        'eip155:1': {
          methods: ['eth_chainId', 'eth_getBalance', 'eth_mine'],
          notifications: ['eth_subscription', 'eth_unknownEvent'],
        },
        'starknet:SN_SEPOLIA': {
          methods: ['snapnet_getCurrentNetwork'],
          notifications: ['snapnet_accountsChanged'],
        },
        'eip155:999': { methods: ['eth_chainId'], notifications: [] },
      },
    });
  });

  it('does not send an empty sessionProperties, and carries given ones through', async () => {
    const expiry = '2999-01-01T00:00:00.000Z';
    const { client, transport } = setup({
      sessionProperties: { globalConfig: { theme: 'dark' } },
    });

    await client.createSession({ ...EVM_AND_STARKNET, sessionProperties: {} });
    const withProperties = await client.createSession({
      ...EVM_AND_STARKNET,
      sessionProperties: { expiry, appName: 'demo' },
    });

    expect(transport.requests[1]?.params).not.toHaveProperty(
      'sessionProperties',
    );
    expect(transport.requests[2]?.params).toHaveProperty('sessionProperties', {
      expiry,
      appName: 'demo',
    });
    expect(withProperties.sessionProperties).toStrictEqual({
      expiry,
      appName: 'demo',
      globalConfig: { theme: 'dark' },
    });
    expect(client.session?.sessionProperties.expiry).toBe(expiry);
  });

  it('merges requiredScopes into optionalScopes with a warning', async () => {
    const { client, transport, warnings } = setup();

    await client.createSession({
      optionalScopes: { 'eip155:1': { methods: ['eth_chainId'] } },
      requiredScopes: {
        'eip155:1': { methods: ['eth_getBalance'], accounts: [EVM_ACCOUNT] },
        'eip155:137': { methods: ['eth_chainId'] },
      },
    });

    expect(transport.requests[1]?.params).toStrictEqual({
      optionalScopes: {
        'eip155:1': {
          methods: ['eth_chainId', 'eth_getBalance'],
          notifications: [],
          accounts: [EVM_ACCOUNT],
        },
        'eip155:137': { methods: ['eth_chainId'], notifications: [] },
      },
    });
    expect(warnings).toStrictEqual([
      'requiredScopes (eip155:1, eip155:137) are treated as optional by the wallet; merged into optionalScopes',
    ]);
    expect(client.session?.sessionScopes['eip155:1']?.accounts).toStrictEqual([
      EVM_ACCOUNT,
    ]);
  });

  it('lets the wallet expand a bare namespace with references', async () => {
    const { client } = setup();

    const { sessionScopes } = await client.createSession({
      optionalScopes: {
        eip155: { references: ['1', '137'], methods: ['eth_chainId'] },
      },
    });

    expect(Object.keys(sessionScopes)).toStrictEqual([
      'eip155:1',
      'eip155:137',
    ]);
    expect(sessionScopes['eip155:137']).toStrictEqual({
      methods: ['eth_chainId'],
      notifications: [],
      accounts: [POLYGON_ACCOUNT],
    });
  });

  it('revokeSession answers true: the client is back to none, the wallet revoked', async () => {
    const { client, engine, transport } = setup();
    await client.createSession(EVM_AND_STARKNET);

    expect(await client.revokeSession()).toBe(true);
    expect(client.state).toBe('none');
    expect(client.session).toBeUndefined();
    expect(engine.state).toBe('revoked');

    const sent = transport.requests.length;
    const error = await rejection(
      client.invokeMethod({
        scope: 'eip155:1',
        request: { method: 'eth_chainId', params: [] },
      }),
    );
    expect(error.code).toBe(MultichainErrorCode.Unauthorized);
    expect(transport.requests).toHaveLength(sent);

    await client.createSession(EVM_AND_STARKNET);
    expect(client.state).toBe('active');
    expect(engine.state).toBe('active');
  });

  it('getSession with empty sessionScopes means no session', async () => {
    const { client } = setup();

    expect(await client.getSession()).toStrictEqual({ sessionScopes: {} });
    expect(client.state).toBe('none');
    expect(client.session).toBeUndefined();
  });

  it('getSession re-reads the granted scopes', async () => {
    const { client, transport } = setup();
    await client.createSession(EVM_AND_STARKNET);

    expect(await client.getSession()).toStrictEqual({
      sessionScopes: EVM_AND_STARKNET_GRANTED,
    });
    expect(transport.requests.map(({ method }) => method)).toStrictEqual([
      'wallet_getSession',
      'wallet_createSession',
      'wallet_getSession',
    ]);
  });

  it('connect picks up a session the wallet already has (page reload)', async () => {
    const { client, engine } = setup();
    await client.createSession(EVM_AND_STARKNET);
    const reloaded = createMultichainClient({
      transport: createInMemoryTransport(engine),
    });

    const session = await reloaded.connect();

    expect(reloaded.state).toBe('active');
    expect(session?.sessionScopes).toStrictEqual(EVM_AND_STARKNET_GRANTED);
    expect(
      await reloaded.invokeMethod({
        scope: 'eip155:1',
        request: { method: 'eth_chainId', params: [] },
      }),
    ).toStrictEqual({
      scope: 'eip155:1',
      result: { method: 'eth_chainId', result: '0x1' },
    });
  });

  it('goes active → revoked when the wallet ends the session itself', async () => {
    const { client, engine } = setup();
    await client.createSession(EVM_AND_STARKNET);

    engine.revoke();

    expect(client.state).toBe('revoked');
    expect(client.session).toBeUndefined();
    await client.createSession(EVM_AND_STARKNET);
    expect(client.state).toBe('active');
  });
});

describe('createMultichainClient: invokeMethod', () => {
  it('answers in the spec envelope { scope, result: { method, result } }', async () => {
    const { client, transport } = setup();
    await client.createSession(EVM_AND_STARKNET);

    const balance = await client.invokeMethod({
      scope: 'eip155:1',
      request: {
        method: 'eth_getBalance',
        params: [EVM_ACCOUNT.split(':')[2] ?? '', 'latest'],
      },
    });
    const network = await client.invokeMethod({
      scope: 'starknet:SN_SEPOLIA',
      request: { method: 'snapnet_getCurrentNetwork', params: {} },
    });

    expect(balance).toStrictEqual({
      scope: 'eip155:1',
      result: { method: 'eth_getBalance', result: BALANCE },
    });
    expect(network).toStrictEqual({
      scope: 'starknet:SN_SEPOLIA',
      result: {
        method: 'snapnet_getCurrentNetwork',
        result: { name: 'Sepolia', chainId: '0x534e5f5345504f4c4941' },
      },
    });
    expect(transport.requests.at(-1)).toStrictEqual({
      method: 'wallet_invokeMethod',
      params: {
        scope: 'starknet:SN_SEPOLIA',
        request: { method: 'snapnet_getCurrentNetwork', params: {} },
      },
    });
  });

  it('wraps the bare result MetaMask answers in the same envelope', async () => {
    const { client } = setup({ invokeResultShape: 'bare' });
    await client.createSession(EVM_AND_STARKNET);

    expect(
      await client.invokeMethod({
        scope: 'eip155:1',
        request: { method: 'eth_chainId', params: [] },
      }),
    ).toStrictEqual({
      scope: 'eip155:1',
      result: { method: 'eth_chainId', result: '0x1' },
    });
  });

  it.each([
    ['a method not granted', 'eip155:1', 'personal_sign'],
    ['a scope not granted', 'eip155:137', 'eth_chainId'],
    ['a scope never heard of', 'solana:mainnet', 'getBalance'],
  ])(
    'fails locally with 4100 for %s, before anything is sent',
    async (_case, scope, method) => {
      const { client, transport } = setup();
      await client.createSession(EVM_AND_STARKNET);
      const sent = transport.requests.length;

      const error = await rejection(
        client.invokeMethod({ scope, request: { method, params: [] } }),
      );

      expect(error.code).toBe(4100);
      expect(error.isUnauthorized()).toBe(true);
      expect(error.isUserRejection()).toBe(false);
      expect(error.message).toBe(
        `${method} on ${scope} was not granted in this session`,
      );
      expect(error.data).toStrictEqual({ scope, method });
      expect(transport.requests).toHaveLength(sent);
    },
  );

  it('fails with 4100 without connecting when there is no session', async () => {
    const { client, transport } = setup();

    const error = await rejection(
      client.invokeMethod({
        scope: 'eip155:1',
        request: { method: 'eth_chainId', params: [] },
      }),
    );

    expect(error.code).toBe(4100);
    expect(transport.connectCount).toBe(0);
    expect(transport.requests).toStrictEqual([]);
  });
});
