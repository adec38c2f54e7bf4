import type { Store } from './store';
import type { AccountRecord, TransactionRecord } from './types';

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
 * Stores a record of a transaction the node accepted, once per hash.
 *
 * @param store - The state store.
 * @param record - The record.
 */
export async function saveRecord(
  store: Store,
  record: TransactionRecord,
): Promise<void> {
  await store.update((state) => {
    state.transactions[record.chainId] ??= [];
    const list = state.transactions[record.chainId];
    if (list && !list.some((item) => item.txnHash === record.txnHash)) {
      list.push(record);
    }
  });
}

/**
 * Stores, in one write, that the snap deployed a wallet account: the account with its
 * deploy hash, and the deploy_account record.
 *
 * @param store - The state store.
 * @param account - The deployed account.
 * @param account.address - Its address.
 * @param account.chainId - Its network.
 * @param txnHash - The deploy transaction hash.
 * @param upsert - How the account list is updated (keeps index order).
 * @param constructorCalldata - The deployment's constructor calldata.
 */
export async function saveDeployment(
  store: Store,
  account: AccountRecord,
  txnHash: string,
  upsert: (list: AccountRecord[], record: AccountRecord) => void,
  constructorCalldata: string[],
): Promise<void> {
  const { chainId } = account;
  await store.update((state) => {
    state.accounts[chainId] ??= [];
    const accounts = state.accounts[chainId];
    if (accounts) {
      upsert(accounts, { ...account, deployTxnHash: txnHash });
    }
    state.transactions[chainId] ??= [];
    state.transactions[chainId]?.push(
      receivedRecord({
        txnHash,
        txnType: 'deploy_account',
        senderAddress: account.address,
        contractAddress: account.address,
        contractFuncName: '',
        contractCallData: constructorCalldata,
        chainId,
      }),
    );
  });
}
