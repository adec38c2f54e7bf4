import { hash } from 'starknet';

import { toFelt64 } from '../accounts/address';

/** One NFT (ERC-721 token, or an ERC-1155 id) moving to (+) or from (-) the account. */
export type NftChange = { collection: string; tokenId: bigint; amount: bigint };

/** The account lets an operator move all of a collection (or takes that back). */
export type OperatorApproval = {
  collection: string;
  operator: string;
  approved: boolean;
};

/** The account lets a spender move one of its ERC-721 tokens. */
export type NftApproval = {
  collection: string;
  spender: string;
  tokenId: bigint;
};

/** What one event does to the account, as the preview adds it up. */
export type NftEffect =
  | { kind: 'move'; changes: NftChange[] }
  | { kind: 'operator'; approval: OperatorApproval }
  | { kind: 'approve'; approval: NftApproval }
  | { kind: 'none' };

const selector = (name: string): bigint =>
  BigInt(hash.getSelectorFromName(name));
const TRANSFER = selector('Transfer');
const APPROVAL = selector('Approval');
const APPROVAL_FOR_ALL = selector('ApprovalForAll');
const TRANSFER_SINGLE = selector('TransferSingle');
const TRANSFER_BATCH = selector('TransferBatch');
const U128 = 2n ** 128n;

/**
 * The account's side of a transfer: + when it receives, - when it sends.
 *
 * @param from - Sender.
 * @param to - Recipient.
 * @param owner - The account.
 * @returns The sign (0 when the account is neither).
 */
function side(from: bigint, to: bigint, owner: bigint): bigint {
  return (to === owner ? 1n : 0n) - (from === owner ? 1n : 0n);
}

/**
 * The u256 values of a serialized `Span<u256>` at `at` (`[length, low, high, ...]`).
 *
 * @param data - Event data.
 * @param at - Where the span starts.
 * @returns The values and where the next field starts; undefined if it overruns.
 */
function u256Span(
  data: bigint[],
  at: number,
): { values: bigint[]; next: number } | undefined {
  const length = Number(data[at] ?? -1n);
  const end = at + 1 + length * 2;
  if (length < 0 || end > data.length) {
    return undefined;
  }
  const values = Array.from(
    { length },
    (_, index) =>
      (data[at + 1 + index * 2] ?? 0n) +
      (data[at + 2 + index * 2] ?? 0n) * U128,
  );
  return { values, next: end };
}

/**
 * ERC-1155 `TransferSingle` / `TransferBatch` (keys `[selector, operator, from, to]`;
 * data `[id, value]` as u256s, or two `Span<u256>`).
 *
 * @param key - The selector.
 * @param words - Keys after the selector.
 * @param data - Data.
 * @param owner - The account.
 * @param collection - The emitting contract.
 * @returns The effect, or undefined for another layout.
 */
function erc1155Move(
  key: bigint,
  words: bigint[],
  data: bigint[],
  owner: bigint,
  collection: string,
): NftEffect | undefined {
  const [, from = 0n, to = 0n] = words;
  const sign = side(from, to, owner);
  if (key === TRANSFER_SINGLE && data.length === 4) {
    const [idLow = 0n, idHigh = 0n, low = 0n, high = 0n] = data;
    const tokenId = idLow + idHigh * U128;
    const amount = (low + high * U128) * sign;
    return { kind: 'move', changes: [{ collection, tokenId, amount }] };
  }
  const ids = key === TRANSFER_BATCH ? u256Span(data, 0) : undefined;
  const values = ids ? u256Span(data, ids.next) : undefined;
  if (!ids || values?.next !== data.length) {
    return undefined;
  }
  return {
    kind: 'move',
    changes: ids.values.map((tokenId, index) => ({
      collection,
      tokenId,
      amount: (values.values[index] ?? 0n) * sign,
    })),
  };
}

/**
 * Reads an NFT event in the OpenZeppelin Cairo layouts: ERC-721 `Transfer` and
 * `Approval` (keys `[selector, a, b, id.low, id.high]`, no data), `ApprovalForAll`
 * (keys `[selector, owner, operator]`, data `[approved]`, ERC-721 and ERC-1155 alike),
 * ERC-1155 `TransferSingle` and `TransferBatch`.
 *
 * @param event - The event.
 * @param event.keys - Its keys.
 * @param event.data - Its data.
 * @param account - The signing account.
 * @param collection - The emitting contract (0x + 64 digits).
 * @returns What it does to the account (`none`: read, not the account's), or undefined
 * when it is none of these layouts.
 */
export function readNftEvent(
  event: { keys: string[]; data: string[] },
  account: string,
  collection: string,
): NftEffect | undefined {
  const [key, ...words] = event.keys.map((felt) => BigInt(felt));
  const data = event.data.map((felt) => BigInt(felt));
  const owner = BigInt(account);
  const [first = 0n, second = 0n, low = 0n, high = 0n] = words;
  if (
    (key === TRANSFER || key === APPROVAL) &&
    words.length === 4 &&
    !data.length
  ) {
    const tokenId = low + high * U128;
    if (key === APPROVAL) {
      return first === owner
        ? {
            kind: 'approve',
            approval: {
              collection,
              spender: toFelt64(`0x${second.toString(16)}`),
              tokenId,
            },
          }
        : { kind: 'none' };
    }
    const amount = side(first, second, owner);
    return { kind: 'move', changes: [{ collection, tokenId, amount }] };
  }
  if (key === APPROVAL_FOR_ALL && words.length === 2 && data.length === 1) {
    return first === owner
      ? {
          kind: 'operator',
          approval: {
            collection,
            operator: toFelt64(`0x${second.toString(16)}`),
            approved: data[0] !== 0n,
          },
        }
      : { kind: 'none' };
  }
  if (
    (key === TRANSFER_SINGLE || key === TRANSFER_BATCH) &&
    words.length === 3
  ) {
    return erc1155Move(key, words, data, owner, collection);
  }
  return undefined;
}
