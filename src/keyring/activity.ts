import type {
  AccountTransactionsUpdatedEvent,
  Transaction,
} from '@metamask/keyring-api';

import type { StarknetScope } from '../api/keyring';
import { KEYRING_ACCOUNT_SCOPES, STARKNET_SCOPES } from '../api/keyring';
import { formatUnits } from '../api/units';
import { toFelt64 } from '../starknet/accounts/address';
import { u256Of } from '../starknet/node/calls';
import { STRK, knownTokens } from '../starknet/tokens/tokens';
import type { SnapState, TransactionRecord } from '../state/types';

/** One side of a keyring transaction (`from`/`to` entry). */
type Participant = Transaction['from'][number];
type FungibleAsset = Extract<
  Exclude<Participant['asset'], null>,
  { fungible: true }
>;

/**
 * The keyring status of a record: MetaMask's four stages. RECEIVED (in the mempool)
 * and UNCONFIRMED (the node's answer was lost, so not known to be received) are
 * `submitted`; PENDING (in a pre-confirmed block, not yet final) is `unconfirmed`;
 * accepted on L2 or L1 is `confirmed`; REJECTED and REVERTED are `failed`.
 */
const STATUS: Record<TransactionRecord['status'], Transaction['status']> = {
  RECEIVED: 'submitted',
  UNCONFIRMED: 'submitted',
  PENDING: 'unconfirmed',
  ACCEPTED_ON_L2: 'confirmed',
  ACCEPTED_ON_L1: 'confirmed',
  REJECTED: 'failed',
  REVERTED: 'failed',
};

/**
 * The CAIP-2 scope of a chain id snapnet serves.
 *
 * @param chainId - The hex chain id.
 * @returns `starknet:SN_MAIN` or `starknet:SN_SEPOLIA`, else undefined.
 */
export function scopeOfChain(chainId: string): StarknetScope | undefined {
  return KEYRING_ACCOUNT_SCOPES.find(
    (scope) => STARKNET_SCOPES[scope] === chainId,
  );
}

/**
 * A fungible asset amount as MetaMask reads it: the CAIP-19 type
 * `<scope>/erc20:0x<64 lowercase hex>`, the amount in whole units as an exact decimal
 * string (formatUnits: no float ever rounds it), the symbol as unit.
 *
 * @param scope - The CAIP-2 scope.
 * @param token - Address, symbol and decimals of the token.
 * @param token.address - Its address.
 * @param token.symbol - Its symbol.
 * @param token.decimals - Its decimals.
 * @param amount - The amount in the token's smallest unit.
 * @returns The asset.
 */
export function fungibleAsset(
  scope: StarknetScope,
  token: { address: string; symbol: string; decimals: number },
  amount: bigint,
): FungibleAsset {
  return {
    fungible: true,
    type: `${scope}/erc20:${toFelt64(token.address)}`,
    unit: token.symbol,
    amount: formatUnits(amount, token.decimals),
  };
}

/** What a record's single call moved, when it was a transfer or approval of a known token. */
type Movement = {
  type: Transaction['type'];
  counterparty: string;
  asset: FungibleAsset | null;
};

/**
 * Reads a single `transfer`/`approve` call of a token the snap knows (its own list or
 * the user's watch list: trust only from there) into what moved; anything else (a
 * multicall, an unknown contract, a declare, a deployment, an upgrade) is a send with
 * no asset MetaMask could show, to the contract it called.
 *
 * @param record - The stored record.
 * @param scope - Its CAIP-2 scope.
 * @param state - The state, for the watch list.
 * @returns The movement.
 */
function movementOf(
  record: TransactionRecord,
  scope: StarknetScope,
  state: SnapState,
): Movement {
  const other: Movement = {
    type: 'send',
    counterparty: record.contractAddress || record.senderAddress,
    asset: null,
  };
  const [to, low, high] = record.contractCallData;
  const entrypoint = record.contractFuncName;
  if (
    record.txnType !== 'invoke' ||
    !['transfer', 'approve'].includes(entrypoint) ||
    record.contractCallData.length !== 3 ||
    to === undefined ||
    low === undefined ||
    high === undefined
  ) {
    return other;
  }
  const token = knownTokens(record.chainId, state.tokens[record.chainId]).find(
    (item) => BigInt(item.address) === BigInt(record.contractAddress || '0x0'),
  );
  if (!token) {
    return other;
  }
  const amount = u256Of([low, high]);
  const approval = amount === 0n ? 'token:disapprove' : 'token:approve';
  return {
    type: entrypoint === 'transfer' ? 'send' : approval,
    counterparty: toFelt64(to),
    asset: fungibleAsset(scope, token, amount),
  };
}

/**
 * The fee MetaMask shows: the receipt's actual fee (in STRK, FRI) once the snap saw
 * the send included; none while pending, since a record keeps no maximal fee.
 *
 * @param record - The stored record.
 * @param scope - Its CAIP-2 scope.
 * @returns The fees.
 */
function feesOf(
  record: TransactionRecord,
  scope: StarknetScope,
): Transaction['fees'] {
  return record.actualFee === undefined
    ? []
    : [
        {
          type: 'base',
          asset: fungibleAsset(scope, STRK, BigInt(record.actualFee)),
        },
      ];
}

/**
 * A stored record as a keyring transaction (`TransactionStruct` of
 * `@metamask/keyring-api`): id = its hash, the account's keyring id, the CAIP-2 chain,
 * the status by {@link STATUS}, what moved (whole units), the fee, and the time the
 * snap sent it (seconds; the record knows no block time).
 *
 * @param record - The record.
 * @param accountId - The keyring account id of its account.
 * @param state - The state, for the watch list.
 * @returns The transaction, or undefined for a network snapnet does not serve.
 */
export function toKeyringTransaction(
  record: TransactionRecord,
  accountId: string,
  state: SnapState,
): Transaction | undefined {
  const scope = scopeOfChain(record.chainId);
  if (!scope) {
    return undefined;
  }
  const account = accountAddressOf(state, accountId);
  const own = BigInt(record.senderAddress) === BigInt(account);
  // Another account's transaction (an indexer's): received, amounts not known.
  const moved: Movement = own
    ? movementOf(record, scope, state)
    : { type: 'receive', counterparty: toFelt64(account), asset: null };
  const status = STATUS[record.status];
  const events: Transaction['events'] = [
    { status: 'submitted', timestamp: record.timestamp },
  ];
  if (status !== 'submitted') {
    // The record keeps no time of the change, only that it happened.
    events.push({ status, timestamp: null });
  }
  return {
    type: moved.type,
    id: record.txnHash,
    chain: scope,
    account: accountId,
    status,
    timestamp: record.timestamp,
    from: [{ address: toFelt64(record.senderAddress), asset: moved.asset }],
    to: [{ address: moved.counterparty, asset: moved.asset }],
    fees: own ? feesOf(record, scope) : [],
    events,
  };
}

/**
 * The address of a registered keyring account.
 *
 * @param state - The state.
 * @param accountId - The keyring id.
 * @returns Its address, or `0x0` when not registered.
 */
function accountAddressOf(state: SnapState, accountId: string): string {
  return state.keyringAccounts[accountId]?.address ?? '0x0';
}

/**
 * The keyring id of the account at an address, when MetaMask lists it.
 *
 * @param state - The state.
 * @param address - The account address.
 * @returns Its id, or undefined.
 */
export function keyringIdOf(
  state: SnapState,
  address: string,
): string | undefined {
  return Object.values(state.keyringAccounts).find(
    (registration) => BigInt(registration.address) === BigInt(address),
  )?.id;
}

/**
 * Tells MetaMask that transactions of its accounts changed
 * (`notify:accountTransactionsUpdated` through `snap_manageAccounts`), so its activity
 * list follows without asking. A refusal (stable MetaMask knows no snap keyring
 * accounts) is not an error of what changed them: a send or a status is never failed
 * by it.
 *
 * @param transactions - Keyring account id → the changed transactions.
 */
export async function notifyTransactions(
  transactions: Record<string, Transaction[]>,
): Promise<void> {
  if (Object.keys(transactions).length === 0) {
    return;
  }
  const event: AccountTransactionsUpdatedEvent = {
    method: 'notify:accountTransactionsUpdated',
    params: { transactions },
  };
  try {
    await snap.request({
      method: 'snap_manageAccounts',
      params: { method: event.method, params: event.params },
    });
  } catch {
    // MetaMask keeps asking keyring_listAccountTransactions; nothing is lost.
  }
}
