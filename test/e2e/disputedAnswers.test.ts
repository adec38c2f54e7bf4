/**
 * Sends whose answer the snap does not take on the node's word: a node answering
 * another transaction hash, deployment address or class hash than the snap computed
 * (the fake node's `lie` fault) fails the request with a message naming what differed,
 * and the signed transaction still counts for the next nonce.
 */
import { beforeEach, describe, expect, it } from '@jest/globals';

import { SIERRA, STRK, transactionHashOf } from './hardening';
import { errorOf, installSnapnet, resultOf } from './helpers';
import {
  FRESH,
  approved,
  fundOwn,
  node,
  records,
  sentNonces,
  transfer,
  OWN,
} from './sends';

describe('a node that answers another hash than the snap computed', () => {
  beforeEach(async () => {
    await node.reset();
  });

  it('refuses a lying transaction hash, keeps the record under the computed hash and counts its nonce', async () => {
    await fundOwn(0);
    const snap = await installSnapnet();
    await node.fault({
      kind: 'lie',
      method: 'starknet_addInvokeTransaction',
      data: { transaction_hash: '0x1234' },
    });
    const error = errorOf(await approved(transfer(snap, 1)));
    expect(error.message).toContain('transaction hash 0x1234');
    const [[nonce, computed] = [-1, 0n]] = await sentNonces();
    expect(nonce).toBe(0);
    expect(BigInt(String(error.data?.transactionHash))).toBe(computed);
    expect(
      (await records(snap)).map((record) =>
        BigInt(typeof record.txnHash === 'string' ? record.txnHash : -1),
      ),
    ).toStrictEqual([computed]);
    const next = transactionHashOf(resultOf(await approved(transfer(snap, 2))));
    expect((await sentNonces()).at(-1)).toStrictEqual([1, next]);
  });

  it('refuses a lying deployment address, and does not deploy again', async () => {
    await node.setBalance(STRK, FRESH, 10n ** 20n);
    const snap = await installSnapnet();
    await node.fault({
      kind: 'lie',
      method: 'starknet_addDeployAccountTransaction',
      data: { contract_address: '0x5' },
    });
    const error = errorOf(
      await approved(
        snap.request({
          method: 'snapnet_createAccount',
          params: { addressIndex: 1, deploy: true },
        }),
      ),
    );
    expect(error.message).toContain('address 0x5');
    await approved(transfer(snap, 1, FRESH));
    expect(
      (await node.transactions()).map((tx) => [tx.type, tx.nonce]),
    ).toStrictEqual([
      ['DEPLOY_ACCOUNT', 0],
      ['INVOKE', 1],
    ]);
  });

  it('refuses a lying class hash and counts the declaration for the next nonce', async () => {
    await fundOwn(2);
    const snap = await installSnapnet();
    await node.fault({
      kind: 'lie',
      method: 'starknet_addDeclareTransaction',
      data: { class_hash: '0x7' },
    });
    const error = errorOf(
      await approved(
        snap.request({
          method: 'snapnet_declareContract',
          params: {
            senderAddress: OWN,
            contractPayload: { contract: SIERRA, compiledClassHash: '0x0123' },
          },
        }),
      ),
    );
    expect(error.message).toContain('class hash 0x7');
    await approved(transfer(snap, 1));
    expect(
      (await node.transactions()).map((tx) => [tx.type, tx.nonce]),
    ).toStrictEqual([
      ['DECLARE', 2],
      ['INVOKE', 3],
    ]);
  });
});
