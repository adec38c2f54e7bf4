/**
 * The 0.14 gateway's rules in front of the fake node's mempool (gateway.ts): stateless
 * refusals as pathfinder answers them (63, the gateway's message as `data`), a declare
 * only at the committed nonce (52 with the gateway's text), and a nested revert written
 * as blockifier's Cairo 1 summary (frames, then the panic as felt and text).
 */
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { CompiledSierra } from 'starknet';
import { json } from 'starknet';

import { GAS_PRICES, GAS_USAGE } from './constants';
import {
  account,
  ethTransfer,
  INVOKE_BOUNDS,
  provider,
  rpcFailure,
  seededKey,
  useFakeNode,
} from './testing';

const SIERRA = json.parse(
  readFileSync(
    resolve(__dirname, '../../test/fixtures/fake-node-minimal.sierra.json'),
    'utf8',
  ),
) as CompiledSierra;

const DECLARE_BOUNDS = {
  l1_gas: { max_amount: 0n, max_price_per_unit: GAS_PRICES.l1Gas.fri * 2n },
  l2_gas: {
    max_amount: GAS_USAGE.DECLARE.l2Gas * 2n,
    max_price_per_unit: GAS_PRICES.l2Gas.fri * 2n,
  },
  l1_data_gas: {
    max_amount: GAS_USAGE.DECLARE.l1DataGas * 2n,
    max_price_per_unit: GAS_PRICES.l1DataGas.fri * 2n,
  },
};

describe('fake Starknet node: the gateway', () => {
  const fake = useFakeNode();

  it.each([
    [{ paymasterData: ['0x1'] }, 'The field paymaster_data should be empty.'],
    [
      { accountDeploymentData: ['0x1'] },
      'The field account_deployment_data should be empty.',
    ],
    [
      { nonceDataAvailabilityMode: 'L2' },
      'Invalid nonce data availability mode.',
    ],
    [{ feeDataAvailabilityMode: 'L2' }, 'Invalid fee data availability mode.'],
  ])(
    'refuses %j statelessly: 63 with the gateway message',
    async (extra, data) => {
      const key = await seededKey(fake.admin);
      const sender = account(provider(fake.node.sepoliaUrl), key);
      const failure = await rpcFailure(
        sender.execute(ethTransfer('0x1', 0n), {
          resourceBounds: INVOKE_BOUNDS,
          tip: 0,
          ...extra,
        } as Parameters<typeof sender.execute>[1]),
      );
      expect(failure).toMatchObject({
        code: 63,
        message: 'An unexpected error occurred',
        data,
      });
      expect(await fake.admin.transactions()).toStrictEqual([]);
    },
  );

  it('takes a declare only at the committed nonce (reject_future_declare_txs)', async () => {
    const key = await seededKey(fake.admin, 10n ** 19n);
    const sender = account(provider(fake.node.sepoliaUrl), key);
    await sender.execute(ethTransfer('0x1', 0n), {
      resourceBounds: INVOKE_BOUNDS,
      tip: 0,
    });
    const declare = async (nonce: number) =>
      sender.declare(
        { contract: SIERRA, compiledClassHash: '0x1234' },
        { resourceBounds: DECLARE_BOUNDS, tip: 0, nonce },
      );
    const future = await rpcFailure(declare(1));
    expect(future).toMatchObject({
      code: 52,
      data: 'Invalid transaction nonce. Expected: nonce = 0, got: 1.',
    });
    // Included but not in a block: still not committed.
    await fake.admin.include();
    expect((await rpcFailure(declare(1))).data).toBe(
      'Invalid transaction nonce. Expected: nonce = 0, got: 1.',
    );
    await fake.admin.mine();
    await declare(1);
    expect(
      (await fake.admin.transactions()).map((tx) => [tx.type, tx.nonce]),
    ).toStrictEqual([
      ['INVOKE', 0],
      ['DECLARE', 1],
    ]);
  });

  it('writes a nested revert as blockifier does: every frame, then the panic data', async () => {
    const key = await seededKey(fake.admin);
    await fake.admin.addContract({
      address: '0xb0b',
      functions: { claim: { revert: 'Not enough rewards' } },
    });
    await fake.admin.addContract({
      address: '0xa11ce',
      functions: {
        claim: { call: { contractAddress: '0xb0b', entrypoint: 'claim' } },
      },
    });
    const sender = account(provider(fake.node.sepoliaUrl), key);
    const simulated = await sender.simulateTransaction(
      [
        {
          type: 'INVOKE',
          payload: {
            contractAddress: '0xa11ce',
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
    const lines = (trace.execute_invocation.revert_reason ?? '').split('\n');
    expect(lines[0]).toBe('Transaction execution has failed:');
    expect(lines[1]).toMatch(
      /^0: Error in the called contract \(contract address: 0x0+[0-9a-f]+, class hash: 0x[0-9a-f]{64}, selector: 0x[0-9a-f]{64}\):$/u,
    );
    expect(lines[2]).toBe('Execution failed. Failure reason:');
    expect(
      lines
        .slice(4, 6)
        .map((line) => /contract address: (0x[0-9a-f]+)/u.exec(line)?.[1]),
    ).toStrictEqual([
      `0x${'a11ce'.padStart(64, '0')}`,
      `0x${'b0b'.padStart(64, '0')}`,
    ]);
    expect(lines[6]).toBe(
      "0x4e6f7420656e6f7567682072657761726473 ('Not enough rewards').",
    );
  });
});
