/**
 * One rule for a send's status (every reader agrees), with the built snap on the fake
 * node
 * (real mempool semantics: a send is RECEIVED until the test includes it; `drop`
 * evicts it, so its hash answers 29 TXN_HASH_NOT_FOUND). Every reader of a send's
 * status (the next nonce, getTransactions, getTransactionStatus, getDeploymentData)
 * sees the same thing: a send the node no longer knows after it had received it is
 * REJECTED, its reason kept, its nonce free.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { isObject } from '@metamask/utils';
import { hash } from 'starknet';

import type { SnapnetWallet } from '../../src/client/wallet';
import { createSnapnetWallet } from '../../src/client/wallet';
import { hex64 } from '../fixtures/wallet';
import { ACCOUNTS, STRK, transactionHashOf } from './hardening';
import {
  errorOf,
  installSnapnet,
  resultOf,
  simulatedWallet,
  TEST_SNAP_ID,
  approveConnect,
} from './helpers';
import {
  FRESH,
  approved,
  fundOwn,
  later,
  node,
  records,
  sentNonces,
  transfer,
} from './sends';

const DROPPED_REASON = expect.stringContaining('dropped');

let opened: SnapnetWallet[] = [];

describe('one status rule for a send', () => {
  beforeEach(async () => {
    await node.reset();
  });

  afterEach(() => {
    opened.forEach((wallet) => wallet.dispose());
    opened = [];
  });

  it('lists a dropped send REJECTED with the reason, and frees its nonce', async () => {
    await fundOwn(0);
    const snap = await installSnapnet();
    const kept = transactionHashOf(resultOf(await approved(transfer(snap, 1))));
    const gone = transactionHashOf(resultOf(await approved(transfer(snap, 2))));
    await node.include(1);
    expect((await node.drop(gone)).map(BigInt)).toStrictEqual([gone]);
    // Under 10 s after the send, a 29 may come from another provider instance.
    expect((await records(snap))[0]?.status).toBe('RECEIVED');
    const after = await later(snap);

    // The listing asks the node (not only a later send does) and keeps the reason.
    const listed = await records(after);
    expect(
      listed.map((record) => [
        record.txnHash,
        record.status,
        record.failureReason,
      ]),
    ).toStrictEqual([
      [hex64(gone), 'REJECTED', DROPPED_REASON],
      [hex64(kept), 'PENDING', null],
    ]);
    // Stored, not only answered: a second listing asks the node about `kept` only.
    await node.clearRequests();
    expect((await records(after))[0]).toMatchObject({
      status: 'REJECTED',
      failureReason: DROPPED_REASON,
    });
    const asked = (await node.requests()).rpcCalls.flatMap((call) =>
      call.method === 'starknet_getTransactionStatus' &&
      isObject(call.params) &&
      typeof call.params.transaction_hash === 'string'
        ? [BigInt(call.params.transaction_hash)]
        : [],
    );
    expect(asked).toStrictEqual([kept]);

    // getTransactionStatus answers "not found" and agrees on the record.
    const error = errorOf(
      await after.request({
        method: 'snapnet_getTransactionStatus',
        params: { transactionHash: hex64(gone) },
      }),
    );
    expect(error.code).toBe(-32001);
    expect((await records(after))[0]?.status).toBe('REJECTED');

    // Its nonce is free: the next send signs nonce 1 again.
    const again = transactionHashOf(
      resultOf(await approved(transfer(after, 3))),
    );
    expect((await sentNonces()).at(-1)).toStrictEqual([1, again]);
  });

  it('does not call dropped a send whose nonce the node has passed', async () => {
    await fundOwn(0);
    const snap = await installSnapnet();
    const sent = transactionHashOf(resultOf(await approved(transfer(snap, 1))));
    await node.drop(sent);
    // The same key sent nonce 0 elsewhere and it was included: the node is past it.
    await node.deployAccount({
      publicKey: ACCOUNTS[0]?.publicKey ?? '',
      nonce: 1,
    });
    const [record] = await records(snap);
    expect(record).toMatchObject({ status: 'RECEIVED', failureReason: null });
  });

  it('answers getDeploymentData as deployed while the deploy_account is received', async () => {
    await node.setBalance(STRK, FRESH, 10n ** 20n);
    const snap = await installSnapnet();
    const deployed = resultOf(
      await approved(
        snap.request({
          method: 'snapnet_createAccount',
          params: { addressIndex: 1, deploy: true },
        }),
      ),
    ) as { transaction_hash: string };
    const ask = async (): Promise<unknown> =>
      (
        await snap.request({
          method: 'snapnet_getDeploymentData',
          params: { address: FRESH },
        })
      ).response;
    expect(await ask()).toMatchObject({
      error: { code: -32602, data: { walletRpcError: { code: 115 } } },
    });

    // The wallet adapter's wallet_deploymentData says the same.
    const simulated = await simulatedWallet({ snap });
    const wallet = createSnapnetWallet({
      snapId: TEST_SNAP_ID,
      provider: simulated.provider,
      pollIntervalMs: 1000,
    });
    opened.push(wallet);
    // Index 1 is the wallet's only account, so the connect dialog offers it first and
    // the user gives it to the dapp.
    expect(
      await approveConnect(
        simulated,
        wallet.request({ type: 'wallet_requestAccounts' }),
      ),
    ).toStrictEqual([FRESH]);
    await expect(
      wallet.request({ type: 'wallet_deploymentData' }),
    ).rejects.toMatchObject({
      code: 115,
      message: 'An error occurred (ACCOUNT_ALREADY_DEPLOYED)',
    });

    // Dropped: the account is not deployed after all, and its data is given again.
    await node.drop(deployed.transaction_hash);
    const data = await wallet.request({ type: 'wallet_deploymentData' });
    expect(
      hex64(
        hash.calculateContractAddressFromHash(
          data.salt,
          data.class_hash,
          data.calldata,
          0,
        ),
      ),
    ).toBe(FRESH);
    expect(await records(snap, FRESH)).toMatchObject([
      { txnType: 'deploy_account', status: 'REJECTED' },
    ]);
  });
});
