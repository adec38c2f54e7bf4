import type { MultichainTransport } from '../../src/client/multichain';
import {
  createMultichainClient,
  MultichainError,
} from '../../src/client/multichain';
import { MULTICHAIN_ERROR_MESSAGES } from '../../src/client/multichain/errors';
import { createInMemoryTransport } from '../../src/client/testing/multichain/transport';
import { EVM_AND_STARKNET, rejection, setup } from './fixtures';

describe('MultichainError', () => {
  it('defaults to the standard message and keeps data and cause', () => {
    const cause = new Error('root');
    const error = new MultichainError(5100, undefined, {
      data: 'x',
      cause,
    });

    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('MultichainError');
    expect(error.message).toBe('Requested networks are not supported');
    expect(error.data).toBe('x');
    expect(error.cause).toBe(cause);
    expect(error.toJSON()).toStrictEqual({
      code: 5100,
      message: 'Requested networks are not supported',
      data: 'x',
    });
  });

  it('tells user rejections and unauthorized calls apart', () => {
    expect(new MultichainError(4001).isUserRejection()).toBe(true);
    expect(new MultichainError(4001).isUnauthorized()).toBe(false);
    expect(new MultichainError(4100).isUnauthorized()).toBe(true);
    expect(new MultichainError(4100).isUserRejection()).toBe(false);
  });
});

describe('wallet errors reach the dapp with their code and message', () => {
  it('5100 when nothing requested is supported', async () => {
    const { client } = setup();

    const error = await rejection(
      client.createSession({
        optionalScopes: { 'solana:mainnet': { methods: ['getBalance'] } },
      }),
    );

    expect(error.code).toBe(5100);
    expect(error.message).toBe('Requested networks are not supported');
    expect(client.state).toBe('none');
  });

  it.each([
    ['not ISO 8601', 'tomorrow', 'expiry must be an ISO 8601 timestamp'],
    ['in the past', '2000-01-01T00:00:00Z', 'expiry is in the past'],
  ])('5302 when sessionProperties.expiry is %s', async (_case, expiry, why) => {
    const { client } = setup();

    const error = await rejection(
      client.createSession({
        ...EVM_AND_STARKNET,
        sessionProperties: { expiry },
      }),
    );

    expect(error.code).toBe(5302);
    expect(error.message).toBe('Invalid sessionProperties requested');
    expect(error.data).toBe(why);
  });

  it('4001 when the user declines, and the client stays without a session', async () => {
    const { client, engine } = setup({ approve: () => false });

    const error = await rejection(client.createSession(EVM_AND_STARKNET));

    expect(error.code).toBe(4001);
    expect(error.message).toBe('User rejected the request.');
    expect(error.isUserRejection()).toBe(true);
    expect(client.state).toBe('none');
    expect(engine.state).toBe('none');
  });

  it.each([5000, 5101, 5102, 5201, 5202])(
    '%i from the wallet keeps its code and standard message',
    async (code) => {
      const { client } = setup({
        approve: () => {
          throw new MultichainError(code);
        },
      });

      const error = await rejection(client.createSession(EVM_AND_STARKNET));

      expect(error.code).toBe(code);
      expect(error.message).toBe(MULTICHAIN_ERROR_MESSAGES[code]);
      expect(error.cause).toStrictEqual({
        code,
        message: MULTICHAIN_ERROR_MESSAGES[code],
      });
    },
  );

  it('5000 with the original message when approval fails unexpectedly', async () => {
    const { client } = setup({
      approve: () => {
        throw new Error('approval UI crashed');
      },
    });

    const error = await rejection(client.createSession(EVM_AND_STARKNET));

    expect(error.code).toBe(5000);
    expect(error.message).toBe('approval UI crashed');
  });

  it('4100 from the wallet when another tab revoked the session', async () => {
    const { client, engine } = setup();
    await client.createSession(EVM_AND_STARKNET);
    const otherTab = createMultichainClient({
      transport: createInMemoryTransport(engine),
    });
    await otherTab.revokeSession();

    const error = await rejection(
      client.invokeMethod({
        scope: 'eip155:1',
        request: { method: 'eth_chainId', params: [] },
      }),
    );

    expect(error.code).toBe(4100);
    expect(error.message).toBe(
      'eth_chainId on eip155:1 is not authorized in this session',
    );
  });

  it('-32601 when a granted method has no implementation', async () => {
    const { client } = setup({ handlers: {} });
    await client.createSession(EVM_AND_STARKNET);

    const error = await rejection(
      client.invokeMethod({
        scope: 'eip155:1',
        request: { method: 'eth_chainId', params: [] },
      }),
    );

    expect(error.code).toBe(-32601);
    expect(error.message).toBe('The method does not exist / is not available.');
  });

  it.each([
    [
      -32602,
      new MultichainError(-32602, 'eth_getBalance: expected [address, block]'),
      'eth_getBalance: expected [address, block]',
      undefined,
    ],
    [-32603, new Error('node unreachable'), 'node unreachable', undefined],
    [
      3,
      Object.assign(new Error('execution reverted: nope'), {
        code: 3,
        data: '0x08c379a0',
      }),
      'execution reverted: nope',
      '0x08c379a0',
    ],
  ])(
    '%i from an invoked method is carried through',
    async (code, thrown, message, data) => {
      const failing = (): never => {
        throw thrown;
      };
      const { client } = setup({ handlers: { eth_getBalance: failing } });
      await client.createSession(EVM_AND_STARKNET);

      const error = await rejection(
        client.invokeMethod({
          scope: 'eip155:1',
          request: { method: 'eth_getBalance', params: {} },
        }),
      );

      expect(error.code).toBe(code);
      expect(error.message).toBe(message);
      expect(error.data).toBe(data);
    },
  );
});

describe('failures that are not wallet errors', () => {
  it('a transport failure becomes 4900 and keeps the cause', async () => {
    const cause = new Error('Transport request timed out');
    const { transport } = setup();
    const failing: MultichainTransport = {
      ...transport,
      request: async () => {
        throw cause;
      },
    };
    const client = createMultichainClient({ transport: failing });

    const error = await rejection(client.getSession());

    expect(error.code).toBe(4900);
    expect(error.message).toBe('Transport request timed out');
    expect(error.cause).toBe(cause);
  });

  it('a malformed wallet answer becomes -32603 naming the method', async () => {
    const { transport } = setup();
    const lying: MultichainTransport = {
      ...transport,
      request: async () => ({
        id: 1,
        jsonrpc: '2.0',
        result: { sessionScopes: { 'eip155:1': { methods: 'all' } } },
      }),
    };
    const client = createMultichainClient({ transport: lying });

    const error = await rejection(client.getSession());

    expect(error.code).toBe(-32603);
    expect(error.message).toMatch(
      /^wallet_getSession: unexpected result from the wallet \(result\.sessionScopes\["eip155:1"\]\.methods: expected an array of strings\)$/u,
    );
  });
});
