/**
 * The `followSends` job against an in-process fake node, through the snap's own store:
 * an included send is settled with its actual fee and `onSettled` runs once for its
 * account; a failed node read settles nothing; a tick with nothing open asks nothing.
 */
import { describe, expect, it, jest } from '@jest/globals';

import { followSends } from '../../src/background/followSends';
import { withErrorBoundary } from '../../src/errors';
import { STRK } from '../../src/fakeNode/constants';
import { useFakeNode } from '../../src/fakeNode/testing';
import { dispatch as route } from '../../src/rpc/dispatch';
import { createSendLock } from '../../src/rpc/sendLock';
import { createStore, defaultState } from '../../src/state/store';
import { installSigningWallet } from '../fixtures/signingWallet';
import { SEPOLIA, expectedRecord } from '../fixtures/wallet';

const dispatch = withErrorBoundary(route);
const fixture = useFakeNode();
const OWN = expectedRecord(0);
const RECIPIENT = `0x0${'5'.repeat(63)}`;

/**
 * A wallet with account 0 (deployed, funded) on the test's node, and its services.
 *
 * @returns Store and send lock.
 */
async function wallet() {
  await fixture.admin.deployAccount({ publicKey: OWN.publicKey });
  await fixture.admin.setBalance(STRK, OWN.address, 10n ** 19n);
  await installSigningWallet(
    {
      ...defaultState(),
      accounts: { [SEPOLIA]: [OWN] },
      nodeUrls: { [SEPOLIA]: fixture.node.sepoliaUrl },
    },
    true,
  );
  return { store: createStore(), sendLock: createSendLock() };
}

/**
 * Sends a STRK transfer from account 0, approved, as the user on the home page would.
 *
 * @param services - Store and send lock.
 * @returns The hash.
 */
async function send(services: Awaited<ReturnType<typeof wallet>>) {
  const result = (await dispatch({
    origin: 'metamask',
    method: 'snapnet_executeTxn',
    params: {
      address: OWN.address,
      calls: [
        {
          contractAddress: STRK,
          entrypoint: 'transfer',
          calldata: [RECIPIENT, '5', '0'],
        },
      ],
    },
    ...services,
  })) as { transaction_hash: string };
  return result.transaction_hash;
}

describe('followSends', () => {
  it('settles an included send with its fee and calls onSettled once for its account', async () => {
    const services = await wallet();
    const hash = await send(services);
    const onSettled = jest.fn(async () => undefined);

    await followSends(services, onSettled);
    expect(onSettled).not.toHaveBeenCalled();

    await fixture.admin.mine();
    await fixture.admin.clearRequests();
    await followSends(services, onSettled);
    expect(onSettled.mock.calls).toStrictEqual([[SEPOLIA, OWN.address]]);
    // One batch: the sender's nonce, the status and the receipt.
    const { httpRequests, rpcCalls } = await fixture.admin.requests();
    expect(httpRequests).toBe(1);
    expect(rpcCalls.map((call) => call.method)).toStrictEqual([
      'starknet_getNonce',
      'starknet_getTransactionStatus',
      'starknet_getTransactionReceipt',
    ]);
    const [record] =
      (await services.store.read()).transactions[SEPOLIA]?.[OWN.address] ?? [];
    const receipt = rpcCalls[2]?.answer as {
      result: { actual_fee: { amount: string } };
    };
    expect(record).toMatchObject({
      txnHash: hash,
      status: 'ACCEPTED_ON_L2',
      actualFee: receipt.result.actual_fee.amount,
    });

    // Settled with its fee: the next tick asks nothing and settles nothing.
    await fixture.admin.clearRequests();
    await followSends(services, onSettled);
    expect((await fixture.admin.requests()).httpRequests).toBe(0);
    expect(onSettled).toHaveBeenCalledTimes(1);
  });

  it('a node that fails settles nothing, and the next tick tries again', async () => {
    const services = await wallet();
    await send(services);
    await fixture.admin.mine();
    await fixture.admin.fault({ kind: 'http500', times: 1 });
    const onSettled = jest.fn(async () => undefined);
    await followSends(services, onSettled);
    expect(onSettled).not.toHaveBeenCalled();
    await followSends(services, onSettled);
    expect(onSettled).toHaveBeenCalledTimes(1);
  });
});
