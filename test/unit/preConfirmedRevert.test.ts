/**
 * A REVERTED execution in a pre-confirmed block is not final (the block may still
 * change): the record stays PENDING, without a failure reason, and is asked about again
 * until its block is accepted; then REVERTED is final.
 */
import { describe, expect, it } from '@jest/globals';

import { recordStatusOf, settledStatus } from '../../src/starknet/sends/status';
import { receivedRecord } from '../../src/state/records';

const answer = (finality: string) => ({
  finality_status: finality,
  execution_status: 'REVERTED',
  failure_reason: 'Not enough rewards',
});

describe('a revert before the block is accepted', () => {
  it('is PENDING at PRE_CONFIRMED and CANDIDATE, REVERTED once accepted', () => {
    expect(recordStatusOf(answer('PRE_CONFIRMED'))).toBe('PENDING');
    expect(recordStatusOf(answer('CANDIDATE'))).toBe('PENDING');
    expect(recordStatusOf(answer('ACCEPTED_ON_L2'))).toBe('REVERTED');
  });

  it('keeps the record unfinished and takes the reason only when final', () => {
    const record = receivedRecord({
      txnHash: '0x1',
      txnType: 'invoke',
      senderAddress: '0x2',
      contractAddress: '0x3',
      contractFuncName: 'claim',
      contractCallData: [],
      chainId: '0x534e5f5345504f4c4941',
      nonce: '0x0',
    });
    expect(
      settledStatus(
        record,
        { ok: true, result: answer('PRE_CONFIRMED') },
        0n,
        0,
      ),
    ).toMatchObject({ status: 'PENDING', failureReason: null });
    expect(
      settledStatus(
        { ...record, status: 'PENDING' },
        { ok: true, result: answer('ACCEPTED_ON_L2') },
        0n,
        0,
      ),
    ).toStrictEqual({
      status: 'REVERTED',
      failureReason: 'Not enough rewards',
    });
  });
});
