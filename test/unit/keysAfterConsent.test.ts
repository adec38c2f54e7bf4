/**
 * Keys only after consent, through the snap's own dispatcher against an in-process fake
 * node: for an account in state, no key material is asked of the wallet before the user
 * approved (none at all when the dialog is rejected), and an approved request whose
 * stored account was tampered with signs and sends nothing.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { Json, JsonRpcParams } from '@metamask/utils';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ec, typedData } from 'starknet';

import { withErrorBoundary } from '../../src/errors';
import { STRK } from '../../src/fakeNode/constants';
import { useFakeNode } from '../../src/fakeNode/testing';
import { dispatch as route } from '../../src/rpc/dispatch';
import { createSendLock } from '../../src/rpc/sendLock';
import { createStore, defaultState } from '../../src/state/store';
import { installSigningWallet } from '../fixtures/signingWallet';
import { V3_BOUNDS } from '../fixtures/transactions';
import { MAIL_REV1 } from '../fixtures/typedData';
import { SEPOLIA, expectedAccount, expectedRecord } from '../fixtures/wallet';

// The dispatcher behind the snap's error boundary, as onRpcRequest runs it.
const dispatch = withErrorBoundary(route);

const fixture = useFakeNode();
const OWN = expectedRecord(0);
const UNDEPLOYED = expectedRecord(1);
const CALLS = [
  {
    contractAddress: STRK,
    entrypoint: 'transfer',
    calldata: [`0x0${'5'.repeat(63)}`, '5', '0'],
  },
];
const SIERRA: Json = JSON.parse(
  readFileSync(
    resolve(__dirname, '../fixtures/fake-node-minimal.sierra.json'),
    'utf8',
  ),
);
const ORIGIN = 'https://dapp.test';

/** Every method that signs or reveals a key of a stored account, and its params. */
const SIGNING: [string, JsonRpcParams][] = [
  [
    'snapnet_signMessage',
    { typedDataMessage: MAIL_REV1, signerAddress: OWN.address },
  ],
  [
    'snapnet_signTransaction',
    {
      address: OWN.address,
      transactions: CALLS,
      transactionsDetail: { resourceBounds: V3_BOUNDS, nonce: '0x0' },
    },
  ],
  [
    'snapnet_signDeclareTransaction',
    {
      address: OWN.address,
      details: {
        classHash: '0x123',
        compiledClassHash: '0x456',
        resourceBounds: V3_BOUNDS,
        nonce: '0x0',
      },
    },
  ],
  ['snapnet_executeTxn', { address: OWN.address, calls: CALLS }],
  [
    'snapnet_declareContract',
    {
      senderAddress: OWN.address,
      contractPayload: { contract: SIERRA, compiledClassHash: '0x0123' },
    },
  ],
  ['snapnet_createAccount', { deploy: true, addressIndex: 1 }],
  ['snapnet_displayPrivateKey', { userAddress: OWN.address }],
];

type Tamper = (record: typeof OWN) => Record<string, Json>;

/**
 * A state holding accounts 0 (deployed on the node) and 1, the node being the test's.
 *
 * @param tamper - Changes made to each stored account.
 * @returns The state.
 */
function storedState(tamper: Tamper = () => ({})): Record<string, Json> {
  return {
    ...defaultState(),
    accounts: {
      [SEPOLIA]: [OWN, UNDEPLOYED].map((record) => ({
        ...record,
        ...tamper(record),
      })),
    },
    nodeUrls: { [SEPOLIA]: fixture.node.sepoliaUrl },
    // The page was given both accounts: a page signs only with accounts it holds.
    grants: {
      [ORIGIN]: { [SEPOLIA]: [OWN.address, UNDEPLOYED.address] },
    },
  };
}

/**
 * Runs one request through the snap's dispatcher.
 *
 * @param method - The method.
 * @param params - Its params.
 * @returns The result, or the error thrown.
 */
async function run(
  method: string,
  params: JsonRpcParams,
): Promise<{ result?: Json; error?: { code?: unknown; message?: unknown } }> {
  try {
    return {
      result: await dispatch({
        origin: ORIGIN,
        method,
        params,
        store: createStore(),
        sendLock: createSendLock(),
      }),
    };
  } catch (error) {
    return {
      error: {
        code: Reflect.get(Object(error), 'code'),
        message: Reflect.get(Object(error), 'message'),
      },
    };
  }
}

describe('keys only after consent', () => {
  const exportOrigins = process.env.SNAPNET_KEY_EXPORT_ORIGINS;
  beforeEach(async () => {
    process.env.SNAPNET_KEY_EXPORT_ORIGINS = ORIGIN;
    await fixture.admin.deployAccount({ publicKey: OWN.publicKey });
    await fixture.admin.setBalance(STRK, OWN.address, 10n ** 19n);
    await fixture.admin.setBalance(STRK, UNDEPLOYED.address, 10n ** 19n);
  });
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'snap');
    if (exportOrigins === undefined) {
      Reflect.deleteProperty(process.env, 'SNAPNET_KEY_EXPORT_ORIGINS');
    } else {
      process.env.SNAPNET_KEY_EXPORT_ORIGINS = exportOrigins;
    }
  });

  it.each(SIGNING)(
    '%s: a rejected dialog derives no key',
    async (method, params) => {
      const { log } = await installSigningWallet(storedState(), false);
      const outcome = await run(method, params);
      expect(log).toStrictEqual(['snap_dialog:"confirmation"']);
      // displayPrivateKey answers null either way (interface.md); the rest 4001.
      const refusal =
        method === 'snapnet_displayPrivateKey'
          ? { code: undefined, result: null }
          : { code: 4001, result: undefined };
      expect({
        code: outcome.error?.code,
        result: outcome.result,
      }).toStrictEqual(refusal);
    },
  );

  it.each(SIGNING)(
    '%s: an approved dialog derives the key after it',
    async (method, params) => {
      const { log } = await installSigningWallet(storedState(), true);
      const outcome = await run(method, params);
      expect(outcome.error).toBeUndefined();
      expect(log.slice(0, 2)).toStrictEqual([
        'snap_dialog:"confirmation"',
        'snap_getBip44Entropy',
      ]);
    },
  );

  it.each<[string, Tamper, string[]]>([
    [
      'a stored account index',
      (record) => ({ addressIndex: record.addressIndex + 2 }),
      // Creating index 1 then finds no stored account there, and derives it anew.
      ['snapnet_createAccount'],
    ],
    [
      'a stored derivation path',
      (record) => ({
        derivationPath: `m/44'/9004'/0'/0/${record.addressIndex + 2}`,
      }),
      [],
    ],
  ])(
    'refuses to sign with %s changed, and sends nothing',
    async (_what, tamper, unaffected) => {
      for (const [method, params] of SIGNING.filter(
        ([name]) => !unaffected.includes(name),
      )) {
        await installSigningWallet(storedState(tamper), true);
        await fixture.admin.clearRequests();
        const outcome = await run(method, params);
        expect({ method, outcome }).toStrictEqual({
          method,
          outcome: {
            error: expect.objectContaining({
              code: -32603,
              message: expect.stringContaining(
                `Refused to sign for ${method === 'snapnet_createAccount' ? UNDEPLOYED.address : OWN.address}`,
              ),
            }),
          },
        });
        const { rpcCalls } = await fixture.admin.requests();
        expect(
          rpcCalls.filter((call) => call.method.startsWith('starknet_add')),
        ).toStrictEqual([]);
      }
      expect(await fixture.admin.transactions()).toStrictEqual([]);
    },
  );

  it.each([
    ['signs for it', {}, true],
    ['refuses it with its index changed', { addressIndex: 2 }, false],
  ])(
    'checks a legacy proxy (Cairo 0) account by its own address form: %s',
    async (_what, tamper, signs) => {
      const proxy = expectedAccount(0);
      const record = {
        ...OWN,
        address: proxy.proxyAddress,
        cairoVersion: '0',
        ...tamper,
      };
      const wallet = await installSigningWallet(
        {
          ...storedState(),
          accounts: { [SEPOLIA]: [record] },
          grants: { [ORIGIN]: { [SEPOLIA]: [proxy.proxyAddress] } },
        },
        true,
      );
      const outcome = await run('snapnet_signMessage', {
        typedDataMessage: MAIL_REV1,
        signerAddress: proxy.proxyAddress,
      });
      const hash = typedData.getMessageHash(MAIL_REV1, proxy.proxyAddress);
      const signature =
        typeof outcome.result === 'string' ? outcome.result.slice(2) : '';
      const verified =
        signature.length === 128 &&
        ec.starkCurve.verify(
          new ec.starkCurve.Signature(
            BigInt(`0x${signature.slice(0, 64)}`),
            BigInt(`0x${signature.slice(64)}`),
          ),
          hash,
          ec.starkCurve.getPublicKey(proxy.privateKey),
        );
      expect({ verified, code: outcome.error?.code }).toStrictEqual(
        signs
          ? { verified: true, code: undefined }
          : { verified: false, code: -32603 },
      );
      expect(wallet.log).toContain('snap_getBip44Entropy');
    },
  );
});
