/**
 * The one status rule of a send (src/starknet/sends/status.ts `settledStatus`) and the
 * account list's rules (src/state/accounts.ts): pure functions, checked case by case.
 */
import { describe, expect, it } from '@jest/globals';
import type { RPC_ERROR } from 'starknet';
import { RpcError } from 'starknet';

import { NodeRequestFailed } from '../../src/errors';
import type { NodeOutcome } from '../../src/starknet/node/node';
import {
  DROPPED,
  NOT_RECEIVED,
  settledStatus,
} from '../../src/starknet/sends/status';
import {
  currentAccountIn,
  newAccountCount,
  putAccounts,
  upsertAccount,
} from '../../src/state/accounts';
import { defaultState } from '../../src/state/store';
import type { AccountRecord, TransactionRecord } from '../../src/state/types';

const CHAIN = '0x534e5f5345504f4c4941';

/**
 * A stored record of a send.
 *
 * @param fields - What differs from an open RECEIVED invoke with nonce 5.
 * @returns The record.
 */
function record(fields: Partial<TransactionRecord> = {}): TransactionRecord {
  return {
    txnHash: '0xabc',
    txnType: 'invoke',
    senderAddress: '0x1',
    contractAddress: '0x2',
    contractFuncName: 'transfer',
    contractCallData: [],
    status: 'RECEIVED',
    failureReason: null,
    eventIds: [],
    timestamp: 1,
    chainId: CHAIN,
    nonce: '0x5',
    ...fields,
  };
}

/**
 * The node's answer as a failed batch outcome with a spec error.
 *
 * @param code - The spec error code.
 * @param message - Its message.
 * @returns The outcome.
 */
function nodeError(code: number, message: string): NodeOutcome<unknown> {
  const cause = new RpcError(
    { code, message } as RPC_ERROR,
    'starknet_getTransactionStatus',
    {},
  );
  return {
    ok: false,
    error: new NodeRequestFailed(
      { method: 'starknet_getTransactionStatus', message, code },
      { cause },
    ),
  };
}

const NOT_FOUND = nodeError(29, 'Transaction hash not found');

/**
 * An account record.
 *
 * @param addressIndex - Its index.
 * @param cairoVersion - Its kind.
 * @returns The record.
 */
function account(
  addressIndex: number,
  cairoVersion: '0' | '1' = '1',
): AccountRecord {
  return {
    address: `0x${cairoVersion}${addressIndex.toString(16).padStart(3, '0')}`,
    addressIndex,
    publicKey: '0x7',
    addressSalt: '0x7',
    deployTxnHash: '',
    derivationPath: `m/44'/9004'/0'/0/${addressIndex}`,
    chainId: CHAIN,
    cairoVersion,
  };
}

describe('settledStatus: one rule for a send', () => {
  it('takes a known status, with the node failure reason', () => {
    expect(
      settledStatus(
        record(),
        {
          ok: true,
          result: {
            finality_status: 'ACCEPTED_ON_L2',
            execution_status: 'REVERTED',
            failure_reason: 'out of gas',
          },
        },
        5n,
      ),
    ).toStrictEqual({ status: 'REVERTED', failureReason: 'out of gas' });
    expect(
      settledStatus(
        record({ status: 'PENDING' }),
        { ok: true, result: { finality_status: 'PRE_CONFIRMED' } },
        5n,
      ),
    ).toBeUndefined();
  });

  it('calls an unknown hash dropped once it had been received, never received after a lost answer', () => {
    expect(settledStatus(record(), NOT_FOUND, 5n)).toStrictEqual({
      status: 'REJECTED',
      failureReason: DROPPED,
    });
    expect(
      settledStatus(record({ status: 'PENDING' }), NOT_FOUND, undefined),
    ).toStrictEqual({ status: 'REJECTED', failureReason: DROPPED });
    expect(
      settledStatus(record({ status: 'UNCONFIRMED' }), NOT_FOUND, 9n),
    ).toStrictEqual({ status: 'REJECTED', failureReason: NOT_RECEIVED });
  });

  it('concludes nothing when the node nonce passed the send, or the record is finished', () => {
    expect(settledStatus(record(), NOT_FOUND, 6n)).toBeUndefined();
    expect(
      settledStatus(record({ status: 'ACCEPTED_ON_L2' }), NOT_FOUND, 0n),
    ).toBeUndefined();
    expect(settledStatus(record(), undefined, 5n)).toBeUndefined();
  });

  it('throws any other node error', () => {
    const other = nodeError(-32603, 'internal');
    expect(() => settledStatus(record(), other, 5n)).toThrow('internal');
  });
});

describe('account list', () => {
  it('keeps a legacy and a Cairo 1 account of one index, Cairo 1 first', () => {
    const list: AccountRecord[] = [];
    upsertAccount(list, account(0, '0'));
    upsertAccount(list, account(2));
    upsertAccount(list, account(0, '1'));
    upsertAccount(list, { ...account(0, '0'), deployTxnHash: '0xdead' });
    upsertAccount(list, account(0, '0'));
    expect(
      list.map((item) => [item.addressIndex, item.cairoVersion]),
    ).toStrictEqual([
      [0, '1'],
      [0, '0'],
      [2, '1'],
    ]);
    // A known deploy hash survives a record that does not know it.
    expect(list[1]?.deployTxnHash).toBe('0xdead');
  });

  it('counts only accounts not stored yet, once each', () => {
    const state = defaultState();
    state.accounts[CHAIN] = [account(0)];
    expect(
      newAccountCount(state, CHAIN, [
        account(0),
        account(0, '0'),
        account(1),
        account(1),
      ]),
    ).toBe(2);
  });

  it('never moves the current account when adding, but sets the first', () => {
    const state = defaultState();
    putAccounts(state, CHAIN, [account(5)]);
    expect(currentAccountIn(state, CHAIN)?.addressIndex).toBe(5);
    expect(state.currentAccounts).toStrictEqual({});
    putAccounts(state, CHAIN, [account(0), account(1)]);
    expect(currentAccountIn(state, CHAIN)?.addressIndex).toBe(5);
    expect(state.currentAccounts[CHAIN]).toBe(account(5).address);
    expect(
      state.accounts[CHAIN]?.map((item) => item.addressIndex),
    ).toStrictEqual([0, 1, 5]);
  });
});
