/**
 * The testing kit's session engine answers wallet_createSession as MetaMask's own handler
 * (`@metamask/multichain-api-middleware`, assembled in test/multichain/metamaskWallet.ts):
 * the same request to both, the same error or the same granted session properties.
 */
import { createSessionEngine } from '../../../src/client/testing/multichain/engine';
import { HANDLERS, SUPPORTED } from '../../multichain/fixtures';
import { createMetaMaskWallet } from '../../multichain/metamaskWallet';

const SCOPES = {
  optionalScopes: {
    'eip155:1': { methods: ['eth_chainId'], notifications: [] },
  },
};

/**
 * What the kit and MetaMask each answer to one wallet_createSession.
 *
 * @param params - The request's params.
 * @returns Both answers: the error, or the granted session properties.
 */
async function both(params: Record<string, unknown>) {
  const kit = createSessionEngine({ supported: SUPPORTED, handlers: HANDLERS });
  const metamask = createMetaMaskWallet().engine;
  const outcome = async (engine: typeof metamask) => {
    const response = await engine.handleRequest({
      method: 'wallet_createSession',
      params,
    });
    return 'error' in response
      ? { error: response.error }
      : { sessionProperties: Object(response.result).sessionProperties };
  };
  return { kit: await outcome(kit), metamask: await outcome(metamask) };
}

const REFUSED = {
  error: { code: 5302, message: 'Invalid sessionProperties requested' },
};

describe('the session engine against MetaMask’s wallet_createSession', () => {
  it.each([
    ['an empty object', {}],
    ['an empty array', []],
    ['a number', 5],
    ['true', true],
  ])(
    'refuses sessionProperties that are %s with 5302',
    async (_case, sessionProperties) => {
      const answers = await both({ ...SCOPES, sessionProperties });

      expect(answers).toStrictEqual({ kit: REFUSED, metamask: REFUSED });
    },
  );

  it('refuses empty sessionProperties before reading malformed scopes', async () => {
    const answers = await both({
      optionalScopes: { 'eip155:1': { methods: 'eth_chainId' } },
      sessionProperties: {},
    });

    expect(answers).toStrictEqual({ kit: REFUSED, metamask: REFUSED });
  });

  it.each([
    ['absent', undefined, {}],
    ['null', null, {}],
    ['a string', 'eip1193-compatible', {}],
    ['unknown members only', { expiry: 'soon', globalConfig: 'dark' }, {}],
    [
      'a known member beside unknown ones',
      { 'eip1193-compatible': true, foo: 1 },
      { 'eip1193-compatible': true },
    ],
  ])(
    'grants sessionProperties that are %s, keeping only known members',
    async (_case, sessionProperties, granted) => {
      // Absent is left out: a JSON-RPC request holds no `undefined`.
      const answers = await both(
        sessionProperties === undefined
          ? SCOPES
          : { ...SCOPES, sessionProperties },
      );

      expect(answers).toStrictEqual({
        kit: { sessionProperties: granted },
        metamask: { sessionProperties: granted },
      });
    },
  );

  it('answers 5100 in MetaMask’s words when nothing requested is supported', async () => {
    const answers = await both({
      optionalScopes: { 'eip155:10': { methods: ['eth_chainId'] } },
    });

    const unsupported = {
      error: { code: 5100, message: 'Requested scopes are not supported' },
    };
    expect(answers).toStrictEqual({ kit: unsupported, metamask: unsupported });
  });
});
