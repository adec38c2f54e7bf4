/**
 * Our client against a wallet built from MetaMask's own multichain handlers
 * (`@metamask/multichain-api-middleware`, see metamaskWallet.ts): what the client sends
 * must be what MetaMask accepts, and what MetaMask answers must be what the client reads.
 */
import { getSessionScopes } from '@metamask/chain-agnostic-permission';
import { parseCaipAccountId } from '@metamask/utils';

import { createMultichainClient } from '../../src/client/multichain';
import { STARKNET_CHAIN_IDS } from '../../src/client/snap';
import { createInMemoryTransport } from '../../src/client/testing/multichain/transport';
import {
  BALANCE,
  EVM_ACCOUNT,
  rejection,
  STARKNET_ACCOUNT,
  SUPPORTED,
} from './fixtures';
import { createMetaMaskWallet } from './metamaskWallet';

const REQUEST = {
  optionalScopes: {
    'eip155:1': {
      methods: ['eth_chainId', 'eth_getBalance'],
      notifications: ['eth_subscription'],
      accounts: [EVM_ACCOUNT],
    },
    'starknet:SN_SEPOLIA': {
      methods: ['snapnet_getCurrentNetwork'],
      accounts: [STARKNET_ACCOUNT],
    },
    // Not a chain this wallet has: MetaMask leaves it out.
    'eip155:10': { methods: ['eth_chainId'] },
  },
};

/**
 * The client on a fresh MetaMask-handler wallet.
 *
 * @returns The client, the wallet and the transport's request log.
 */
function setup() {
  const wallet = createMetaMaskWallet();
  const transport = createInMemoryTransport(wallet.engine);
  const client = createMultichainClient({
    transport,
    onWarning: () => undefined,
  });
  return { client, wallet, transport };
}

describe('the client against MetaMask’s multichain handlers', () => {
  it('creates a session MetaMask computes from the request, and keeps it', async () => {
    const { client, wallet } = setup();

    const { sessionScopes } = await client.createSession(REQUEST);

    const stored = wallet.caveat();
    expect(stored).toBeDefined();
    // What MetaMask would answer from its stored caveat, computed by its own helper.
    const expected = getSessionScopes(stored?.value ?? never(), {
      getNonEvmSupportedMethods: (scope) => SUPPORTED[scope]?.methods ?? [],
    });
    expect(sessionScopes).toStrictEqual(expected);
    expect(Object.keys(sessionScopes).sort()).toStrictEqual([
      'eip155:1',
      'starknet:SN_SEPOLIA',
    ]);
    expect(sessionScopes['eip155:1']?.accounts).toStrictEqual([EVM_ACCOUNT]);
    expect(sessionScopes['starknet:SN_SEPOLIA']?.accounts).toStrictEqual([
      STARKNET_ACCOUNT,
    ]);
    expect(client.state).toBe('active');
    expect(client.session?.sessionScopes).toStrictEqual(expected);
  });

  it('invokes EVM and Starknet methods through MetaMask’s routing', async () => {
    const { client } = setup();
    await client.createSession(REQUEST);

    // Forwarded by MetaMask's handler to the chain's network client.
    const { result: balance } = await client.invokeMethod({
      scope: 'eip155:1',
      request: {
        method: 'eth_getBalance',
        params: [parseCaipAccountId(EVM_ACCOUNT).address, 'latest'],
      },
    });
    // Routed to the snap side by MetaMask's handler (not forwarded as EVM).
    const { result: network } = await client.invokeMethod({
      scope: 'starknet:SN_SEPOLIA',
      request: { method: 'snapnet_getCurrentNetwork', params: {} },
    });

    // MetaMask answers the bare result; the client puts it in the CAIP-27 envelope.
    expect(balance).toStrictEqual({
      method: 'eth_getBalance',
      result: BALANCE,
    });
    expect(network).toStrictEqual({
      method: 'snapnet_getCurrentNetwork',
      result: { name: 'Sepolia', chainId: STARKNET_CHAIN_IDS.sepolia },
    });
  });

  it('refuses what MetaMask did not grant, locally and in MetaMask alike', async () => {
    const { client, wallet, transport } = setup();
    await client.createSession(REQUEST);
    const sent = transport.requests.length;

    const local = await rejection(
      client.invokeMethod({
        scope: 'eip155:10',
        request: { method: 'eth_chainId', params: [] },
      }),
    );
    const direct = await wallet.engine.handleRequest({
      method: 'wallet_invokeMethod',
      params: {
        scope: 'eip155:10',
        request: { method: 'eth_chainId', params: [] },
      },
    });

    expect(local.code).toBe(4100);
    expect(transport.requests).toHaveLength(sent);
    expect(direct).toHaveProperty('error.code', 4100);
  });

  it('reads the session back after a reconnect and revokes it', async () => {
    const { client, transport } = setup();
    const { sessionScopes } = await client.createSession(REQUEST);
    transport.simulateDisconnect();

    expect(await client.getSession()).toStrictEqual({ sessionScopes });
    expect(await client.revokeSession()).toBe(true);
    expect(client.state).toBe('none');
    expect(await client.getSession()).toStrictEqual({ sessionScopes: {} });
  });

  it('answers 5100 when nothing requested is supported', async () => {
    const { client } = setup();

    const error = await rejection(
      client.createSession({
        optionalScopes: { 'eip155:10': { methods: ['eth_chainId'] } },
      }),
    );

    expect(error.code).toBe(5100);
    expect(client.state).toBe('none');
  });
});

/**
 * Fails a test that reached a value it should not have.
 */
function never(): never {
  throw new Error('expected a stored caveat');
}
