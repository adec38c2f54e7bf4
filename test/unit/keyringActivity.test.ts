/**
 * The mapping of stored records to MetaMask's keyring transactions
 * (src/keyring/activity.ts), held to @metamask/keyring-api's own `TransactionStruct`:
 * a known token's transfer with its exact amount, an approval, what the snap does not
 * decode (no asset guessed), another account's transaction (received), and the fee.
 */
import { describe, expect, it } from '@jest/globals';
import { TransactionStruct } from '@metamask/keyring-api';
import { assert } from '@metamask/superstruct';

import { toKeyringTransaction } from '../../src/keyring/activity';
import { STRK } from '../../src/starknet/tokens/tokens';
import { defaultState } from '../../src/state/store';
import type { TransactionRecord } from '../../src/state/types';
import { MAINNET, SEPOLIA } from '../fixtures/wallet';

const ID = '5b0c8b5e-1f7a-4c5e-9a43-3d4f8d2a7c11';
const OWN = `0x0${'1'.repeat(63)}`;
const OTHER = `0x0${'2'.repeat(63)}`;
const state = {
  ...defaultState(),
  keyringAccounts: { [ID]: { id: ID, addressIndex: 0, address: OWN } },
};

/**
 * A record of account OWN.
 *
 * @param fields - What differs.
 * @returns The record.
 */
function record(fields: Partial<TransactionRecord>): TransactionRecord {
  return {
    txnHash: `0x${'a'.repeat(64)}`,
    txnType: 'invoke',
    senderAddress: OWN,
    contractAddress: STRK.address,
    contractFuncName: 'transfer',
    contractCallData: [OTHER, '0x1', '0x1'],
    status: 'RECEIVED',
    failureReason: null,
    eventIds: [],
    timestamp: 1_700_000_000,
    chainId: SEPOLIA,
    ...fields,
  };
}

/**
 * Maps a record and checks the result with keyring-api's struct.
 *
 * @param fields - The record's fields.
 * @returns The keyring transaction.
 */
function mapped(fields: Partial<TransactionRecord>) {
  const transaction = toKeyringTransaction(record(fields), ID, state);
  assert(transaction, TransactionStruct);
  return transaction;
}

describe('keyring transactions', () => {
  it('a STRK transfer: exact u256 amount in whole STRK, submitted, no fee yet', () => {
    expect(mapped({})).toMatchObject({
      type: 'send',
      status: 'submitted',
      chain: 'starknet:SN_SEPOLIA',
      timestamp: 1_700_000_000,
      to: [
        {
          address: OTHER,
          asset: {
            type: `starknet:SN_SEPOLIA/erc20:${STRK.address}`,
            unit: 'STRK',
            // low 1 + high 1 × 2^128, in 18 decimals.
            amount: '340282366920938463463.374607431768211457',
          },
        },
      ],
      fees: [],
    });
  });

  it('statuses and the actual fee once included', () => {
    expect(mapped({ status: 'PENDING' }).status).toBe('unconfirmed');
    expect(mapped({ status: 'REVERTED' }).status).toBe('failed');
    expect(mapped({ status: 'REJECTED' }).status).toBe('failed');
    const confirmed = mapped({
      status: 'ACCEPTED_ON_L1',
      chainId: MAINNET,
      actualFee: '0x2386f26fc10000',
    });
    expect(confirmed.status).toBe('confirmed');
    expect(confirmed.fees).toStrictEqual([
      {
        type: 'base',
        asset: {
          fungible: true,
          type: `starknet:SN_MAIN/erc20:${STRK.address}`,
          unit: 'STRK',
          amount: '0.01',
        },
      },
    ]);
  });

  it('an approval of zero, a multicall, a deployment: nothing guessed', () => {
    expect(
      mapped({
        contractFuncName: 'approve',
        contractCallData: [OTHER, '0', '0'],
      }).type,
    ).toBe('token:disapprove');
    for (const fields of [
      { contractFuncName: 'transfer,transfer', contractCallData: ['0x2'] },
      { contractAddress: OTHER },
      { txnType: 'deploy_account' as const, contractAddress: OWN },
    ]) {
      const transaction = mapped(fields);
      expect(transaction.type).toBe('send');
      expect(transaction.to[0]?.asset).toBeNull();
    }
  });

  it("another account's transaction (an indexer's) is received, with no fee", () => {
    expect(mapped({ senderAddress: OTHER, actualFee: '0x1' })).toMatchObject({
      type: 'receive',
      from: [{ address: OTHER, asset: null }],
      to: [{ address: OWN, asset: null }],
      fees: [],
    });
  });
});
