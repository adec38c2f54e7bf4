/**
 * Security properties as tests:
 * - no result, error, page or node request ever holds key material (the derived private
 *   keys of indexes 0..5, in every hex and decimal form), across every method;
 * - every signing, sending or revealing method does nothing without an approved dialog;
 * - the manifest asks for exactly the permissions the bundle uses.
 */
import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Json, JsonRpcParams } from '@metamask/utils';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import { PROTOCOL_READS } from '../../src/api/keyring';
import { fakeNode } from '../../src/fakeNode/admin';
import { STATE_VERSION } from '../../src/state/store';
import { KEY_EXPORT_ORIGIN } from '../fixtures/origins';
import { V3_BOUNDS } from '../fixtures/transactions';
import { MAIL_REV1 } from '../fixtures/typedData';
import { MAINNET, SEPOLIA } from '../fixtures/wallet';
import type { Snap } from './hardening';
import {
  ACCOUNTS,
  LeakRecorder,
  STRK,
  answerAll,
  keyForms,
  observableState,
  transactionHashOf,
} from './hardening';
import {
  confirmationOf,
  errorOf,
  DAPP_ORIGIN,
  connectedPages,
  installSnapnet,
  resultOf,
  textOf,
} from './helpers';

const node = fakeNode('sepolia');
const recorder = new LeakRecorder();
const OWN = ACCOUNTS[0]?.address ?? '';
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
const DECLARE = {
  senderAddress: OWN,
  contractPayload: { contract: SIERRA, compiledClassHash: '0x0123' },
};
const SIGN_DECLARE = {
  address: OWN,
  details: {
    classHash: '0x123',
    compiledClassHash: '0x456',
    resourceBounds: V3_BOUNDS,
  },
};
const SIGN_TRANSACTION = {
  address: OWN,
  transactions: CALLS,
  transactionsDetail: { resourceBounds: V3_BOUNDS },
};

/** Methods that sign, send, reveal or change what the wallet shows, and their params. */
const GUARDED: [string, JsonRpcParams, Json | 'rejected'][] = [
  [
    'snapnet_signMessage',
    { typedDataMessage: MAIL_REV1, signerAddress: OWN },
    'rejected',
  ],
  ['snapnet_signTransaction', SIGN_TRANSACTION, 'rejected'],
  ['snapnet_signDeclareTransaction', SIGN_DECLARE, 'rejected'],
  ['snapnet_executeTxn', { address: OWN, calls: CALLS }, 'rejected'],
  ['snapnet_declareContract', DECLARE, 'rejected'],
  ['snapnet_createAccount', { deploy: true, addressIndex: 1 }, 'rejected'],
  [
    'snapnet_addErc20Token',
    {
      chainId: SEPOLIA,
      tokenAddress: '0x1234',
      tokenName: 'Sec',
      tokenSymbol: 'SEC',
    },
    'rejected',
  ],
  ['snapnet_switchNetwork', { chainId: MAINNET }, false],
  [
    'snapnet_switchAccount',
    { address: ACCOUNTS[1]?.address ?? '' },
    'rejected',
  ],
  ['snapnet_displayPrivateKey', { userAddress: OWN }, null],
];

let snap: Snap;

/**
 * Sends a request, approves its dialogs and records the answer.
 *
 * @param method - Method.
 * @param params - Params.
 * @returns The result.
 */
async function approved(
  method: string,
  params: JsonRpcParams = {},
): Promise<Json> {
  const [response] = await answerAll([snap.request({ method, params })]);
  return recorder.record(resultOf(response ?? { response: { error: 'none' } }));
}

describe('security', () => {
  beforeAll(async () => {
    await node.reset();
    await node.deployAccount({ publicKey: ACCOUNTS[0]?.publicKey ?? '' });
    await node.setBalance(STRK, OWN, 10n ** 19n);
    await node.setBalance(STRK, ACCOUNTS[1]?.address ?? '', 10n ** 19n);
    await node.addToken({
      address: '0x1234',
      name: 'Sec',
      symbol: 'SEC',
      decimals: 2,
    });
    // The dapp page and the key-export page were connected before they sign.
    snap = await installSnapnet({
      state: {
        version: STATE_VERSION,
        grants: connectedPages(DAPP_ORIGIN, KEY_EXPORT_ORIGIN),
      },
    });
  });

  it('refuses to sign, send or reveal when the dialog is cancelled', async () => {
    const before = await observableState(snap);
    await node.clearRequests();
    for (const [method, params, refusal] of GUARDED) {
      // From the origin allowed to export keys, so displayPrivateKey shows its dialog.
      const pending = snap.request({
        method,
        params,
        origin: KEY_EXPORT_ORIGIN,
      });
      await (await confirmationOf(pending)).cancel();
      const response = await pending;
      const answer =
        refusal === 'rejected'
          ? recorder.record(errorOf(response))
          : resultOf(response);
      expect({ method, answer }).toMatchObject({
        method,
        answer:
          refusal === 'rejected'
            ? { code: 4001, data: { walletRpcError: { code: 113 } } }
            : refusal,
      });
    }
    const traffic = recorder.record(await node.requests());
    expect(
      traffic.rpcCalls.filter(({ method }) =>
        method.startsWith('starknet_add'),
      ),
    ).toStrictEqual([]);
    expect(await node.transactions()).toStrictEqual([]);
    expect(await observableState(snap)).toStrictEqual(before);
  });

  it('never answers key material, whatever the method', async () => {
    for (const addressIndex of [0, 2]) {
      await approved('snapnet_createAccount', { addressIndex });
    }
    await approved('snapnet_createAccount', { deploy: true, addressIndex: 1 });
    await approved('snapnet_recoverAccounts', { maxScanned: 6, maxMissed: 6 });
    await approved('snapnet_extractPublicKey', { userAddress: OWN });
    await approved('snapnet_getErc20TokenBalance', {
      tokenAddress: STRK,
      userAddress: OWN,
    });
    await approved('snapnet_addErc20Token', {
      chainId: SEPOLIA,
      tokenAddress: '0x1234',
      tokenName: 'Sec',
      tokenSymbol: 'SEC',
    });
    const signature = await approved('snapnet_signMessage', {
      typedDataMessage: MAIL_REV1,
      signerAddress: OWN,
    });
    expect(
      await approved('snapnet_verifySignedMessage', {
        typedDataMessage: MAIL_REV1,
        address: OWN,
        signature: typeof signature === 'string' ? signature : '',
      }),
    ).toBe(true);
    await approved('snapnet_signTransaction', SIGN_TRANSACTION);
    await approved('snapnet_signDeclareTransaction', SIGN_DECLARE);
    await approved('snapnet_estimateFee', { address: OWN, invocations: CALLS });
    await approved('snapnet_estimateAccountDeployFee', { addressIndex: 2 });
    const sent = await approved('snapnet_executeTxn', {
      address: OWN,
      calls: CALLS,
    });
    await approved('snapnet_getTransactionStatus', {
      transactionHash: `0x${transactionHashOf(sent).toString(16)}`,
    });
    // The gateway takes a declare only at the committed nonce: the send in a block
    // first (else the snap refuses the declare before signing).
    await node.mine();
    await approved('snapnet_declareContract', DECLARE);
    await approved('snapnet_getTransactions', {
      senderAddress: OWN,
      withDeployTxn: true,
    });
    await approved('snapnet_getStoredErc20Tokens');
    await approved('snapnet_getCurrentAccount', { create: true });
    await approved('snapnet_switchAccount', {
      address: ACCOUNTS[2]?.address ?? '',
    });
    await approved('snapnet_getDeploymentData', {
      address: ACCOUNTS[3]?.address ?? '',
    });
    await approved('snapnet_switchNetwork', { chainId: MAINNET });
    await approved('snapnet_getCurrentAccount', { create: true });
    await approved('snapnet_listAccounts', { chainId: MAINNET });
    await approved('snapnet_getCurrentNetwork');
    recorder.record(await observableState(snap));
    recorder.record(
      recorder.record((await snap.onHomePage()).getInterface()).content,
    );
    // The one place the key is shown: the wallet's own alert, never the answer.
    const revealing = snap.request({
      method: 'snapnet_displayPrivateKey',
      params: { userAddress: OWN },
      origin: KEY_EXPORT_ORIGIN,
    });
    await (await confirmationOf(revealing)).ok();
    const alert = await revealing.getInterface();
    expect(
      keyForms(ACCOUNTS[0]?.privateKey ?? '').some((form) =>
        textOf(alert).toLowerCase().includes(form),
      ),
    ).toBe(true);
    if (alert.type !== 'alert') {
      throw new Error(`expected an alert, got ${String(alert.type)}`);
    }
    await alert.ok();
    expect(recorder.record(resultOf(await revealing))).toBeNull();
    // Nor did anything the snap sent the node carry a key.
    recorder.record(await node.requests());

    expect(recorder.size).toBeGreaterThan(25);
    expect(recorder.leaks()).toStrictEqual([]);
  });

  it('has a leak scanner that finds a key in any of its forms', () => {
    const key = ACCOUNTS[3]?.privateKey ?? '';
    for (const form of keyForms(key)) {
      const probe = new LeakRecorder();
      probe.record({ nested: [`text ${form.toUpperCase()} text`] });
      expect(probe.leaks()).toContain(`3: ${form}`);
    }
    expect(keyForms(key)).toStrictEqual([
      key,
      key.slice(2),
      `0x${BigInt(key).toString(16)}`,
      BigInt(key).toString(16),
      BigInt(key).toString(10),
    ]);
  });

  it('asks for exactly the permissions the bundle uses', () => {
    const root = resolve(__dirname, '../..');
    const manifest: { initialPermissions: Json } = JSON.parse(
      readFileSync(resolve(root, 'snap.manifest.json'), 'utf8'),
    );
    expect(manifest.initialPermissions).toStrictEqual({
      'endowment:rpc': { dapps: true, snaps: false },
      'endowment:network-access': {},
      'endowment:page-home': {},
      'endowment:lifecycle-hooks': {},
      snap_dialog: {},
      snap_manageState: {},
      snap_getPreferences: {},
      snap_getBip44Entropy: [{ coinType: 9004 }],
      // Multichain API: MetaMask alone calls the keyring (no
      // allowedOrigins); protocol requests are node reads only.
      'endowment:keyring': {},
      snap_manageAccounts: {},
      // MetaMask's asset screens (docs/assets.md): metadata and dollar rates; background
      // jobs every minute (src/background/jobs.ts): sends followed, balances refreshed.
      'endowment:assets': {
        scopes: ['starknet:SN_MAIN', 'starknet:SN_SEPOLIA'],
      },
      'endowment:cronjob': {
        jobs: [
          { expression: '* * * * *', request: { method: 'followSends' } },
          { expression: '* * * * *', request: { method: 'refreshBalances' } },
        ],
      },
      'endowment:protocol': {
        scopes: {
          'starknet:SN_MAIN': { methods: [...PROTOCOL_READS] },
          'starknet:SN_SEPOLIA': { methods: [...PROTOCOL_READS] },
        },
      },
    });
    const reads: readonly string[] = PROTOCOL_READS;
    expect(
      reads.filter((method) =>
        /^(starknet_add|wallet_|snapnet_)/u.test(method),
      ),
    ).toStrictEqual([]);
    // Each is used by the built bundle, and it calls nothing that is not granted
    // (snap_createInterface, snap_getInterfaceState (the connect dialog's picker),
    // snap_updateInterface and snap_getClientStatus need no permission; snap_getState
    // and snap_setState are granted by snap_manageState).
    const bundle = readFileSync(
      resolve(root, process.env.SNAPNET_E2E_DIR ?? '.e2e', 'dist/bundle.js'),
      'utf8',
    );
    expect(
      [...new Set(bundle.match(/snap_[A-Za-z0-9]+/gu))].sort(),
    ).toStrictEqual([
      'snap_createInterface',
      'snap_dialog',
      'snap_getBip44Entropy',
      'snap_getClientStatus',
      'snap_getInterfaceState',
      'snap_getPreferences',
      'snap_getState',
      'snap_manageAccounts',
      'snap_setState',
      'snap_updateInterface',
    ]);
    for (const handler of [
      'onRpcRequest',
      'onKeyringRequest',
      'onProtocolRequest',
      'onCronjob',
      'onHomePage',
      'onInstall',
      'onUpdate',
    ]) {
      expect(bundle).toContain(handler);
    }
    expect(bundle).toMatch(/\bfetch\(/u);
    expect(bundle).toContain('coinType:9004');
  });
});
