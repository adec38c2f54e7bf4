/**
 * NFT contracts of the fake node, emitting the events of OpenZeppelin's Cairo
 * components: ERC-721 (`Transfer` with the token id in the keys, `ApprovalForAll`) and
 * ERC-1155 (`TransferSingle` with id and value in the data, `ApprovalForAll`). Holdings
 * are seeded by the admin API (`addNft`); transfers need the owner or an approved
 * operator as caller, as the real components check.
 */
import { hash } from 'starknet';

import { ExecutionRevert } from './errors';
import type { CallContext } from './ledger';
import type { NftData } from './state';

export type { NftData } from './state';
export { copyNft } from './state';

const U128 = 2n ** 128n;
const selector = (name: string): bigint =>
  BigInt(hash.getSelectorFromName(name));

/**
 * A fresh, empty collection.
 *
 * @param standard - ERC-721 or ERC-1155.
 * @returns Its storage.
 */
export function nftData(standard: NftData['standard']): NftData {
  return { kind: 'nft', standard, holdings: new Map(), operators: new Map() };
}

/**
 * Moves `amount` of `tokenId` from `from` to `to`, checking the caller may.
 *
 * @param data - The collection.
 * @param caller - Who calls.
 * @param move - From, to, id and amount.
 * @param move.from - Sender.
 * @param move.to - Recipient.
 * @param move.tokenId - Token id.
 * @param move.amount - How many.
 */
function move(
  data: NftData,
  caller: bigint,
  {
    from,
    to,
    tokenId,
    amount,
  }: Record<'from' | 'to' | 'tokenId' | 'amount', bigint>,
): void {
  if (caller !== from && data.operators.get(`${from}:${caller}`) !== true) {
    throw new ExecutionRevert('NFT: unauthorized caller');
  }
  const held = data.holdings.get(`${from}:${tokenId}`) ?? 0n;
  if (held < amount) {
    throw new ExecutionRevert('NFT: insufficient balance');
  }
  data.holdings.set(`${from}:${tokenId}`, held - amount);
  const key = `${to}:${tokenId}`;
  data.holdings.set(key, (data.holdings.get(key) ?? 0n) + amount);
}

/**
 * Runs an NFT entry point: `transfer_from(from, to, token_id)` (ERC-721),
 * `safe_transfer_from(from, to, id, value, data)` (ERC-1155),
 * `set_approval_for_all(operator, approved)` (both).
 *
 * @param ctx - Call context (its events get the emitted ones).
 * @param address - The collection.
 * @param data - Its storage.
 * @param caller - Calling address.
 * @param call - Selector and call data.
 * @param call.selector - Called selector.
 * @param call.calldata - Call data.
 * @returns The result felts, or undefined when there is no such entry point.
 */
export function callNft(
  ctx: CallContext,
  address: bigint,
  data: NftData,
  caller: bigint,
  { selector: called, calldata }: { selector: bigint; calldata: bigint[] },
): bigint[] | undefined {
  const emit = (name: string, keys: bigint[], values: bigint[]): void => {
    ctx.events.push({
      fromAddress: address,
      keys: [selector(name), ...keys],
      data: values,
    });
  };
  if (called === selector('set_approval_for_all') && calldata.length === 2) {
    const [operator = 0n, approved = 0n] = calldata;
    data.operators.set(`${caller}:${operator}`, approved !== 0n);
    emit('ApprovalForAll', [caller, operator], [approved]);
    return [];
  }
  if (
    data.standard === 'erc721' &&
    called === selector('transfer_from') &&
    calldata.length === 4
  ) {
    const [from = 0n, to = 0n, low = 0n, high = 0n] = calldata;
    move(data, caller, { from, to, tokenId: low + high * U128, amount: 1n });
    emit('Transfer', [from, to, low, high], []);
    return [];
  }
  if (
    data.standard === 'erc1155' &&
    called === selector('safe_transfer_from') &&
    calldata.length >= 7
  ) {
    const [from = 0n, to = 0n, idLow = 0n, idHigh = 0n, low = 0n, high = 0n] =
      calldata;
    const tokenId = idLow + idHigh * U128;
    move(data, caller, { from, to, tokenId, amount: low + high * U128 });
    emit('TransferSingle', [caller, from, to], [idLow, idHigh, low, high]);
    return [];
  }
  return undefined;
}
