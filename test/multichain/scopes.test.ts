import type { CreateSessionParams } from '../../src/client/multichain';
import { EVM_ACCOUNT, POLYGON_ACCOUNT, rejection, setup } from './fixtures';

// Shapes the types already refuse; plain-JS dapps can still send them.
const withRpcEndpoints: CreateSessionParams = {
  optionalScopes: {
    // @ts-expect-error rpcEndpoints is not a supported scope member
    'eip155:1': { methods: [], rpcEndpoints: ['https://rpc.example'] },
  },
};
const methodsNotAList: CreateSessionParams = {
  // @ts-expect-error methods must be a list
  optionalScopes: { 'eip155:1': { methods: 'eth_chainId' } },
};
const notificationNotAString: CreateSessionParams = {
  // @ts-expect-error notifications must be strings
  optionalScopes: { 'eip155:1': { notifications: ['a', 7] } },
};

describe('createSession checks scopes before sending', () => {
  it.each<[string, CreateSessionParams, string, string]>([
    [
      'a key that is neither a chain id nor a namespace',
      { optionalScopes: { 'EIP155:1': { methods: [] } } },
      'optionalScopes["EIP155:1"]',
      'scope key is not a CAIP-2 chain id or a namespace',
    ],
    [
      'a key with an empty reference',
      { optionalScopes: { 'eip155:': { methods: [] } } },
      'optionalScopes["eip155:"]',
      'scope key is not a CAIP-2 chain id or a namespace',
    ],
    [
      'references on a chain key',
      { optionalScopes: { 'eip155:1': { references: ['1'] } } },
      'optionalScopes["eip155:1"].references',
      'references are only allowed on a bare-namespace key',
    ],
    [
      'a reference that is not CAIP-2',
      { optionalScopes: { eip155: { references: ['1', 'a b'] } } },
      'optionalScopes["eip155"].references[1]',
      '"a b" is not a CAIP-2 reference',
    ],
    [
      'a member outside references/methods/notifications/accounts',
      withRpcEndpoints,
      'optionalScopes["eip155:1"].rpcEndpoints',
      'unsupported member (only references, methods, notifications, accounts)',
    ],
    [
      'methods that are not a list',
      methodsNotAList,
      'optionalScopes["eip155:1"].methods',
      'expected an array of strings',
    ],
    [
      'a notification that is not a string',
      notificationNotAString,
      'optionalScopes["eip155:1"].notifications[1]',
      'expected a string',
    ],
    [
      'an account that is not CAIP-10',
      {
        optionalScopes: {
          'eip155:1': {
            accounts: ['0x5cfe73b6021e818b776b421b1c4db2474086a7e1'],
          },
        },
      },
      'optionalScopes["eip155:1"].accounts[0]',
      '"0x5cfe73b6021e818b776b421b1c4db2474086a7e1" is not a CAIP-10 account id',
    ],
    [
      'an account of another chain',
      {
        optionalScopes: {
          'eip155:1': { accounts: [EVM_ACCOUNT, POLYGON_ACCOUNT] },
        },
      },
      'optionalScopes["eip155:1"].accounts[1]',
      `account "${POLYGON_ACCOUNT}" is not in scope "eip155:1"`,
    ],
    [
      'an account outside the references of a namespace key',
      {
        optionalScopes: {
          eip155: { references: ['1'], accounts: [POLYGON_ACCOUNT] },
        },
      },
      'optionalScopes["eip155"].accounts[0]',
      `account "${POLYGON_ACCOUNT}" is not in scope "eip155"`,
    ],
    [
      'a bad requiredScopes key',
      {
        optionalScopes: { 'eip155:1': {} },
        requiredScopes: { 'eip155:1:0xabc': {} },
      },
      'requiredScopes["eip155:1:0xabc"]',
      'scope key is not a CAIP-2 chain id or a namespace',
    ],
  ])('refuses %s, naming it', async (_case, params, path, problem) => {
    const { client, transport } = setup();

    const error = await rejection(client.createSession(params));

    expect(error.code).toBe(-32602);
    expect(error.message).toBe(`${path}: ${problem}`);
    expect(error.data).toStrictEqual({ path });
    expect(transport.requests).toStrictEqual([]);
    expect(transport.connectCount).toBe(0);
  });

  it('refuses a request without any scope', async () => {
    const { client, transport } = setup();

    const error = await rejection(
      client.createSession({ optionalScopes: {}, requiredScopes: {} }),
    );

    expect(error.code).toBe(-32602);
    expect(error.message).toBe('optionalScopes: at least one scope is needed');
    expect(transport.requests).toStrictEqual([]);
  });

  it('accepts a namespace key with references and its accounts', async () => {
    const { client } = setup();

    const { sessionScopes } = await client.createSession({
      optionalScopes: {
        eip155: {
          references: ['1', '137'],
          methods: ['eth_chainId'],
          accounts: [EVM_ACCOUNT, POLYGON_ACCOUNT],
        },
      },
    });

    expect(sessionScopes['eip155:1']?.accounts).toStrictEqual([EVM_ACCOUNT]);
    expect(sessionScopes['eip155:137']?.accounts).toStrictEqual([
      POLYGON_ACCOUNT,
    ]);
  });
});
