/**
 * The fake node's fee rules, as blockifier applies them (docs/node.md): a simulation
 * charges unless `SKIP_FEE_CHARGE`, and a charged one checks every resource's price
 * (amount 0 included), the minimal amounts and the STRK balance before running (41, a
 * string `execution_error`, no trace); an invoke whose L2 gas bound is below what it
 * uses reverts "Out of gas"; the fee transfer appears only when a fee was charged;
 * estimates never charge and answer 41 for a revert. Raw JSON-RPC, so the flags and
 * bounds are exactly the ones sent.
 */
import { describe, expect, it } from '@jest/globals';
import { transaction } from 'starknet';

import { GAS_PRICES, GAS_USAGE } from './constants';
import { MINIMAL_GAS } from './feeRules';
import { feltHex } from './json';
import { post, seededKey, STRK, useFakeNode } from './testing';

const ONE = 10n ** 18n;
const OTHER = '0x777';

type Bound = { max_amount: bigint; max_price_per_unit: bigint };
type Bounds = { l1_gas: Bound; l2_gas: Bound; l1_data_gas: Bound };

const ZERO: Bound = { max_amount: 0n, max_price_per_unit: 0n };
/**
 * Bounds at the block's prices.
 *
 * @param l2Amount - The L2 gas amount.
 * @returns The bounds.
 */
const atPrices = (l2Amount: bigint = GAS_USAGE.INVOKE.l2Gas): Bounds => ({
  l1_gas: { max_amount: 0n, max_price_per_unit: GAS_PRICES.l1Gas.fri },
  l2_gas: { max_amount: l2Amount, max_price_per_unit: GAS_PRICES.l2Gas.fri },
  l1_data_gas: {
    max_amount: GAS_USAGE.INVOKE.l1DataGas,
    max_price_per_unit: GAS_PRICES.l1DataGas.fri,
  },
});

/**
 * A query-version invoke of one STRK transfer, unsigned, in the wire form.
 *
 * @param sender - The account.
 * @param bounds - Its resource bounds.
 * @returns The wire transaction.
 */
function invoke(sender: string, bounds: Bounds): Record<string, unknown> {
  const wireBound = (bound: Bound) => ({
    max_amount: feltHex(bound.max_amount),
    max_price_per_unit: feltHex(bound.max_price_per_unit),
  });
  return {
    type: 'INVOKE',
    version: '0x100000000000000000000000000000003',
    sender_address: sender,
    calldata: transaction
      .getExecuteCalldata(
        [
          {
            contractAddress: STRK,
            entrypoint: 'transfer',
            calldata: [OTHER, '0x1', '0x0'],
          },
        ],
        '1',
      )
      .map((felt) => feltHex(BigInt(felt))),
    signature: [],
    nonce: '0x0',
    resource_bounds: {
      l1_gas: wireBound(bounds.l1_gas),
      l2_gas: wireBound(bounds.l2_gas),
      l1_data_gas: wireBound(bounds.l1_data_gas),
    },
    tip: '0x0',
    paymaster_data: [],
    account_deployment_data: [],
    nonce_data_availability_mode: 'L1',
    fee_data_availability_mode: 'L1',
  };
}

type Answer = {
  result?: {
    transaction_trace: {
      execute_invocation: { revert_reason?: string; calls?: unknown[] };
      fee_transfer_invocation?: { contract_address: string };
    };
  }[];
  error?: {
    code: number;
    data: { transaction_index: number; execution_error: unknown };
  };
};

describe('fake Starknet node: fee rules of simulations and estimates', () => {
  const fake = useFakeNode();

  const simulate = async (
    tx: Record<string, unknown>,
    flags: string[],
  ): Promise<Answer> =>
    (
      await post(fake.node.sepoliaUrl, {
        jsonrpc: '2.0',
        id: 1,
        method: 'starknet_simulateTransactions',
        params: {
          block_id: 'pre_confirmed',
          transactions: [tx],
          simulation_flags: flags,
        },
      })
    ).body as Answer;

  it('refuses zero bounds when charging (41, a string, no trace), not when SKIP_FEE_CHARGE', async () => {
    const key = await seededKey(fake.admin, 10n * ONE);
    const zero = invoke(key.address, {
      l1_gas: ZERO,
      l2_gas: ZERO,
      l1_data_gas: ZERO,
    });
    const charged = await simulate(zero, ['SKIP_VALIDATE']);
    expect(charged.result).toBeUndefined();
    expect(charged.error?.code).toBe(41);
    expect(charged.error?.data.transaction_index).toBe(0);
    const text = String(charged.error?.data.execution_error);
    expect(text).toContain(
      `Max L1Gas price (0) is lower than the actual gas price: ${GAS_PRICES.l1Gas.fri}.`,
    );
    expect(text).toContain(
      `Max L2Gas amount (0) is lower than the minimal gas amount: ${MINIMAL_GAS.INVOKE.l2Gas}.`,
    );
    const free = await simulate(zero, ['SKIP_VALIDATE', 'SKIP_FEE_CHARGE']);
    expect(free.error).toBeUndefined();
    expect(
      free.result?.[0]?.transaction_trace.execute_invocation.calls,
    ).toHaveLength(1);
    expect(
      free.result?.[0]?.transaction_trace.fee_transfer_invocation,
    ).toBeUndefined();
  });

  it('refuses an L1 gas price below the block, even for amount 0', async () => {
    const key = await seededKey(fake.admin, 10n * ONE);
    const bounds = atPrices();
    bounds.l1_gas = {
      max_amount: 0n,
      max_price_per_unit: GAS_PRICES.l1Gas.fri - 1n,
    };
    const answer = await simulate(invoke(key.address, bounds), [
      'SKIP_VALIDATE',
    ]);
    expect(answer.error?.code).toBe(41);
    expect(String(answer.error?.data.execution_error)).toBe(
      `Resource bounds were not satisfied: Max L1Gas price (${GAS_PRICES.l1Gas.fri - 1n}) is lower than the actual gas price: ${GAS_PRICES.l1Gas.fri}.`,
    );
  });

  it('refuses a STRK balance below the maximal fee', async () => {
    const bounds = atPrices();
    const max =
      bounds.l2_gas.max_amount * bounds.l2_gas.max_price_per_unit +
      bounds.l1_data_gas.max_amount * bounds.l1_data_gas.max_price_per_unit;
    const key = await seededKey(fake.admin, max - 1n);
    const answer = await simulate(invoke(key.address, bounds), [
      'SKIP_VALIDATE',
    ]);
    expect(answer.error?.code).toBe(41);
    expect(String(answer.error?.data.execution_error)).toContain(
      `exceed balance (${max - 1n}).`,
    );
    await fake.admin.setBalance(STRK, key.address, max);
    const paid = await simulate(invoke(key.address, bounds), ['SKIP_VALIDATE']);
    expect(paid.error).toBeUndefined();
    expect(
      BigInt(
        paid.result?.[0]?.transaction_trace.fee_transfer_invocation
          ?.contract_address ?? 0,
      ),
    ).toBe(BigInt(STRK));
  });

  it('reverts "Out of gas" below the L2 gas used when charging, and runs when not', async () => {
    const key = await seededKey(fake.admin, 10n * ONE);
    const short = invoke(key.address, atPrices(GAS_USAGE.INVOKE.l2Gas - 1n));
    const charged = await simulate(short, ['SKIP_VALIDATE']);
    expect(charged.error).toBeUndefined();
    const trace = charged.result?.[0]?.transaction_trace;
    expect(trace?.execute_invocation.revert_reason).toContain("'Out of gas'");
    // A reverted transaction still pays.
    expect(trace?.fee_transfer_invocation).toBeDefined();
    const free = await simulate(short, ['SKIP_VALIDATE', 'SKIP_FEE_CHARGE']);
    expect(
      free.result?.[0]?.transaction_trace.execute_invocation.revert_reason,
    ).toBeUndefined();
  });

  it('never charges in estimates, and answers 41 for a revert', async () => {
    const key = await seededKey(fake.admin, 0n);
    const estimate = async (tx: Record<string, unknown>): Promise<Answer> =>
      (
        await post(fake.node.sepoliaUrl, {
          jsonrpc: '2.0',
          id: 1,
          method: 'starknet_estimateFee',
          params: {
            request: [tx],
            simulation_flags: ['SKIP_VALIDATE'],
            block_id: 'pre_confirmed',
          },
        })
      ).body as Answer;
    const zero = { l1_gas: ZERO, l2_gas: ZERO, l1_data_gas: ZERO };
    // No STRK at all, zero bounds: still estimated. The transfer of 1 STRK wei reverts.
    const reverting = await estimate(invoke(key.address, zero));
    expect(reverting.error?.code).toBe(41);
    expect(String(reverting.error?.data.execution_error)).toContain(
      'ERC20: insufficient balance',
    );
    await fake.admin.setBalance(STRK, key.address, 1n);
    const fine = await estimate(invoke(key.address, zero));
    expect(fine.error).toBeUndefined();
  });
});
