import { putAccounts } from './accounts';
import type {
  Store,
  AccountRecord,
  SnapState,
  TransactionRecord,
  TransactionStatus,
} from './types';

/**
 * Finished transaction records kept per account and network, besides every unfinished
 * one. 50 is the largest page `snapnet_getTransactions` serves (`pageSize` 10, 25 or
 * 50), so a dapp can still list a full page from state alone; older history is the
 * indexer's. See docs/state.md.
 */
export const KEEP_FINISHED = 50;

/** Statuses that can still change, so worth asking the node about (and never trimmed). */
const UNFINISHED: ReadonlySet<TransactionStatus> = new Set([
  'RECEIVED',
  'PENDING',
  'UNCONFIRMED',
]);

/**
 * Whether a transaction's status can still change.
 *
 * @param record - The record.
 * @returns True while it is RECEIVED, PENDING or UNCONFIRMED.
 */
export function isUnfinished(record: TransactionRecord): boolean {
  return UNFINISHED.has(record.status);
}

/**
 * Whether a record is a send a paymaster relayed (outside execution): it took no
 * account nonce, so the nonce logic leaves it out.
 *
 * @param record - The record.
 * @returns True for paymaster sends.
 */
export function isPaymasterRecord(record: TransactionRecord): boolean {
  return record.paymaster !== undefined;
}

/**
 * Bounds one account's records: every unfinished record plus the newest
 * {@link KEEP_FINISHED} finished ones, in their stored order.
 *
 * @param records - One account's records on one network, oldest first.
 * @returns The records to keep.
 */
export function trimRecords(records: TransactionRecord[]): TransactionRecord[] {
  const finished = records.filter((record) => !isUnfinished(record));
  if (finished.length <= KEEP_FINISHED) {
    return records;
  }
  const newest = new Set(
    finished
      .map((record, order) => ({ record, order }))
      .sort(
        (a, b) => b.record.timestamp - a.record.timestamp || b.order - a.order,
      )
      .slice(0, KEEP_FINISHED)
      .map(({ record }) => record),
  );
  return records.filter((record) => isUnfinished(record) || newest.has(record));
}

/**
 * A network's stored transaction records, all accounts together.
 *
 * @param state - The state.
 * @param chainId - The network.
 * @returns Its records.
 */
export function recordsOf(
  state: SnapState,
  chainId: string,
): TransactionRecord[] {
  return Object.values(state.transactions[chainId] ?? {}).flat();
}

/**
 * A record for a transaction the node just accepted (status RECEIVED).
 *
 * @param fields - What the transaction was.
 * @returns The record, stamped with the current time.
 */
export function receivedRecord(
  fields: Pick<
    TransactionRecord,
    | 'txnHash'
    | 'txnType'
    | 'senderAddress'
    | 'contractAddress'
    | 'contractFuncName'
    | 'contractCallData'
    | 'chainId'
    | 'nonce'
    | 'paymaster'
  >,
): TransactionRecord {
  return {
    ...fields,
    status: 'RECEIVED',
    failureReason: null,
    eventIds: [],
    timestamp: Math.floor(Date.now() / 1000),
  };
}

/**
 * Appends a record to its account's list (once per hash) and trims the list. Only that
 * list is written back.
 *
 * @param state - The state (mutated).
 * @param record - The record.
 */
function addRecord(state: SnapState, record: TransactionRecord): void {
  const { chainId, senderAddress } = record;
  const stored = state.transactions[chainId];
  const network = stored ?? {};
  if (!stored) {
    // Only a new network is written whole; otherwise only the account's list is.
    state.transactions[chainId] = network;
  }
  const list = network[senderAddress] ?? [];
  if (!list.some((item) => item.txnHash === record.txnHash)) {
    network[senderAddress] = trimRecords([...list, record]);
  }
}

/**
 * Stores a record of a transaction the node accepted, once per hash.
 *
 * @param store - The state store.
 * @param record - The record.
 */
export async function saveRecord(
  store: Store,
  record: TransactionRecord,
): Promise<void> {
  await store.update((state) => addRecord(state, record));
}

/**
 * Stores, in one update, that the snap deployed a wallet account: the account with its
 * deploy hash, and the deploy_account record.
 *
 * @param store - The state store.
 * @param account - The deployed account.
 * @param txnHash - The deploy transaction hash.
 * @param constructorCalldata - The deployment's constructor calldata.
 * @param nonce - The nonce it was signed with (hex), counted for the next nonce.
 */
export async function saveDeployment(
  store: Store,
  account: AccountRecord,
  txnHash: string,
  constructorCalldata: string[],
  nonce: string,
): Promise<void> {
  const { chainId } = account;
  await store.update((state) => {
    putAccounts(state, chainId, [{ ...account, deployTxnHash: txnHash }]);
    addRecord(
      state,
      receivedRecord({
        txnHash,
        txnType: 'deploy_account',
        senderAddress: account.address,
        contractAddress: account.address,
        contractFuncName: '',
        contractCallData: constructorCalldata,
        chainId,
        nonce,
      }),
    );
  });
}

/**
 * Stores a replacement in one update: the replaced send is marked REJECTED, its reason
 * naming the replacement (a 0.14 mempool removes it, so its nonce is the new one's),
 * and the replacement's record is added, so the records follow the new send.
 *
 * @param store - The state store.
 * @param replaced - The hash of the send replaced.
 * @param record - The replacement's record.
 */
export async function saveReplacement(
  store: Store,
  replaced: string,
  record: TransactionRecord,
): Promise<void> {
  await store.update((state) => {
    for (const item of recordsOf(state, record.chainId)) {
      if (item.txnHash === replaced) {
        item.status = 'REJECTED';
        item.failureReason = `replaced by ${record.txnHash}`;
      }
    }
    addRecord(state, record);
  });
}
