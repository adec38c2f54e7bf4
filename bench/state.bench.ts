/**
 * State write cost with 1,000 transaction records stored: one record written through
 * the v2 store (whole state read, serialized twice, written whole with
 * `snap_manageState`) and through the current one (only the sending account's list
 * written, under its own key, with `snap_setState`). Both run against the same
 * in-process wallet (test/fixtures/stateWallet.ts), so the figures are the snap's own
 * cost plus the bytes it posts to the wallet, without the simulation's overhead.
 */
import { afterAll, describe, it } from '@jest/globals';
import { array, is, record, string } from '@metamask/superstruct';
import type { Json } from '@metamask/utils';
import { isObject } from '@metamask/utils';

import { receivedRecord, saveRecord } from '../src/state/records';
import { createStore, defaultState } from '../src/state/store';
import type { TransactionRecord } from '../src/state/types';
import { TransactionRecordStruct } from '../src/state/types';
import { installStateWallet } from '../test/fixtures/stateWallet';
import { iterations } from './runs';

const SEPOLIA = '0x534e5f5345504f4c4941';
const ACCOUNTS = 20;
const PER_ACCOUNT = 50;
const WRITES = iterations(100);
const lines: string[] = [];

/** The v2 shape of `transactions`: one array per network. */
const V2_TRANSACTIONS = record(string(), array(TransactionRecordStruct));

const sender = (index: number): string =>
  `0x${(0x1000 + index).toString(16).padStart(64, '0')}`;

const txRecord = (from: string, nonce: number): TransactionRecord => ({
  ...receivedRecord({
    txnHash: `0x${(nonce + 1).toString(16).padStart(64, '0')}`,
    txnType: 'invoke',
    senderAddress: from,
    contractAddress: `0x${'4718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d'.padStart(64, '0')}`,
    contractFuncName: 'transfer',
    contractCallData: [from, '0x2386f26fc10000', '0x0'],
    chainId: SEPOLIA,
  }),
  status: 'ACCEPTED_ON_L2',
});

/**
 * 1,000 records: 50 finished ones for each of 20 accounts (all kept by trimming).
 *
 * @returns The records per account.
 */
function storedRecords(): Record<string, TransactionRecord[]> {
  return Object.fromEntries(
    Array.from({ length: ACCOUNTS }, (_, index) => [
      sender(index),
      Array.from({ length: PER_ACCOUNT }, (__, at) =>
        txRecord(sender(index), index * 1000 + at),
      ),
    ]),
  );
}

/**
 * One write through the v2 store's `update`, as it was: read the whole state and check
 * it, serialize it before and after the change, write it whole when they differ.
 *
 * @param added - The record to store.
 */
async function v2Write(added: TransactionRecord): Promise<void> {
  const stored = await snap.request({
    method: 'snap_manageState',
    params: { operation: 'get' },
  });
  // The v2 read checked each field against its struct, as the current one does.
  const transactions: Record<string, TransactionRecord[]> =
    isObject(stored) && is(stored.transactions, V2_TRANSACTIONS)
      ? stored.transactions
      : {};
  const draft = { ...defaultState(), transactions };
  const before = JSON.stringify(draft);
  transactions[SEPOLIA]?.push(added);
  if (JSON.stringify(draft) !== before) {
    await snap.request({
      method: 'snap_manageState',
      params: { operation: 'update', newState: draft },
    });
  }
}

/**
 * Times `WRITES` writes of one record each and adds a row.
 *
 * @param label - Row label.
 * @param initial - The stored state.
 * @param writeOne - Writes record number `index`.
 */
async function measure(
  label: string,
  initial: Record<string, Json>,
  writeOne: (index: number) => Promise<void>,
): Promise<void> {
  const wallet = installStateWallet(initial);
  const samples: number[] = [];
  for (let index = 0; index < WRITES; index++) {
    const started = performance.now();
    await writeOne(index);
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const bytes = wallet.writes.reduce((sum, write) => sum + write.bytes, 0);
  lines.push(
    `${label.padEnd(34)} ${String(Math.round(bytes / wallet.writes.length)).padStart(9)} ${(samples[Math.floor(WRITES / 2)] ?? 0).toFixed(2).padStart(9)}`,
  );
}

describe('state write cost, 1,000 records stored', () => {
  afterAll(() => {
    console.log(
      [
        `One record written with ${ACCOUNTS * PER_ACCOUNT} records stored (${ACCOUNTS} accounts × ${PER_ACCOUNT}), median of ${WRITES}`,
        `${'store'.padEnd(34)} ${'bytes/wr'.padStart(9)} ${'ms'.padStart(9)}`,
        ...lines,
      ].join('\n'),
    );
  });

  it('v2 layout: the whole state per write', async () => {
    const records = Object.values(storedRecords()).flat();
    const state = {
      ...defaultState(),
      version: 2,
      transactions: { [SEPOLIA]: records },
    };
    await measure('before (v2, snap_manageState)', state, async (index) =>
      v2Write(txRecord(sender(index % ACCOUNTS), 900_000 + index)),
    );
  });

  it('v3 layout: the account list per write', async () => {
    const state = {
      ...defaultState(),
      transactions: { [SEPOLIA]: storedRecords() },
    };
    const store = createStore();
    await measure('after (v3, snap_setState per key)', state, async (index) =>
      saveRecord(store, txRecord(sender(index % ACCOUNTS), 900_000 + index)),
    );
  });
});
