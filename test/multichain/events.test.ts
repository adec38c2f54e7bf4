import type {
  MultichainTransport,
  SessionChangedEvent,
  TransportRequestOptions,
  WalletNotifyEvent,
} from '../../src/client/multichain';
import { createMultichainClient } from '../../src/client/multichain';
import {
  EVM_ACCOUNT,
  EVM_AND_STARKNET,
  EVM_AND_STARKNET_GRANTED,
  rejection,
  setup,
  STARKNET_ACCOUNT,
} from './fixtures';

const NEW_HEADS = {
  method: 'eth_subscription',
  params: { subscription: '0xabc', result: { number: '0x10' } },
};

describe('onNotify', () => {
  it('delivers wallet_notify for granted scopes and notifications only, counting the rest', async () => {
    const { client, engine, warnings } = setup();
    await client.createSession(EVM_AND_STARKNET);
    const received: WalletNotifyEvent[] = [];
    client.onNotify((event) => received.push(event));

    engine.notify('eip155:1', NEW_HEADS);
    engine.notify('starknet:SN_SEPOLIA', {
      method: 'snapnet_accountsChanged',
      params: { accounts: [STARKNET_ACCOUNT] },
    });
    engine.notify('eip155:137', NEW_HEADS);
    engine.notify('eip155:1', { method: 'eth_unknownEvent', params: {} });
    engine.emit('wallet_notify', { scope: 'eip155:1' });
    engine.emit('metamask_chainChanged', { chainId: '0x1' });

    expect(received).toStrictEqual([
      { scope: 'eip155:1', notification: NEW_HEADS },
      {
        scope: 'starknet:SN_SEPOLIA',
        notification: {
          method: 'snapnet_accountsChanged',
          params: { accounts: [STARKNET_ACCOUNT] },
        },
      },
    ]);
    expect(client.droppedNotifications).toBe(3);
    expect(warnings).toStrictEqual(['dropped a malformed wallet_notify']);
  });

  it('drops notifications when there is no session', async () => {
    const { client, engine } = setup();
    await client.connect();
    const listener = jest.fn();
    client.onNotify(listener);

    engine.notify('eip155:1', NEW_HEADS);

    expect(listener).not.toHaveBeenCalled();
    expect(client.droppedNotifications).toBe(1);
  });

  it('unsubscribes one listener without touching the others', async () => {
    const { client, engine } = setup();
    await client.createSession(EVM_AND_STARKNET);
    const first = jest.fn();
    const second = jest.fn();
    const unsubscribe = client.onNotify(first);
    client.onNotify(second);

    engine.notify('eip155:1', NEW_HEADS);
    unsubscribe();
    engine.notify('eip155:1', NEW_HEADS);

    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(2);
  });

  it('keeps delivering when a listener throws, and reports it', async () => {
    const { client, engine, warnings } = setup();
    await client.createSession(EVM_AND_STARKNET);
    const after = jest.fn();
    client.onNotify(() => {
      throw new Error('listener bug');
    });
    client.onNotify(after);

    engine.notify('eip155:1', NEW_HEADS);

    expect(after).toHaveBeenCalledWith({
      scope: 'eip155:1',
      notification: NEW_HEADS,
    });
    expect(warnings).toStrictEqual(['a listener threw']);
  });
});

describe('onSessionChanged', () => {
  it('delivers the full updated scopes and replaces the cached ones', async () => {
    const { client, engine, transport } = setup();
    await client.createSession(EVM_AND_STARKNET);
    const changes: SessionChangedEvent[] = [];
    client.onSessionChanged((event) => changes.push(event));
    const updated = {
      'eip155:1': {
        methods: ['eth_chainId', 'personal_sign'],
        notifications: [],
        accounts: [EVM_ACCOUNT],
      },
    };

    engine.updateScopes(updated);

    expect(changes).toStrictEqual([{ sessionScopes: updated }]);
    expect(client.session?.sessionScopes).toStrictEqual(updated);
    expect(client.state).toBe('active');

    const sent = transport.requests.length;
    const error = await rejection(
      client.invokeMethod({
        scope: 'starknet:SN_SEPOLIA',
        request: { method: 'snapnet_getCurrentNetwork', params: {} },
      }),
    );
    expect(error.code).toBe(4100);
    expect(transport.requests).toHaveLength(sent);

    const listener = jest.fn();
    client.onNotify(listener);
    engine.notify('eip155:1', NEW_HEADS);
    expect(listener).not.toHaveBeenCalled();
    expect(client.droppedNotifications).toBe(1);
  });

  it('an empty sessionChanged revokes the session', async () => {
    const { client, engine } = setup();
    await client.createSession(EVM_AND_STARKNET);
    const listener = jest.fn();
    client.onSessionChanged(listener);

    engine.revoke();

    expect(listener).toHaveBeenCalledWith({ sessionScopes: {} });
    expect(client.state).toBe('revoked');
    expect(client.session).toBeUndefined();
  });

  it('unsubscribes', async () => {
    const { client, engine } = setup();
    await client.createSession(EVM_AND_STARKNET);
    const listener = jest.fn();
    const unsubscribe = client.onSessionChanged(listener);

    unsubscribe();
    engine.updateScopes(EVM_AND_STARKNET_GRANTED);

    expect(listener).not.toHaveBeenCalled();
    expect(client.session?.sessionScopes).toStrictEqual(
      EVM_AND_STARKNET_GRANTED,
    );
  });

  it('ignores a malformed sessionChanged with a warning', async () => {
    const { client, engine, warnings } = setup();
    await client.createSession(EVM_AND_STARKNET);

    engine.emit('wallet_sessionChanged', { sessionScopes: 'everything' });

    expect(client.session?.sessionScopes).toStrictEqual(
      EVM_AND_STARKNET_GRANTED,
    );
    expect(warnings).toStrictEqual([
      'ignored a malformed wallet_sessionChanged',
    ]);
  });
});

describe('reconnecting', () => {
  const widened = {
    ...EVM_AND_STARKNET_GRANTED,
    'eip155:1': {
      methods: ['eth_chainId', 'eth_getBalance', 'personal_sign'],
      notifications: ['eth_subscription'],
      accounts: [EVM_ACCOUNT],
    },
  };

  it('re-reads the session after the transport reconnects', async () => {
    const sign = (): string => '0xsigned';
    const { client, engine, transport } = setup({
      handlers: { personal_sign: sign },
    });
    await client.createSession(EVM_AND_STARKNET);
    const changes = jest.fn();
    const notifications = jest.fn();
    client.onSessionChanged(changes);
    client.onNotify(notifications);

    transport.simulateDisconnect();
    engine.updateScopes(widened);
    engine.notify('eip155:1', NEW_HEADS);
    expect(changes).not.toHaveBeenCalled();

    const signed = await client.invokeMethod({
      scope: 'eip155:1',
      request: { method: 'personal_sign', params: ['0x00', EVM_ACCOUNT] },
    });

    expect(signed.result.result).toBe('0xsigned');
    expect(transport.connectCount).toBe(2);
    expect(
      transport.requests.slice(-2).map(({ method }) => method),
    ).toStrictEqual(['wallet_getSession', 'wallet_invokeMethod']);
    expect(changes).toHaveBeenCalledTimes(1);
    expect(changes).toHaveBeenCalledWith({ sessionScopes: widened });

    engine.notify('eip155:1', NEW_HEADS);
    expect(notifications).toHaveBeenCalledTimes(1);
  });

  it('finds a session revoked while disconnected', async () => {
    const { client, engine, transport } = setup();
    await client.createSession(EVM_AND_STARKNET);

    transport.simulateDisconnect();
    engine.revoke();
    const session = await client.connect();

    expect(session).toBeUndefined();
    expect(client.state).toBe('revoked');
  });

  it('subscribes again after disconnect and connect', async () => {
    const { client, engine } = setup();
    await client.createSession(EVM_AND_STARKNET);
    const listener = jest.fn();
    client.onNotify(listener);

    await client.disconnect();
    engine.notify('eip155:1', NEW_HEADS);
    await client.connect();
    engine.notify('eip155:1', NEW_HEADS);

    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('retries the first session read with the warm-up timeout', async () => {
    const { client: creator, transport } = setup();
    await creator.createSession(EVM_AND_STARKNET);
    const timeouts: (TransportRequestOptions | undefined)[] = [];
    let failures = 2;
    const slowWallet: MultichainTransport = {
      ...transport,
      warmupTimeout: 200,
      request: async (request, options) => {
        timeouts.push(options);
        if (failures > 0) {
          failures -= 1;
          throw new Error('Transport request timed out');
        }
        return transport.request(request, options);
      },
    };
    await transport.disconnect();
    const client = createMultichainClient({ transport: slowWallet });

    const session = await client.connect();
    await client.invokeMethod({
      scope: 'eip155:1',
      request: { method: 'eth_chainId', params: [] },
    });

    expect(session?.sessionScopes).toStrictEqual(EVM_AND_STARKNET_GRANTED);
    expect(timeouts).toStrictEqual([
      { timeout: 200 },
      { timeout: 200 },
      { timeout: 200 },
      undefined,
    ]);
  });
});
