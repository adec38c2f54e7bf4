/**
 * The fake node's `starknet_simulateTransactions`, read through starknet.js: the token
 * model's Cairo 1 events sit in the invocation of the token that emitted them (the fee
 * transfer, its own invocation, is checked through the snap in e2e), a multicall's calls run in order on one state, and a
 * contract that reverts gives its reason as `revert_reason`.
 */
import { describe, expect, it } from '@jest/globals';
import { hash } from 'starknet';

import { account, provider, seededKey, STRK, useFakeNode } from './testing';

const TRANSFER = BigInt(hash.getSelectorFromName('Transfer'));
const APPROVAL = BigInt(hash.getSelectorFromName('Approval'));
const OTHER = '0x777';
const ONE = 10n ** 18n;

type Invocation = {
  contract_address: string;
  events: { order: number; keys: string[]; data: string[] }[];
  calls: Invocation[];
};

describe('fake Starknet node: simulated traces', () => {
  const fake = useFakeNode();

  it('nests each call with its events, in order', async () => {
    const key = await seededKey(fake.admin, 10n * ONE);
    await fake.admin.setBalance(STRK, OTHER, 5n * ONE);
    await fake.admin.setAllowance(STRK, OTHER, key.address, ONE);
    const simulated = await account(
      provider(fake.node.sepoliaUrl),
      key,
    ).simulateTransaction(
      [
        {
          type: 'INVOKE',
          payload: [
            {
              contractAddress: STRK,
              entrypoint: 'transfer',
              calldata: [OTHER, 2n * ONE, 0],
            },
            {
              contractAddress: STRK,
              entrypoint: 'transfer_from',
              calldata: [OTHER, key.address, ONE / 2n, 0],
            },
            {
              contractAddress: STRK,
              entrypoint: 'approve',
              calldata: [OTHER, 7, 0],
            },
          ],
        },
      ],
      // starknet.js' account adds SKIP_FEE_CHARGE: no fee transfer in the trace.
      { skipValidate: true },
    );
    const trace = simulated.simulated_transactions[0]?.transaction_trace as {
      execute_invocation: Invocation;
      fee_transfer_invocation?: Invocation;
    };
    const { calls } = trace.execute_invocation;
    expect(calls.map((call) => BigInt(call.contract_address))).toStrictEqual([
      BigInt(STRK),
      BigInt(STRK),
      BigInt(STRK),
    ]);
    const words = (call: Invocation | undefined) =>
      call?.events.map((event) =>
        [...event.keys, ...event.data].map((felt) => BigInt(felt)),
      );
    const owner = BigInt(key.address);
    expect(words(calls[0])).toStrictEqual([
      [TRANSFER, owner, BigInt(OTHER), 2n * ONE, 0n],
    ]);
    expect(words(calls[1])).toStrictEqual([
      [TRANSFER, BigInt(OTHER), owner, ONE / 2n, 0n],
    ]);
    expect(words(calls[2])).toStrictEqual([
      [APPROVAL, owner, BigInt(OTHER), 7n, 0n],
    ]);
    expect(trace.fee_transfer_invocation).toBeUndefined();
    expect(
      calls.flatMap((call) => call.events).map((event) => event.order),
    ).toStrictEqual([0, 1, 2]);
    // A simulation changes nothing.
    expect(await fake.admin.getBalance(STRK, OTHER)).toBe(5n * ONE);
  });

  it('gives the reason of a reverting contract, and no events', async () => {
    const key = await seededKey(fake.admin, 10n * ONE);
    await fake.admin.addContract({
      address: '0x7e7e7',
      functions: { claim: { revert: 'reward already claimed' } },
    });
    const simulated = await account(
      provider(fake.node.sepoliaUrl),
      key,
    ).simulateTransaction(
      [
        {
          type: 'INVOKE',
          payload: {
            contractAddress: '0x7e7e7',
            entrypoint: 'claim',
            calldata: [],
          },
        },
      ],
      { skipValidate: true },
    );
    const trace = simulated.simulated_transactions[0]?.transaction_trace as {
      execute_invocation: { revert_reason?: string };
    };
    expect(trace.execute_invocation.revert_reason).toContain(
      'reward already claimed',
    );
    expect(trace.execute_invocation.revert_reason).toContain(
      `0x${'7e7e7'.padStart(64, '0')}`,
    );
  });
});
