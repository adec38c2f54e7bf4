import { beforeEach, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ec, hash, typedData } from 'starknet';

import { fakeNode } from '../../src/fakeNode/admin';
import { STRK } from '../../src/fakeNode/constants';
import { MAIL_REV1, withChainId } from '../fixtures/typedData';
import {
  ARGENT_CLASS_HASH,
  SEPOLIA,
  expectedAccount,
  hex64,
} from '../fixtures/wallet';
import {
  confirmationOf,
  errorOf,
  installSnapnet,
  resultOf,
  textOf,
} from './helpers';
import type { Snap } from './keyringHelpers';
import {
  createKeyringAccount,
  keyring,
  keyringRequest,
  playSnapKeyring,
} from './keyringHelpers';

const nodes = { sepolia: fakeNode('sepolia'), mainnet: fakeNode('mainnet') };
const owner = expectedAccount(0);
const RECIPIENT = `0x0${'7'.repeat(63)}`;
const DAPP = 'https://dapp.example';
const SIERRA = JSON.parse(
  readFileSync(
    resolve(__dirname, '../fixtures/fake-node-minimal.sierra.json'),
    'utf8',
  ),
);
const transferCall = (amount: bigint) => ({
  contract_address: STRK,
  entry_point: 'transfer',
  // Numbers and decimal strings as dapps send them; the snap writes felts.
  calldata: [RECIPIENT, amount.toString(), 0],
});

/**
 * Installs the snap with account 0 shown in MetaMask.
 *
 * @returns The snap and the keyring account.
 */
async function withAccount() {
  const snap = await installSnapnet();
  playSnapKeyring(snap);
  return { snap, account: await createKeyringAccount(snap) };
}

/**
 * Submits a request and approves (or refuses) the snap's dialog.
 *
 * @param snap - The snap.
 * @param params - The KeyringRequest.
 * @param approve - Whether the user approves.
 * @returns The dialog text and the response.
 */
async function submitWithDialog(
  snap: Snap,
  params: Record<string, unknown>,
  approve = true,
) {
  const pending = keyring(snap, 'keyring_submitRequest', params);
  const ui = await confirmationOf(pending);
  const text = textOf(ui);
  await (approve ? ui.ok() : ui.cancel());
  return { text, response: await pending };
}

describe('keyring_submitRequest', () => {
  beforeEach(async () => {
    await nodes.sepolia.reset();
    await nodes.mainnet.reset();
  });

  const perScope: [string, 'sepolia' | 'mainnet', string][] = [
    ['starknet:SN_SEPOLIA', 'sepolia', 'Starknet Sepolia'],
    ['starknet:SN_MAIN', 'mainnet', 'Starknet Mainnet'],
  ];
  it.each(perScope)(
    'wallet_addInvokeTransaction on %s: dialog naming the dapp, sent to that network, signed by the account',
    async (scope, network, networkName) => {
      const node = nodes[network];
      await node.deployAccount({ publicKey: owner.publicKey, nonce: 2 });
      await node.setBalance(STRK, owner.address, 10n ** 19n);
      const { snap, account } = await withAccount();
      const { text, response } = await submitWithDialog(
        snap,
        keyringRequest(account, scope, {
          method: 'wallet_addInvokeTransaction',
          params: { calls: [transferCall(5n)] },
        }),
      );
      expect(text).toContain(DAPP);
      expect(text).not.toContain('metamask');
      expect(text).toContain(networkName);
      const result = resultOf(response) as {
        pending: boolean;
        result: { transaction_hash: string };
      };
      expect(result.pending).toBe(false);
      // The fake node recomputed the hash and verified the signature with the key.
      const [sent] = await node.transactions();
      expect(sent).toMatchObject({ type: 'INVOKE', nonce: 2 });
      expect(BigInt(sent?.hash ?? 0)).toBe(
        BigInt(result.result.transaction_hash),
      );
      // A received transaction moves funds once the sequencer includes it.
      await node.include();
      expect(await node.getBalance(STRK, RECIPIENT)).toBe(5n);
      const other = network === 'sepolia' ? nodes.mainnet : nodes.sepolia;
      expect(await other.transactions()).toEqual([]);
      // The current network did not change (Sepolia by default).
      expect(
        resultOf(await snap.request({ method: 'snapnet_getCurrentNetwork' })),
      ).toMatchObject({ chainId: SEPOLIA });
    },
  );

  it('refusal is 4001 and nothing is sent', async () => {
    await nodes.sepolia.deployAccount({ publicKey: owner.publicKey });
    await nodes.sepolia.setBalance(STRK, owner.address, 10n ** 19n);
    const { snap, account } = await withAccount();
    const { response } = await submitWithDialog(
      snap,
      keyringRequest(account, 'starknet:SN_SEPOLIA', {
        method: 'wallet_addInvokeTransaction',
        params: { calls: [transferCall(1n)] },
      }),
      false,
    );
    expect(errorOf(response).code).toBe(4001);
    expect(await nodes.sepolia.transactions()).toEqual([]);
  });

  it('wallet_signTypedData gives [r, s] that verifies against the account key', async () => {
    const { snap, account } = await withAccount();
    const data = withChainId(MAIL_REV1, 'SN_MAIN');
    const { text, response } = await submitWithDialog(
      snap,
      keyringRequest(account, 'starknet:SN_MAIN', {
        method: 'wallet_signTypedData',
        params: data,
      }),
    );
    expect(text).toContain(DAPP);
    const { result } = resultOf(response) as { result: [string, string] };
    expect(result).toHaveLength(2);
    const messageHash = typedData.getMessageHash(data, owner.address);
    const publicPoint = ec.starkCurve.ProjectivePoint.fromPrivateKey(
      BigInt(owner.privateKey),
    ).toHex(false);
    expect(
      ec.starkCurve.verify(
        new ec.starkCurve.Signature(BigInt(result[0]), BigInt(result[1])),
        messageHash,
        publicPoint,
      ),
    ).toBe(true);
  });

  it('wallet_addDeclareTransaction declares with the class hash computed independently', async () => {
    await nodes.sepolia.deployAccount({ publicKey: owner.publicKey });
    await nodes.sepolia.setBalance(STRK, owner.address, 10n ** 20n);
    const { snap, account } = await withAccount();
    const classHash = hex64(hash.computeContractClassHash(SIERRA));
    const { text, response } = await submitWithDialog(
      snap,
      keyringRequest(account, 'starknet:SN_SEPOLIA', {
        method: 'wallet_addDeclareTransaction',
        params: { compiled_class_hash: '0x0123', contract_class: SIERRA },
      }),
    );
    expect(text).toContain(DAPP);
    expect(text).toContain(classHash);
    const { result } = resultOf(response) as {
      result: { transaction_hash: string; class_hash: string };
    };
    expect(result.class_hash).toBe(classHash);
    const [sent] = await nodes.sepolia.transactions();
    expect(sent).toMatchObject({ type: 'DECLARE' });
    expect(BigInt(sent?.hash ?? 0)).toBe(BigInt(result.transaction_hash));
  });

  it('wallet_deploymentData matches the independent computation, without a dialog; deployed → error', async () => {
    const { snap, account } = await withAccount();
    const response = await keyring(
      snap,
      'keyring_submitRequest',
      keyringRequest(account, 'starknet:SN_MAIN', {
        method: 'wallet_deploymentData',
      }),
    );
    const { pending, result } = resultOf(response) as {
      pending: boolean;
      result: {
        address: string;
        class_hash: string;
        salt: string;
        calldata: string[];
        version: number;
      };
    };
    expect(pending).toBe(false);
    expect(result.address).toBe(owner.address);
    expect(result.version).toBe(1);
    expect(BigInt(result.class_hash)).toBe(BigInt(ARGENT_CLASS_HASH));
    expect(
      hex64(
        hash.calculateContractAddressFromHash(
          owner.publicKey,
          ARGENT_CLASS_HASH,
          [owner.publicKey, '0'],
          0,
        ),
      ),
    ).toBe(result.address);
    await nodes.mainnet.deployAccount({ publicKey: owner.publicKey });
    const deployed = errorOf(
      await keyring(
        snap,
        'keyring_submitRequest',
        keyringRequest(account, 'starknet:SN_MAIN', {
          method: 'wallet_deploymentData',
        }),
      ),
    );
    expect(deployed.data).toMatchObject({ walletRpcError: { code: 115 } });
  });

  it('checks account, scope, method, params and address before any dialog, sending nothing', async () => {
    const { snap, account } = await withAccount();
    const invoke = {
      method: 'wallet_addInvokeTransaction',
      params: { calls: [transferCall(1n)] },
    };
    const cases: [Record<string, unknown>, number, string][] = [
      [
        keyringRequest(
          { id: '00000000-0000-4000-8000-000000000000' },
          'starknet:SN_SEPOLIA',
          invoke,
        ),
        -32602,
        'account',
      ],
      [keyringRequest(account, 'eip155:1', invoke), -32602, 'scope'],
      [
        keyringRequest(account, 'starknet:SN_SEPOLIA', {
          method: 'starknet_addInvokeTransaction',
          params: {},
        }),
        -32601,
        'starknet_addInvokeTransaction',
      ],
      [
        keyringRequest(account, 'starknet:SN_SEPOLIA', {
          method: 'snapnet_executeTxn',
          params: {},
        }),
        -32601,
        'snapnet_executeTxn',
      ],
      [
        keyringRequest(account, 'starknet:SN_SEPOLIA', {
          method: 'wallet_requestAccounts',
        }),
        -32601,
        'wallet_requestAccounts',
      ],
      [
        keyringRequest(account, 'starknet:SN_SEPOLIA', {
          method: 'wallet_addInvokeTransaction',
          params: { calls: [{ contract_address: STRK }] },
        }),
        -32602,
        'request.params.calls.0.entry_point',
      ],
      [
        keyringRequest(account, 'starknet:SN_SEPOLIA', {
          method: 'wallet_addInvokeTransaction',
          params: { ...invoke.params, address: expectedAccount(1).address },
        }),
        -32602,
        'request.params.address',
      ],
    ];
    for (const [params, code, named] of cases) {
      const error = errorOf(
        await keyring(snap, 'keyring_submitRequest', params),
      );
      expect(error.code).toBe(code);
      expect(error.message).toContain(named);
    }
    expect(await nodes.sepolia.transactions()).toEqual([]);
    expect((await nodes.sepolia.requests()).httpRequests).toBe(0);
  });

  it('takes a params.address that names the account, in any hex spelling', async () => {
    const { snap, account } = await withAccount();
    const short = `0x${owner.address.slice(2).replace(/^0+/u, '').toUpperCase()}`;
    const response = await keyring(
      snap,
      'keyring_submitRequest',
      keyringRequest(account, 'starknet:SN_SEPOLIA', {
        method: 'wallet_deploymentData',
        params: { address: short },
      }),
    );
    expect(resultOf(response)).toMatchObject({
      pending: false,
      result: { address: owner.address },
    });
  });
});
