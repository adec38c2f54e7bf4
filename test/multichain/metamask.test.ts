/**
 * snapnet/multichain (upstream's client, typed for Starknet) against a wallet built from
 * MetaMask's own multichain handlers (`@metamask/multichain-api-middleware`, see
 * metamaskWallet.ts): the Starknet scope and helpers must be what MetaMask accepts, and
 * what MetaMask answers must come back through upstream unchanged.
 */
import { getSessionScopes } from '@metamask/chain-agnostic-permission';
import { parseCaipAccountId } from '@metamask/utils';

import {
  createMultichainClient,
  MultichainErrorCode,
} from '../../src/client/multichain';
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

// Upstream types eth_getBalance's address as hex.
const EVM_ADDRESS =
  `0x${parseCaipAccountId(EVM_ACCOUNT).address.slice(2)}` as const;

const REQUEST = {
  optionalScopes: {
    'eip155:1': {
      methods: ['eth_chainId', 'eth_getBalance'],
      notifications: ['eth_subscription'],
      accounts: [EVM_ACCOUNT],
    },
    'starknet:SN_SEPOLIA': {
      methods: ['starknet_chainId'],
      notifications: [],
      accounts: [STARKNET_ACCOUNT],
    },
    // Not a chain this wallet has: MetaMask leaves it out.
    'eip155:10': { methods: ['eth_chainId'], notifications: [] },
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
  const client = createMultichainClient({ transport });
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
    expect(await client.getSession()).toStrictEqual({
      sessionScopes: expected,
    });
  });

  it('invokes EVM and Starknet methods through MetaMask’s routing', async () => {
    const { client } = setup();
    await client.createSession(REQUEST);

    // Forwarded by MetaMask's handler to the chain's network client.
    const balance = await client.invokeMethod({
      scope: 'eip155:1',
      request: {
        method: 'eth_getBalance',
        params: [EVM_ADDRESS, 'latest'],
      },
    });
    // Routed to the snap side by MetaMask's handler (not forwarded as EVM).
    const network = await client.invokeMethod({
      scope: 'starknet:SN_SEPOLIA',
      request: { method: 'starknet_chainId', params: [] },
    });

    // MetaMask answers the bare result, typed by upstream (EVM) and the snap (Starknet).
    expect(balance).toBe(BALANCE);
    expect(network).toBe(STARKNET_CHAIN_IDS.sepolia);
  });

  it('passes on MetaMask’s 4100 for what it did not grant', async () => {
    const { client } = setup();
    await client.createSession(REQUEST);

    const refused = await rejection(
      client.invokeMethod({
        scope: 'eip155:10',
        request: { method: 'eth_chainId', params: [] },
      }),
    );

    expect(refused.code).toBe(MultichainErrorCode.Unauthorized);
  });

  it('revokes the session, then disconnects', async () => {
    const { client, transport } = setup();
    await client.createSession(REQUEST);

    await client.revokeSession({});

    expect(transport.isConnected()).toBe(false);
    expect(await client.getSession()).toStrictEqual({ sessionScopes: {} });
  });

  it('answers 5100 when nothing requested is supported', async () => {
    const { client } = setup();

    const error = await rejection(
      client.createSession({
        optionalScopes: {
          'eip155:10': { methods: ['eth_chainId'], notifications: [] },
        },
      }),
    );

    expect(error.code).toBe(MultichainErrorCode.UnsupportedNetworks);
    expect(await client.getSession()).toStrictEqual({ sessionScopes: {} });
  });
});

/**
 * Fails a test that reached a value it should not have.
 */
function never(): never {
  throw new Error('expected a stored caveat');
}
