/**
 * executeTxn against a node that follows blockifier's fee rules (the fake node does,
 * docs/node.md): a simulation charges the fee unless `SKIP_FEE_CHARGE`, and a charged
 * one refuses bounds below the block's gas prices (error 41) and a STRK balance below the
 * maximal fee. The snap charges only a faithful replay (every bound the dapp's), shows
 * the node's reason when it refuses, the revert reason when the estimate asked instead
 * fails, and a danger naming both amounts when STRK cannot cover the maximal fee.
 */
import { beforeEach, describe, expect, it } from '@jest/globals';
import { stark } from 'starknet';

import { fakeNode } from '../../src/fakeNode/admin';
import { GAS_PRICES, STRK } from '../../src/fakeNode/constants';
import { V3_BOUNDS } from '../fixtures/transactions';
import { expectedAccount } from '../fixtures/wallet';
import { confirmationOf, installSnapnet, resultOf, textOf } from './helpers';
import { warningsOf } from './reviewHelpers';

const node = fakeNode('sepolia');
const account = expectedAccount(0);
const RECIPIENT = `0x0${'7'.repeat(63)}`;
const REVERTER = '0x7e7e7';
const ONE = 10n ** 18n;

type Snap = Awaited<ReturnType<typeof installSnapnet>>;

const transfer = (amount: bigint) => ({
  contractAddress: STRK,
  entrypoint: 'transfer',
  calldata: [RECIPIENT, amount.toString(), '0'],
});

/**
 * An amount of FRI written as STRK with all its digits, computed apart from the snap.
 *
 * @param fri - The amount.
 * @returns E.g. `0.000000000000001 STRK`.
 */
function strk(fri: bigint): string {
  const fraction = (fri % ONE).toString().padStart(18, '0').replace(/0+$/u, '');
  return `${fri / ONE}${fraction ? `.${fraction}` : ''} STRK`;
}

/**
 * Opens an executeTxn's confirmation.
 *
 * @param request - The installed snap's request function.
 * @param params - executeTxn params (address added).
 * @returns The dialog, its text and warnings, and the pending request.
 */
async function openExecute(
  request: Snap['request'],
  params: Record<string, unknown>,
) {
  const pending = request({
    method: 'snapnet_executeTxn',
    params: { address: account.address, ...params },
  });
  const ui = await confirmationOf(pending);
  return {
    ui,
    pending,
    text: textOf(ui),
    warnings: warningsOf(ui),
    dangers: warningsOf(ui, true),
  };
}

describe('executeTxn on a node that charges the fee in simulations', () => {
  beforeEach(async () => {
    await node.reset();
    await node.deployAccount({ publicKey: account.publicKey });
    await node.setBalance(STRK, account.address, 10n * ONE);
  });

  it("replays the dapp's bounds with the fee charged: fee transfer in the trace, preview shown", async () => {
    const snap = await installSnapnet();
    await node.clearRequests();
    const opened = await openExecute(snap.request, {
      calls: [transfer(2n * ONE)],
      details: { resourceBounds: V3_BOUNDS },
    });
    expect(opened.text).toContain('-2 STRK');
    expect(opened.warnings).toStrictEqual([]);
    await opened.ui.ok();
    expect(resultOf(await opened.pending)).toHaveProperty('transaction_hash');
    const { rpcCalls, httpRequests } = await node.requests();
    expect(httpRequests).toBeLessThanOrEqual(3);
    const simulate = rpcCalls.find(
      (call) => call.method === 'starknet_simulateTransactions',
    );
    expect(simulate?.params).toMatchObject({
      simulation_flags: ['SKIP_VALIDATE'],
    });
    const [simulated] = (
      simulate?.answer as {
        result: {
          transaction_trace: {
            fee_transfer_invocation?: { contract_address: string };
          };
        }[];
      }
    ).result;
    expect(
      BigInt(
        simulated?.transaction_trace.fee_transfer_invocation
          ?.contract_address ?? 0,
      ),
    ).toBe(BigInt(STRK));
  });

  it("shows the node's reason for the dapp's bounds below the gas price, beside the preview run without the fee", async () => {
    const snap = await installSnapnet();
    await node.clearRequests();
    const low = {
      ...V3_BOUNDS,
      l1_gas: { max_amount: '0x0', max_price_per_unit: '0x0' },
    };
    const opened = await openExecute(snap.request, {
      calls: [transfer(ONE)],
      details: { resourceBounds: low },
    });
    const warning = opened.warnings.join('\n');
    expect(warning).toContain('The node refuses this transaction as it is');
    expect(warning).toContain(
      `Max L1Gas price (0) is lower than the actual gas price: ${GAS_PRICES.l1Gas.fri}.`,
    );
    expect(opened.text).toContain('-1 STRK');
    const { rpcCalls } = await node.requests();
    expect(
      rpcCalls
        .filter((call) => call.method === 'starknet_simulateTransactions')
        .map(
          (call) =>
            (call.params as { simulation_flags: string[] }).simulation_flags,
        ),
    ).toStrictEqual([['SKIP_VALIDATE'], ['SKIP_VALIDATE', 'SKIP_FEE_CHARGE']]);
    await opened.ui.cancel();
    await opened.pending;
    expect(await node.transactions()).toStrictEqual([]);
  });

  it('shows the revert reason of a refused simulation, and of a failed estimate, never a raw error', async () => {
    await node.addContract({
      address: REVERTER,
      functions: { claim: { revert: 'reward already claimed' } },
    });
    const snap = await installSnapnet();
    const claim = {
      contractAddress: REVERTER,
      entrypoint: 'claim',
      calldata: [],
    };
    const low = {
      ...V3_BOUNDS,
      l2_gas: { ...V3_BOUNDS.l2_gas, max_price_per_unit: '0x1' },
    };
    const refused = await openExecute(snap.request, {
      calls: [claim],
      details: { resourceBounds: low },
    });
    expect(refused.dangers.join('\n')).toContain('reward already claimed');
    expect(refused.warnings.join('\n')).toContain(
      'Max L2Gas price (1) is lower than the actual gas price',
    );
    await refused.ui.cancel();
    await refused.pending;
    // A node without simulations: the estimate asked instead answers 41.
    await node.fault({
      kind: 'rpcError',
      method: 'starknet_simulateTransactions',
      code: -32601,
      message: 'Method not found',
    });
    const estimated = await openExecute(snap.request, { calls: [claim] });
    expect(estimated.dangers.join('\n')).toContain('reward already claimed');
    expect(estimated.warnings.join('\n')).toContain('Preview unavailable');
    await estimated.ui.cancel();
    await estimated.pending;
  });

  it('puts a danger naming the STRK balance and the max fee when STRK cannot cover it', async () => {
    const balance = 1000n;
    await node.setBalance(STRK, account.address, balance);
    const snap = await installSnapnet();
    await node.clearRequests();
    const opened = await openExecute(snap.request, {
      calls: [transfer(5n)],
    });
    const { rpcCalls, httpRequests } = await node.requests();
    // The balance rode in the first batch: no extra round trip.
    expect(httpRequests).toBeLessThanOrEqual(3);
    const simulate = rpcCalls.find(
      (call) => call.method === 'starknet_simulateTransactions',
    );
    const [simulated] = (
      simulate?.answer as {
        result: {
          fee_estimation: Parameters<typeof stark.toOverheadResourceBounds>[0];
        }[];
      }
    ).result;
    if (!simulated) {
      throw new Error('no simulation');
    }
    // The snap's margin over the estimate: 50 % on amounts and the L1 prices, the L2
    // price twice the estimate's (fees.ts); no tip: the node has fewer than ten recent
    // transactions.
    const margin = { max_amount: 50, max_price_per_unit: 50 };
    const bounds = stark.toOverheadResourceBounds(simulated.fee_estimation, {
      l1_gas: margin,
      l2_gas: { max_amount: 50, max_price_per_unit: 100 },
      l1_data_gas: margin,
    });
    expect(bounds.l2_gas.max_price_per_unit).toBe(
      2n * BigInt(simulated.fee_estimation.l2_gas_price),
    );
    const [sent] = (simulate?.params as { transactions: { tip: string }[] })
      .transactions;
    expect(BigInt(sent?.tip ?? -1)).toBe(0n);
    const maxFee =
      bounds.l1_gas.max_amount * bounds.l1_gas.max_price_per_unit +
      bounds.l2_gas.max_amount * bounds.l2_gas.max_price_per_unit +
      bounds.l1_data_gas.max_amount * bounds.l1_data_gas.max_price_per_unit;
    const danger = opened.dangers.join('\n');
    expect(danger).toContain(strk(balance));
    expect(danger).toContain(strk(maxFee));
    await opened.ui.cancel();
    await opened.pending;
  });

  it('puts the same danger in the deployment dialog when STRK cannot cover its max fee', async () => {
    await node.reset();
    await node.setBalance(STRK, account.address, 7n);
    const snap = await installSnapnet();
    await node.clearRequests();
    const pending = snap.request({
      method: 'snapnet_createAccount',
      params: { addressIndex: 0, deploy: true },
    });
    const ui = await confirmationOf(pending);
    const { rpcCalls } = await node.requests();
    const estimate = rpcCalls.find(
      (call) => call.method === 'starknet_estimateFee',
    );
    const [answer] = (
      estimate?.answer as {
        result: Parameters<typeof stark.toOverheadResourceBounds>[0][];
      }
    ).result;
    if (!answer) {
      throw new Error('no estimate');
    }
    // 50 % on amounts and the L1 prices, the L2 price twice the estimate's (fees.ts).
    const margin = { max_amount: 50, max_price_per_unit: 50 };
    const bounds = stark.toOverheadResourceBounds(answer, {
      l1_gas: margin,
      l2_gas: { max_amount: 50, max_price_per_unit: 100 },
      l1_data_gas: margin,
    });
    expect(bounds.l2_gas.max_price_per_unit).toBe(
      2n * BigInt(answer.l2_gas_price),
    );
    const maxFee =
      bounds.l1_gas.max_amount * bounds.l1_gas.max_price_per_unit +
      bounds.l2_gas.max_amount * bounds.l2_gas.max_price_per_unit +
      bounds.l1_data_gas.max_amount * bounds.l1_data_gas.max_price_per_unit;
    const danger = warningsOf(ui, true).join('\n');
    expect(danger).toContain(strk(7n));
    expect(danger).toContain(strk(maxFee));
    await ui.cancel();
    await pending;
  });
});
