/**
 * No send is lost when its answer is: the fake node takes a transaction and drops the
 * connection before answering (`takeThenDrop`). The snap knows the hash before sending
 * and asks the node for its status (one request): when the node has it the dapp gets
 * its hash as a success and the record is kept; when the node cannot tell, the error
 * carries `data.transactionHash` and the record stays UNCONFIRMED until
 * getTransactionStatus / getTransactions settle it; when the node does not have it,
 * nothing is recorded. The next send uses the next nonce either way.
 */
import { beforeEach, describe, expect, it } from '@jest/globals';

import { fakeNode } from '../../src/fakeNode/admin';
import { FAKE_NODE_HOST, FAKE_NODE_PORT } from '../../src/fakeNode/ports';
import type { Pending } from './hardening';
import { ACCOUNTS, CALLS, SIERRA, STRK, answerAll } from './hardening';
import { errorOf, installSnapnet, resultOf } from './helpers';

const node = fakeNode('sepolia');
const OWN = ACCOUNTS[0]?.address ?? '';
const OWN_KEY = ACCOUNTS[0]?.publicKey ?? '';
type Snap = Awaited<ReturnType<typeof installSnapnet>>;

/**
 * Sends one request and approves its dialog.
 *
 * @param pending - The request.
 * @returns Its response.
 */
async function approved(pending: Pending): Promise<Awaited<Pending>> {
  const [response] = await answerAll([pending]);
  if (!response) {
    throw new Error('no response');
  }
  return response;
}

/**
 * Sends the transfer from account 0 and approves it.
 *
 * @param snap - The snap.
 * @returns The response.
 */
async function execute(snap: Snap): Promise<Awaited<Pending>> {
  return approved(
    snap.request({
      method: 'snapnet_executeTxn',
      params: { address: OWN, calls: CALLS },
    }),
  );
}

/**
 * The snap's stored records of account 0, from state only.
 *
 * @param snap - The snap.
 * @returns Hash and status of each record.
 */
async function records(
  snap: Snap,
): Promise<{ txnHash: string; status: string }[]> {
  const listed = resultOf(
    await snap.request({
      method: 'snapnet_getTransactions',
      params: { senderAddress: OWN, onlyFromState: true, withDeployTxn: true },
    }),
  ) as { txnHash: string; status: string }[];
  return listed.map(({ txnHash, status }) => ({ txnHash, status }));
}

describe('a send whose answer is lost', () => {
  beforeEach(async () => {
    await node.reset();
    await node.deployAccount({ publicKey: OWN_KEY });
    await node.setBalance(STRK, OWN, 10n ** 19n);
  });

  it('invoke: the node took it, so the dapp gets the hash and the record is kept', async () => {
    const snap = await installSnapnet();
    await node.fault({
      kind: 'takeThenDrop',
      method: 'starknet_addInvokeTransaction',
    });
    await node.clearRequests();
    const response = await execute(snap);
    const { transaction_hash: hash } = resultOf(response) as {
      transaction_hash: string;
    };
    const taken = await node.transactions();
    expect(taken.map((tx) => BigInt(tx.hash))).toStrictEqual([BigInt(hash)]);
    // Status, estimate, the lost send, then one status request.
    const { rpcCalls } = await node.requests();
    expect(rpcCalls.map((call) => call.method).slice(-2)).toStrictEqual([
      'starknet_addInvokeTransaction',
      'starknet_getTransactionStatus',
    ]);
    expect(await records(snap)).toStrictEqual([
      { txnHash: hash, status: 'RECEIVED' },
    ]);

    resultOf(await execute(snap));
    expect((await node.transactions()).map((tx) => tx.nonce)).toStrictEqual([
      0, 1,
    ]);
  });

  it('invoke: the node cannot tell, so the error carries the hash; getTransactions settles the record', async () => {
    const snap = await installSnapnet();
    await node.fault({
      kind: 'takeThenDrop',
      method: 'starknet_addInvokeTransaction',
    });
    await node.fault({
      kind: 'refuse',
      method: 'starknet_getTransactionStatus',
    });
    const error = errorOf(await execute(snap));
    const [taken] = await node.transactions();
    expect(error.code).toBe(-32603);
    expect(error.message).toContain('snapnet_executeTxn failed');
    expect(error.message).toContain(`${FAKE_NODE_HOST}:${FAKE_NODE_PORT}`);
    expect(error.message).toContain('check its status before sending it again');
    const hash = String(error.data?.transactionHash);
    expect(BigInt(hash)).toBe(BigInt(taken?.hash ?? -1));
    expect(await records(snap)).toStrictEqual([
      { txnHash: hash, status: 'RECEIVED' },
    ]);
    // getTransactions above settled it from the node; the state kept it meanwhile.
    expect(
      resultOf(
        await snap.request({
          method: 'snapnet_getTransactionStatus',
          params: { transactionHash: hash },
        }),
      ),
    ).toBe('RECEIVED');
    resultOf(await execute(snap));
    expect((await node.transactions()).map((tx) => tx.nonce)).toStrictEqual([
      0, 1,
    ]);
  });

  it('invoke: the node cannot tell, and the record survives until the node answers', async () => {
    const snap = await installSnapnet();
    await node.fault({
      kind: 'takeThenDrop',
      method: 'starknet_addInvokeTransaction',
    });
    await node.fault({
      kind: 'refuse',
      method: 'starknet_getTransactionStatus',
      times: 2,
    });
    const error = errorOf(await execute(snap));
    const hash = String(error.data?.transactionHash);
    // The refresh cannot reach the node either: the listing fails, the record stays.
    const failed = errorOf(
      await snap.request({
        method: 'snapnet_getTransactions',
        params: { senderAddress: OWN, onlyFromState: true },
      }),
    );
    expect(failed.message).toContain('snapnet_getTransactions failed');
    await node.clearFaults();
    expect(await records(snap)).toStrictEqual([
      { txnHash: hash, status: 'RECEIVED' },
    ]);
  });

  it('invoke: the node does not have it, so nothing is recorded and no hash is promised', async () => {
    const snap = await installSnapnet();
    await node.fault({
      kind: 'refuse',
      method: 'starknet_addInvokeTransaction',
    });
    const error = errorOf(await execute(snap));
    expect(error.message).toContain('could not be reached');
    expect(error.data?.transactionHash).toBeUndefined();
    expect(await node.transactions()).toStrictEqual([]);
    expect(await records(snap)).toStrictEqual([]);
  });

  it('deploy_account and declare: taken then dropped, both answered as sent', async () => {
    await node.reset();
    const fresh = ACCOUNTS[1];
    await node.setBalance(STRK, fresh?.address ?? '', 10n ** 20n);
    const snap = await installSnapnet();
    await node.fault({
      kind: 'takeThenDrop',
      method: 'starknet_addDeployAccountTransaction',
    });
    const deployed = resultOf(
      await approved(
        snap.request({
          method: 'snapnet_createAccount',
          params: { addressIndex: 1, deploy: true },
        }),
      ),
    ) as { transaction_hash: string };
    // The gateway takes a declare only at the committed nonce: the deployment mined first.
    await node.mine();
    await node.fault({
      kind: 'takeThenDrop',
      method: 'starknet_addDeclareTransaction',
    });
    const declared = resultOf(
      await approved(
        snap.request({
          method: 'snapnet_declareContract',
          params: {
            senderAddress: fresh?.address ?? '',
            contractPayload: { contract: SIERRA, compiledClassHash: '0x0123' },
          },
        }),
      ),
    ) as { transaction_hash: string };
    expect(
      (await node.transactions()).map((tx) => [
        tx.type,
        BigInt(tx.hash),
        tx.nonce,
      ]),
    ).toStrictEqual([
      ['DEPLOY_ACCOUNT', BigInt(deployed.transaction_hash), 0],
      ['DECLARE', BigInt(declared.transaction_hash), 1],
    ]);
  });
});
