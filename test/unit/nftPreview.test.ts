/**
 * NFTs in the confirmation's preview, from events in the OpenZeppelin Cairo layouts
 * (event selectors computed here with starknet.js): ERC-721 Transfer and Approval with
 * the token id in the keys, ApprovalForAll with `approved` in the data, ERC-1155
 * TransferSingle / TransferBatch with ids and values in the data; and a count of the
 * events the preview cannot read, the account's own left out.
 */
import { describe, expect, it } from '@jest/globals';
import { create } from '@metamask/superstruct';
import { hash } from 'starknet';

import { readPreview, TraceStruct } from '../../src/starknet/review/preview';
import { describePreview } from '../../src/ui/describePreview';
import { translator } from '../../src/ui/i18n';

const felt = (value: bigint | string): string =>
  `0x${BigInt(value).toString(16)}`;
const full = (value: bigint | string): string =>
  `0x${BigInt(value).toString(16).padStart(64, '0')}`;
const key = (name: string): string => hash.getSelectorFromName(name);
const u256 = (value: bigint): string[] => [
  felt(value % 2n ** 128n),
  felt(value / 2n ** 128n),
];
const ACCOUNT = '0xa1';
const THIEF = '0x7h1ef'.replace('h', '0');
const NFT = '0x721';
const MULTI = '0x1155';
const BIG_ID = 2n ** 130n + 7n;

type Event = { keys: string[]; data: string[] };

/**
 * An invoke trace whose calls each emit events from one contract.
 *
 * @param calls - Emitter → events.
 * @returns The trace.
 */
function traceOf(calls: [string, Event[]][]) {
  const invocation = (
    contract: string,
    events: Event[],
    nested: unknown[],
  ) => ({
    contract_address: felt(contract),
    events,
    calls: nested,
    is_reverted: false,
  });
  return create(
    {
      type: 'INVOKE',
      execute_invocation: invocation(
        ACCOUNT,
        // The account's own event (e.g. Argent's TransactionExecuted): not counted.
        [{ keys: [key('TransactionExecuted'), felt(1n)], data: [] }],
        calls.map(([contract, events]) => invocation(contract, events, [])),
      ),
    },
    TraceStruct,
  );
}

describe('NFTs in the preview', () => {
  it('reads ERC-721 transfers both ways, approvals and operators (OZ layouts)', () => {
    const preview = readPreview(
      [
        traceOf([
          [
            NFT,
            [
              // Transfer { #[key] from, #[key] to, #[key] token_id: u256 }
              {
                keys: [key('Transfer'), ACCOUNT, THIEF, ...u256(BIG_ID)],
                data: [],
              },
              {
                keys: [key('Transfer'), THIEF, ACCOUNT, ...u256(5n)],
                data: [],
              },
              // Approval { #[key] owner, #[key] approved, #[key] token_id }
              {
                keys: [key('Approval'), ACCOUNT, THIEF, ...u256(9n)],
                data: [],
              },
              // ApprovalForAll { #[key] owner, #[key] operator, approved: bool }
              { keys: [key('ApprovalForAll'), ACCOUNT, THIEF], data: ['0x1'] },
            ],
          ],
        ]),
      ],
      ACCOUNT,
    );
    expect(preview.balanceChanges.size).toBe(0);
    expect(preview.nftChanges).toStrictEqual([
      { collection: full(NFT), tokenId: BIG_ID, amount: -1n },
      { collection: full(NFT), tokenId: 5n, amount: 1n },
    ]);
    expect(preview.nftApprovals).toStrictEqual([
      { collection: full(NFT), spender: full(THIEF), tokenId: 9n },
    ]);
    expect(preview.operators).toStrictEqual([
      { collection: full(NFT), operator: full(THIEF), approved: true },
    ]);
    expect(preview.unreadEvents).toBe(0);
    const shown = describePreview(
      preview,
      { listed: [], unlisted: [] },
      translator('en'),
    );
    // The id keeps all its digits.
    expect(shown.nfts.moves[0]).toStrictEqual({
      collection: `${full(NFT).slice(0, 10)}…${full(NFT).slice(-8)}`,
      tokenId: BIG_ID.toString(),
      amount: '-1',
    });
  });

  it('reads ERC-1155 single and batch transfers, and operator revocations', () => {
    const preview = readPreview(
      [
        traceOf([
          [
            MULTI,
            [
              // TransferSingle { #[key] operator, #[key] from, #[key] to, id, value }
              {
                keys: [key('TransferSingle'), THIEF, ACCOUNT, THIEF],
                data: [...u256(3n), ...u256(40n)],
              },
              // TransferBatch { #[key] operator, #[key] from, #[key] to, ids, values }
              {
                keys: [key('TransferBatch'), THIEF, ACCOUNT, THIEF],
                data: [
                  '0x2',
                  ...u256(3n),
                  ...u256(4n),
                  '0x2',
                  ...u256(2n),
                  ...u256(1n),
                ],
              },
              { keys: [key('ApprovalForAll'), ACCOUNT, THIEF], data: ['0x0'] },
            ],
          ],
        ]),
      ],
      ACCOUNT,
    );
    expect(preview.nftChanges).toStrictEqual([
      { collection: full(MULTI), tokenId: 3n, amount: -42n },
      { collection: full(MULTI), tokenId: 4n, amount: -1n },
    ]);
    expect(preview.operators).toStrictEqual([
      { collection: full(MULTI), operator: full(THIEF), approved: false },
    ]);
  });

  it('counts events it cannot read, not the account own ones', () => {
    const preview = readPreview(
      [
        traceOf([
          ['0xde5', [{ keys: [key('Swap'), ACCOUNT], data: ['0x1', '0x2'] }]],
          // A TransferBatch whose spans overrun its data is not guessed at.
          [
            MULTI,
            [
              {
                keys: [key('TransferBatch'), THIEF, ACCOUNT, THIEF],
                data: ['0x5'],
              },
            ],
          ],
        ]),
      ],
      ACCOUNT,
    );
    expect(preview.unreadEvents).toBe(2);
    expect(preview.nftChanges).toStrictEqual([]);
  });
});
