import { describe, expect, it } from '@jest/globals';
import { RpcProvider } from 'starknet';

import { fakeNode } from './admin';
import { startFakeNode } from './server';
import {
  account,
  post,
  provider,
  rpcFailure,
  seededKey,
  STRK,
  useFakeNode,
} from './testing';

const call = (id: number, method: string, params: unknown = {}) => ({
  jsonrpc: '2.0',
  id,
  method,
  params,
});

describe('fake Starknet node: transport, batches, faults and counting', () => {
  const fake = useFakeNode();

  it('answers a batch body with an array, in one counted HTTP request', async () => {
    const answer = await post(fake.node.sepoliaUrl, [
      call(1, 'starknet_chainId'),
      call(2, 'starknet_blockNumber'),
      call(3, 'starknet_nope'),
      call(4, 'starknet_getNonce', ['latest', '0x1']),
    ]);
    expect(answer.body).toStrictEqual([
      { jsonrpc: '2.0', id: 1, result: '0x534e5f5345504f4c4941' },
      { jsonrpc: '2.0', id: 2, result: 100 },
      {
        jsonrpc: '2.0',
        id: 3,
        error: {
          code: -32601,
          message: 'Method not found',
          data: 'starknet_nope',
        },
      },
      {
        jsonrpc: '2.0',
        id: 4,
        error: { code: 20, message: 'Contract not found' },
      },
    ]);
    const requests = await fake.admin.requests();
    expect(requests.httpRequests).toBe(1);
    expect(requests.rpcCalls.map((entry) => entry.method)).toStrictEqual([
      'starknet_chainId',
      'starknet_blockNumber',
      'starknet_nope',
      'starknet_getNonce',
    ]);
  });

  it('works with starknet.js batching', async () => {
    const rpc = new RpcProvider({ nodeUrl: fake.node.sepoliaUrl, batch: 0 });
    const [chainId, block, spec] = await Promise.all([
      rpc.getChainId(),
      rpc.getBlockNumber(),
      rpc.getSpecVersion(),
    ]);
    expect([chainId, block, spec]).toStrictEqual([
      '0x534e5f5345504f4c4941',
      100,
      '0.10.0',
    ]);
    expect((await fake.admin.requests()).httpRequests).toBe(1);
  });

  it('answers parse errors, invalid requests and invalid params', async () => {
    const raw = await fetch(fake.node.sepoliaUrl, {
      method: 'POST',
      body: '{nope',
    });
    expect(await raw.json()).toMatchObject({
      id: null,
      error: { code: -32700 },
    });
    expect((await post(fake.node.sepoliaUrl, { id: 1 })).body).toMatchObject({
      error: { code: -32600 },
    });
    expect(
      (
        await post(
          fake.node.sepoliaUrl,
          call(1, 'starknet_getNonce', { contract_address: 'zz' }),
        )
      ).body,
    ).toMatchObject({
      error: { code: -32602, data: 'params.contract_address must be a felt' },
    });
    expect(
      (await post(`${fake.node.url}/goerli`, call(1, 'starknet_chainId')))
        .status,
    ).toBe(404);
  });

  it('counts every JSON-RPC request but no admin request, until cleared or reset', async () => {
    const key = await seededKey(fake.admin);
    await account(provider(fake.node.sepoliaUrl), key).execute({
      contractAddress: STRK,
      entrypoint: 'transfer',
      calldata: ['0x1', '0x1', '0x0'],
    });
    const requests = await fake.admin.requests();
    expect(requests.rpcCalls.map((entry) => entry.method)).toStrictEqual([
      'starknet_getBlockWithTxs',
      'starknet_getBlockWithTxs',
      'starknet_getBlockWithTxs',
      'starknet_getBlockWithTxs',
      'starknet_getNonce',
      'starknet_chainId',
      'starknet_getClassAt',
      'starknet_estimateFee',
      'starknet_getNonce',
      'starknet_addInvokeTransaction',
    ]);
    expect(requests.httpRequests).toBe(10);
    expect(requests.rpcCalls[7]?.params).toMatchObject({
      simulation_flags: ['SKIP_VALIDATE'],
    });
    await fake.admin.clearRequests();
    expect(await fake.admin.requests()).toEqual({
      httpRequests: 0,
      rpcCalls: [],
    });
    await post(fake.node.sepoliaUrl, call(1, 'starknet_chainId'));
    await fake.admin.reset();
    expect((await fake.admin.requests()).httpRequests).toBe(0);
  });

  it('injects HTTP 500, malformed JSON and JSON-RPC errors, for the given number of times', async () => {
    await fake.admin.fault({ kind: 'http500' });
    const failed = await post(
      fake.node.sepoliaUrl,
      call(1, 'starknet_chainId'),
    );
    expect(failed.status).toBe(500);
    expect(
      (await post(fake.node.sepoliaUrl, call(1, 'starknet_chainId'))).status,
    ).toBe(200);

    await fake.admin.fault({ kind: 'malformed', times: 2 });
    for (let attempt = 0; attempt < 2; attempt++) {
      const malformed = await post(
        fake.node.sepoliaUrl,
        call(1, 'starknet_chainId'),
      );
      expect(malformed.status).toBe(200);
      expect(malformed.body).toBeUndefined();
    }
    expect(
      (await post(fake.node.sepoliaUrl, call(1, 'starknet_chainId'))).body,
    ).toMatchObject({
      result: '0x534e5f5345504f4c4941',
    });

    await fake.admin.fault({
      kind: 'rpcError',
      code: 24,
      message: 'Block not found',
    });
    expect(
      (await rpcFailure(provider(fake.node.sepoliaUrl).getBlockNumber())).code,
    ).toBe(24);
    await fake.admin.fault({ kind: 'rpcError' });
    expect(
      (await rpcFailure(provider(fake.node.sepoliaUrl).getBlockNumber())).code,
    ).toBe(63);
    expect((await fake.admin.requests()).httpRequests).toBe(7);
  });

  it('applies a fault only to requests containing its method', async () => {
    await fake.admin.fault({
      kind: 'rpcError',
      method: 'starknet_blockNumber',
      code: 42,
      message: 'x',
    });
    expect(
      (await post(fake.node.sepoliaUrl, call(1, 'starknet_chainId'))).body,
    ).toMatchObject({
      result: '0x534e5f5345504f4c4941',
    });
    const batch = await post(fake.node.sepoliaUrl, [
      call(1, 'starknet_chainId'),
      call(2, 'starknet_blockNumber'),
    ]);
    expect(batch.body).toMatchObject([
      { id: 1, result: '0x534e5f5345504f4c4941' },
      { id: 2, error: { code: 42, message: 'x' } },
    ]);
    await fake.admin.fault({
      kind: 'http500',
      method: 'starknet_blockNumber',
    });
    await fake.admin.clearFaults();
    expect(
      (await post(fake.node.sepoliaUrl, call(1, 'starknet_blockNumber')))
        .status,
    ).toBe(200);
  });

  it('refuses (drops the connection) and stalls (delays or never answers)', async () => {
    await fake.admin.fault({ kind: 'refuse' });
    await expect(
      post(fake.node.sepoliaUrl, call(1, 'starknet_chainId')),
    ).rejects.toThrow('fetch failed');
    await fake.admin.fault({ kind: 'stall', stallMs: 1500 });
    // Delayed, told by order rather than by the clock: the node has taken the request
    // and not yet answered it when the admin answers; then it answers.
    let answered = false;
    const delayed = post(fake.node.sepoliaUrl, call(1, 'starknet_chainId'));
    const settle = (): void => {
      answered = true;
    };
    delayed.then(settle, settle).catch(settle);
    while ((await fake.admin.requests()).httpRequests < 2) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(answered).toBe(false);
    expect((await delayed).status).toBe(200);

    await fake.admin.fault({ kind: 'stall' });
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 300);
    await expect(
      fetch(fake.node.sepoliaUrl, {
        method: 'POST',
        body: JSON.stringify(call(1, 'starknet_chainId')),
        signal: controller.signal,
      }),
    ).rejects.toThrow('aborted');
    clearTimeout(timer);
    expect((await fake.admin.requests()).httpRequests).toBe(3);
  });

  it('closes with a request stalled forever, failing that request', async () => {
    const other = await startFakeNode();
    const otherAdmin = fakeNode('mainnet', other.url);
    await otherAdmin.fault({ kind: 'stall' });
    const stalled = post(other.mainnetUrl, call(1, 'starknet_chainId'));
    // Closed once the node holds the request (no timing: the count says it arrived).
    while ((await otherAdmin.requests()).httpRequests < 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    // A close that waited for the stalled answer would never end: the test's timeout.
    await other.close();
    await expect(stalled).rejects.toThrow('fetch failed');
  });
});
