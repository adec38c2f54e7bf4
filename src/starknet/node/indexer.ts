import {
  array,
  is,
  number,
  optional,
  string,
  type,
} from '@metamask/superstruct';

import { toFelt64 } from '../../api/felt';
import type { TransactionRecord } from '../../state/types';
import { TransactionStatusStruct } from '../../state/types';

const IndexerPageStruct = type({
  items: array(
    type({
      hash: string(),
      type: string(),
      timestamp: number(),
      status: optional(string()),
      senderAddress: optional(string()),
      contractAddress: optional(string()),
      entrypoint: optional(string()),
    }),
  ),
});

const TYPES: Record<string, TransactionRecord['txnType']> = {
  INVOKE: 'invoke',
  INVOKE_FUNCTION: 'invoke',
  DEPLOY_ACCOUNT: 'deploy_account',
  DECLARE: 'declare',
};

/**
 * Reads an account's transaction history from a Voyager-style indexer
 * (`GET {indexer}/txns?to={address}&ps={pageSize}&p=1`). The indexer is optional and
 * only adds history the snap did not send itself, so a failing indexer yields no
 * items rather than failing the listing of what the snap knows.
 *
 * @param args - Where and what to read.
 * @param args.indexerUrl - Indexer base URL.
 * @param args.address - The account.
 * @param args.pageSize - How many transactions.
 * @param args.chainId - Network, stamped on the records.
 * @param args.timeoutMs - How long to wait.
 * @returns Records of the indexer's transactions.
 */
export async function fetchIndexedTransactions(args: {
  indexerUrl: string;
  address: string;
  pageSize: number;
  chainId: string;
  timeoutMs: number;
}): Promise<TransactionRecord[]> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), args.timeoutMs);
  try {
    const url = `${args.indexerUrl}/txns?to=${args.address}&ps=${args.pageSize}&p=1`;
    const response = await fetch(url, { signal: controller.signal });
    if (!response.ok) {
      return [];
    }
    const page: unknown = JSON.parse(await response.text());
    if (!is(page, IndexerPageStruct)) {
      return [];
    }
    return page.items.flatMap((item): TransactionRecord[] => {
      const txnType = TYPES[item.type.toUpperCase()];
      const status = (item.status ?? 'ACCEPTED_ON_L2')
        .toUpperCase()
        .replace(/\s+/gu, '_');
      if (!txnType || !is(status, TransactionStatusStruct)) {
        return [];
      }
      return [
        {
          txnHash: toFelt64(item.hash),
          txnType,
          senderAddress: toFelt64(item.senderAddress ?? args.address),
          contractAddress: item.contractAddress
            ? toFelt64(item.contractAddress)
            : '',
          contractFuncName: item.entrypoint ?? '',
          contractCallData: [],
          status,
          failureReason: null,
          eventIds: [],
          timestamp: item.timestamp,
          chainId: args.chainId,
        },
      ];
    });
  } catch {
    return [];
  } finally {
    clearTimeout(timer);
  }
}
