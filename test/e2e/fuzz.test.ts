/**
 * A sample of the fuzzed malformed params (test/unit/paramFuzz.test.ts runs 200 per
 * method through the dispatcher) sent through the built snap: 15 per method, plus
 * cases only the handlers can judge (typed data, signatures, addresses of other
 * wallets). Each is refused with -32602 naming the field (a page asking about an address
 * it was not given gets 4100 first, MetaMask the -32602); the snap's observable state
 * stays identical and the node receives nothing.
 */
import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Json, JsonRpcParams } from '@metamask/utils';
import * as fc from 'fast-check';

import type { MethodName } from '../../src/api/methods';
import { methods } from '../../src/api/methods';
import { fakeNode } from '../../src/fakeNode/admin';
import { STATE_VERSION } from '../../src/state/store';
import { malformedCases, namesField } from '../fixtures/malformedParams';
import { KEY_EXPORT_ORIGIN } from '../fixtures/origins';
import { MAIL_REV1 } from '../fixtures/typedData';
import { SEPOLIA } from '../fixtures/wallet';
import type { Snap } from './hardening';
import {
  ACCOUNTS,
  LeakRecorder,
  STRK,
  answerAll,
  observableState,
} from './hardening';
import {
  DAPP_ORIGIN,
  connectedPages,
  errorOf,
  installSnapnet,
  resultOf,
} from './helpers';

const SAMPLES = 15;
const METHODS = Object.keys(methods) as MethodName[];
const node = fakeNode('sepolia');
const recorder = new LeakRecorder();
const OWN = ACCOUNTS[0]?.address ?? '';
const STRANGER = `0x0${'5'.repeat(63)}`;

/**
 * Narrows generated params to what a JSON-RPC request can carry.
 *
 * @param value - Generated params.
 * @returns The params.
 */
function asParams(value: Json): JsonRpcParams {
  if (Array.isArray(value)) {
    return value;
  }
  if (typeof value === 'object' && value !== null) {
    return value;
  }
  throw new Error(`not JSON-RPC params: ${JSON.stringify(value)}`);
}

let snap: Snap;
let before: Json;

/**
 * Sends a request that must be refused with -32602 naming `field`.
 *
 * @param method - Method.
 * @param params - Malformed params.
 * @param field - The field the error must name (or a path inside it).
 * @param walletCode - Expected Starknet wallet code.
 * @param origin - Who asks: the key export page by default, so
 * snapnet_displayPrivateKey reads its params too.
 */
async function expectRefused(
  method: string,
  params: JsonRpcParams,
  field: string,
  walletCode = 114,
  origin = KEY_EXPORT_ORIGIN,
): Promise<void> {
  const error = recorder.record(
    errorOf(await snap.request({ method, params, origin })),
  );
  const context = `${method} ${JSON.stringify(params).slice(0, 200)}`;
  expect({ context, code: error.code }).toStrictEqual({
    context,
    code: -32602,
  });
  expect({
    context,
    named: namesField(error.data?.field, field),
  }).toStrictEqual({ context, named: true });
  expect(error.message).toContain(String(error.data?.field));
  expect(error.data?.walletRpcError).toMatchObject({ code: walletCode });
}

describe('fuzzed params through the built snap', () => {
  beforeAll(async () => {
    // State worth keeping: two accounts, a watched token, a mined transaction.
    await node.reset();
    await node.deployAccount({ publicKey: ACCOUNTS[0]?.publicKey ?? '' });
    await node.setBalance(STRK, OWN, 10n ** 19n);
    await node.addToken({
      address: '0x1234',
      name: 'Kept',
      symbol: 'KEPT',
      decimals: 4,
    });
    // The key export page, which asks below, was given the seed's first accounts too.
    snap = await installSnapnet({
      state: {
        version: STATE_VERSION,
        grants: connectedPages(DAPP_ORIGIN, KEY_EXPORT_ORIGIN),
      },
    });
    for (const addressIndex of [0, 1]) {
      resultOf(
        await snap.request({
          method: 'snapnet_createAccount',
          params: { addressIndex },
        }),
      );
    }
    // Two pages: an origin has one confirmation request pending at most.
    const sent = await answerAll([
      snap.request({
        origin: 'https://tokens.example',
        method: 'snapnet_addErc20Token',
        params: {
          chainId: SEPOLIA,
          tokenAddress: '0x1234',
          tokenName: 'Kept',
          tokenSymbol: 'KEPT',
        },
      }),
      snap.request({
        method: 'snapnet_executeTxn',
        params: {
          address: OWN,
          calls: [
            {
              contractAddress: STRK,
              entrypoint: 'transfer',
              calldata: [STRANGER, '5', '0'],
            },
          ],
        },
      }),
    ]);
    sent.map(resultOf);
    await node.mine();
    // Refreshes the record to its final status, so later reads change nothing.
    before = await observableState(snap);
    await node.clearRequests();
  });

  it.each(METHODS.map((method, at) => [method, at] as const))(
    '%s: 15 sampled malformed requests → -32602 naming the field',
    async (method, at) => {
      // Primitive params are not JSON-RPC params: the wallet refuses them itself.
      const cases = fc.sample(
        malformedCases(method).filter((item) => item.kind !== 'notObject'),
        { numRuns: SAMPLES, seed: 9009 + at },
      );
      for (const item of cases) {
        await expectRefused(
          method,
          asParams(item.params),
          item.field,
          item.walletCode,
        );
      }
      expect(cases).toHaveLength(SAMPLES);
    },
  );

  it('refuses what only the handlers can judge, naming the field', async () => {
    const refused: [string, JsonRpcParams, string][] = [
      [
        'snapnet_signMessage',
        { typedDataMessage: '{"types": ', signerAddress: OWN },
        'typedDataMessage',
      ],
      [
        'snapnet_signMessage',
        {
          typedDataMessage: { ...MAIL_REV1, primaryType: 'Nope' },
          signerAddress: OWN,
        },
        'typedDataMessage',
      ],
      [
        'snapnet_verifySignedMessage',
        { typedDataMessage: MAIL_REV1, address: OWN, signature: 'zz' },
        'signature',
      ],
      [
        'snapnet_verifySignedMessage',
        {
          typedDataMessage: MAIL_REV1,
          address: OWN,
          signature: ['0x1', '0x2', '0x3'],
        },
        'signature',
      ],
      ['snapnet_displayPrivateKey', { userAddress: STRANGER }, 'userAddress'],
      [
        'snapnet_signTransaction',
        {
          address: OWN,
          senderAddress: ACCOUNTS[1]?.address ?? '',
          transactions: [{ contractAddress: STRK, entrypoint: 'transfer' }],
        },
        'senderAddress',
      ],
      ['snapnet_listAccounts', { chainId: { toString: 1 } }, 'chainId'],
      ['snapnet_createAccount', [{ toString: null }], '0'],
      [
        'snapnet_getCurrentNetwork',
        JSON.parse('{"__proto__": {"polluted": true}}'),
        '__proto__',
      ],
    ];
    for (const [method, params, field] of refused) {
      await expectRefused(method, params, field);
    }
    // Addresses of other wallets. A page was not given them: it is not even looked
    // up, 4100 naming the field, as for any account the page lacks…
    const strangers: [string, JsonRpcParams, string][] = [
      ['snapnet_extractPublicKey', { userAddress: STRANGER }, 'userAddress'],
      [
        'snapnet_signMessage',
        { typedDataMessage: MAIL_REV1, signerAddress: STRANGER },
        'signerAddress',
      ],
      [
        'snapnet_executeTxn',
        {
          address: STRANGER,
          calls: [{ contractAddress: STRK, entrypoint: 'transfer' }],
        },
        'address',
      ],
    ];
    for (const [method, params, field] of strangers) {
      const stranger = recorder.record(
        errorOf(
          await snap.request({ method, params, origin: KEY_EXPORT_ORIGIN }),
        ),
      );
      expect([method, stranger.code, stranger.data?.field]).toStrictEqual([
        method,
        4100,
        field,
      ]);
    }
    // …while MetaMask, which holds every account, learns it is no account of the wallet.
    for (const [method, params, field] of strangers) {
      await expectRefused(method, params, field, 114, 'metamask');
    }
  });

  it('kept the state identical and sent nothing to the node', async () => {
    expect((await node.requests()).rpcCalls).toStrictEqual([]);
    expect(await observableState(snap)).toStrictEqual(before);
    expect(before).toMatchObject({
      [`accounts ${SEPOLIA}`]: [{ address: OWN }, { addressIndex: 1 }],
      [`transactions ${SEPOLIA} 0`]: [{ status: 'ACCEPTED_ON_L2' }],
    });
  });

  it('answered nothing that holds key material', () => {
    expect(recorder.size).toBeGreaterThan(METHODS.length * SAMPLES);
    expect(recorder.leaks()).toStrictEqual([]);
  });
});
