import { beforeEach, describe, expect, it } from '@jest/globals';
import type { Json } from '@metamask/utils';
import { hash } from 'starknet';

import { PROTOCOL_READS } from '../../src/api/keyring';
import { fakeNode } from '../../src/fakeNode/admin';
import type { FakeNodeClient } from '../../src/fakeNode/admin';
import { STRK } from '../../src/fakeNode/constants';
import { FAKE_NODE_HOST } from '../../src/fakeNode/ports';
import { expectedAccount } from '../fixtures/wallet';
import { confirmationOf, errorOf, installSnapnet, resultOf } from './helpers';
import type { Snap } from './keyringHelpers';

const nodes = { sepolia: fakeNode('sepolia'), mainnet: fakeNode('mainnet') };
const owner = expectedAccount(0);
const DAPP = 'https://dapp.example';

/**
 * Asks the fake node directly, as the reference the snap's answers are compared with.
 *
 * @param node - The network's node.
 * @param method - The method.
 * @param params - Its params.
 * @returns The node's JSON-RPC response body.
 */
async function askNode(
  node: FakeNodeClient,
  method: string,
  params: Json,
): Promise<{ result?: Json; error?: Json }> {
  const response = await fetch(node.rpcUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return (await response.json()) as { result?: Json; error?: Json };
}

/**
 * A protocol request as MetaMask's router sends it.
 *
 * @param snap - The snap.
 * @param scope - The CAIP-2 scope.
 * @param method - The method.
 * @param params - Its params.
 * @returns The response.
 */
async function protocol(
  snap: Snap,
  scope: string,
  method: string,
  params?: Json,
) {
  return snap.onProtocolRequest(scope as `${string}:${string}`, {
    origin: DAPP,
    method,
    ...(params === undefined ? {} : { params: params as never }),
  });
}

/**
 * Sends one approved transfer from account 0 on Sepolia, so that transaction reads
 * have something to read.
 *
 * @param snap - The snap.
 * @returns The transaction hash.
 */
async function sendOne(snap: Snap): Promise<string> {
  const pending = snap.request({
    method: 'snapnet_executeTxn',
    params: {
      address: owner.address,
      calls: [
        {
          contractAddress: STRK,
          entrypoint: 'transfer',
          calldata: ['0x7', '1', '0'],
        },
      ],
    },
  });
  await (await confirmationOf(pending)).ok();
  return (resultOf(await pending) as { transaction_hash: string })
    .transaction_hash;
}

describe('onProtocolRequest', () => {
  beforeEach(async () => {
    await nodes.sepolia.reset();
    await nodes.mainnet.reset();
  });

  it("serves every listed read with the node's own answer, by name and positional", async () => {
    await nodes.sepolia.deployAccount({ publicKey: owner.publicKey });
    await nodes.sepolia.setBalance(STRK, owner.address, 10n ** 19n);
    await nodes.sepolia.setAutoMine(true);
    const snap = await installSnapnet();
    const txHash = await sendOne(snap);
    const latest = 'latest';
    const params: Record<(typeof PROTOCOL_READS)[number], Json | undefined> = {
      starknet_chainId: undefined,
      starknet_specVersion: [],
      starknet_blockNumber: undefined,
      starknet_blockHashAndNumber: undefined,
      starknet_getBlockWithTxHashes: { block_id: latest },
      starknet_getNonce: [latest, owner.address],
      starknet_getClassHashAt: {
        block_id: latest,
        contract_address: owner.address,
      },
      starknet_getStorageAt: {
        contract_address: STRK,
        key: '0x0',
        block_id: latest,
      },
      starknet_call: {
        request: {
          contract_address: STRK,
          entry_point_selector: hash.getSelectorFromName('balanceOf'),
          calldata: [owner.address],
        },
        block_id: latest,
      },
      starknet_getTransactionStatus: { transaction_hash: txHash },
      starknet_getTransactionReceipt: { transaction_hash: txHash },
      starknet_getTransactionByHash: [txHash],
    };
    for (const method of PROTOCOL_READS) {
      const answer = resultOf(
        await protocol(snap, 'starknet:SN_SEPOLIA', method, params[method]),
      );
      expect(
        await askNode(nodes.sepolia, method, params[method] ?? []),
      ).toEqual({
        jsonrpc: '2.0',
        id: 1,
        result: answer,
      });
    }
    expect(
      resultOf(
        await protocol(snap, 'starknet:SN_SEPOLIA', 'starknet_getNonce', [
          latest,
          owner.address,
        ]),
      ),
    ).toBe('0x1');
  });

  it('reads each network from its own node', async () => {
    await nodes.mainnet.deployAccount({ publicKey: owner.publicKey, nonce: 7 });
    const snap = await installSnapnet();
    expect(
      resultOf(await protocol(snap, 'starknet:SN_MAIN', 'starknet_chainId')),
    ).toBe('0x534e5f4d41494e');
    expect(
      resultOf(await protocol(snap, 'starknet:SN_SEPOLIA', 'starknet_chainId')),
    ).toBe('0x534e5f5345504f4c4941');
    const nonce = { block_id: 'latest', contract_address: owner.address };
    expect(
      resultOf(
        await protocol(snap, 'starknet:SN_MAIN', 'starknet_getNonce', nonce),
      ),
    ).toBe('0x7');
    expect(
      errorOf(
        await protocol(snap, 'starknet:SN_SEPOLIA', 'starknet_getNonce', nonce),
      ),
    ).toMatchObject({ code: 20, message: 'Contract not found' });
  });

  it('refuses writes, other methods and other scopes with nothing sent', async () => {
    const snap = await installSnapnet();
    await nodes.sepolia.clearRequests();
    for (const method of [
      'starknet_addInvokeTransaction',
      'starknet_addDeclareTransaction',
      'starknet_addDeployAccountTransaction',
      'starknet_estimateFee',
      'wallet_addInvokeTransaction',
      'snapnet_executeTxn',
    ]) {
      expect(
        errorOf(await protocol(snap, 'starknet:SN_SEPOLIA', method, {})).code,
      ).toBe(-32601);
    }
    for (const scope of ['eip155:1', 'starknet:SN_GOERLI']) {
      const error = errorOf(await protocol(snap, scope, 'starknet_chainId'));
      expect(error.code).toBe(-32602);
      expect(error.message).toContain(scope);
    }
    expect((await nodes.sepolia.requests()).httpRequests).toBe(0);
    expect((await nodes.mainnet.requests()).httpRequests).toBe(0);
  });

  it("keeps a node error's code, message and data; a transport failure names the host, not the URL", async () => {
    const snap = await installSnapnet();
    await nodes.sepolia.fault({
      kind: 'rpcError',
      method: 'starknet_blockNumber',
      code: 32,
      message: 'No blocks',
      data: { reason: 'empty chain' },
    });
    expect(
      errorOf(
        await protocol(snap, 'starknet:SN_SEPOLIA', 'starknet_blockNumber'),
      ),
    ).toMatchObject({
      code: 32,
      message: 'No blocks',
      data: { reason: 'empty chain' },
    });
    await nodes.sepolia.fault({
      kind: 'refuse',
      method: 'starknet_blockNumber',
    });
    const lost = errorOf(
      await protocol(snap, 'starknet:SN_SEPOLIA', 'starknet_blockNumber'),
    );
    expect(lost.code).toBe(-32603);
    expect(lost.message).toContain(FAKE_NODE_HOST);
    expect(JSON.stringify(lost)).not.toContain('/sepolia');
  });
});
