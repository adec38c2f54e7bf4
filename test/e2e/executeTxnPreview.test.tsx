/**
 * The executeTxn confirmation shows what the transaction does, from the node's
 * simulation (`starknet_simulateTransactions`) and the contracts' ABIs on chain, not
 * from what the page says: balance changes net over the multicall, approvals (unlimited
 * ones as warnings), a revert as a warning that still lets the user send, tokens known
 * only on chain, and "Preview unavailable" when the node cannot simulate.
 */
import { beforeEach, describe, expect, it } from '@jest/globals';
import { installSnap } from '@metamask/snaps-jest';

import { fakeNode } from '../../src/fakeNode/admin';
import { STRK } from '../../src/fakeNode/constants';
import { STATE_VERSION } from '../../src/state/store';
import { expectedAccount } from '../fixtures/wallet';
import {
  DAPP_ORIGIN,
  confirmationOf,
  connectedPages,
  installSnapnet,
  resultOf,
  textOf,
} from './helpers';
import { warningsOf } from './reviewHelpers';

const node = fakeNode('sepolia');
const account = expectedAccount(0);
const RECIPIENT = `0x0${'7'.repeat(63)}`;
const SPENDER = `0x0${'5'.repeat(63)}`;
const PRV = '0x5e1ec7';
const REVERTER = '0x7e7e7';
const ONE = 10n ** 18n;
const u256 = (value: bigint): string[] => [
  (value % 2n ** 128n).toString(),
  (value / 2n ** 128n).toString(),
];

type Snap = Awaited<ReturnType<typeof installSnapnet>>;

/**
 * Sends an executeTxn, reads its confirmation, then approves it.
 *
 * @param request - The installed snap's request function.
 * @param params - executeTxn params (address added).
 * @returns The dialog's text, its warnings and the response.
 */
async function confirmExecute(
  request: Snap['request'],
  params: Record<string, unknown>,
) {
  const pending = request({
    method: 'snapnet_executeTxn',
    params: { address: account.address, ...params },
  });
  const ui = await confirmationOf(pending);
  const text = textOf(ui);
  const warnings = warningsOf(ui);
  await ui.ok();
  return { text, warnings, response: await pending };
}

const transfer = (token: string, to: string, amount: bigint) => ({
  contractAddress: token,
  entrypoint: 'transfer',
  calldata: [to, ...u256(amount)],
});

describe('executeTxn confirmation from the simulation', () => {
  beforeEach(async () => {
    await node.reset();
    await node.deployAccount({ publicKey: account.publicKey });
    await node.setBalance(STRK, account.address, 10n * ONE);
  });

  it('shows -1.5 STRK for a 1.5 STRK transfer, the fee apart, in three round trips', async () => {
    const snap = await installSnapnet();
    await node.clearRequests();
    const { text, warnings, response } = await confirmExecute(snap.request, {
      calls: [transfer(STRK, RECIPIENT, (15n * ONE) / 10n)],
    });
    expect(text).toMatch(/STRK\n-1\.5 STRK\n/u);
    expect(text).toContain('Estimated fee');
    expect(warnings).toStrictEqual([]);
    expect(resultOf(response)).toHaveProperty('transaction_hash');
    const { httpRequests, rpcCalls } = await node.requests();
    expect(httpRequests).toBeLessThanOrEqual(3);
    const simulate = rpcCalls.find(
      (call) => call.method === 'starknet_simulateTransactions',
    );
    // Zero bounds (none estimated yet): a real node refuses them when it charges the
    // fee, so the snap skips the charge and the trace has no fee transfer.
    expect(simulate?.params).toMatchObject({
      block_id: 'pre_confirmed',
      simulation_flags: ['SKIP_VALIDATE', 'SKIP_FEE_CHARGE'],
    });
    const [simulated] = (
      simulate?.answer as {
        result: {
          transaction_trace: { fee_transfer_invocation?: unknown };
        }[];
      }
    ).result;
    expect(
      simulated?.transaction_trace.fee_transfer_invocation,
    ).toBeUndefined();
    expect(rpcCalls.map((call) => call.method)).not.toContain(
      'starknet_estimateFee',
    );
  });

  it('nets a multicall: send 2, receive 0.5 through transfer_from', async () => {
    await node.setBalance(STRK, SPENDER, 5n * ONE);
    await node.setAllowance(STRK, SPENDER, account.address, ONE);
    const snap = await installSnapnet();
    const { text } = await confirmExecute(snap.request, {
      calls: [
        transfer(STRK, RECIPIENT, 2n * ONE),
        {
          contractAddress: STRK,
          entrypoint: 'transfer_from',
          calldata: [SPENDER, account.address, ...u256(ONE / 2n)],
        },
      ],
    });
    expect(text).toContain('-1.5 STRK');
    expect(text).not.toContain('-2 STRK');
  });

  it('shows an approval of 2^256-1 as Unlimited, with a warning', async () => {
    const snap = await installSnapnet();
    const { text, warnings } = await confirmExecute(snap.request, {
      calls: [
        {
          contractAddress: STRK,
          entrypoint: 'approve',
          calldata: [SPENDER, ...u256(2n ** 256n - 1n)],
        },
      ],
    });
    expect(text).toContain('Unlimited');
    expect(warnings.some((warning) => warning.includes('Unlimited'))).toBe(
      true,
    );
    expect(text).toContain('No token leaves or reaches your account.');
  });

  it('warns with the revert reason of a failing call, and still sends it', async () => {
    await node.addContract({
      address: REVERTER,
      functions: { claim: { revert: 'reward already claimed' } },
    });
    const snap = await installSnapnet();
    const { warnings, response } = await confirmExecute(snap.request, {
      calls: [{ contractAddress: REVERTER, entrypoint: 'claim', calldata: [] }],
    });
    expect(
      warnings.some((warning) => warning.includes('reward already claimed')),
    ).toBe(true);
    const { transaction_hash: sent } = resultOf(response) as {
      transaction_hash: string;
    };
    const [tx] = await node.transactions();
    expect(BigInt(tx?.hash ?? 0)).toBe(BigInt(sent));
  });

  it('names arguments with the token ABI on chain, never with the dapp one', async () => {
    const snap = await installSnapnet();
    const { text } = await confirmExecute(snap.request, {
      calls: [transfer(STRK, RECIPIENT, 5n)],
      abis: {
        [STRK]: [
          {
            type: 'function',
            name: 'transfer',
            inputs: [
              { name: 'claim_reward', type: 'core::felt252' },
              { name: 'bonus', type: 'core::integer::u256' },
            ],
          },
        ],
      },
    });
    expect(text).not.toContain('claim_reward');
    expect(text).not.toContain('bonus');
    // A listed token's transfer reads as what it does, without raw rows after it.
    expect(text).toMatch(/Transfer\n0\.000000000000000005 STRK\nRecipient/u);
    expect(text).not.toContain('not verified');
  });

  it('marks names from the dapp ABI as not verified where the chain has no ABI', async () => {
    await node.addContract({
      address: REVERTER,
      functions: { claim_reward: ['0x1'] },
      classHash: '0xc1a55',
      hideAbi: true,
    });
    const snap = await installSnapnet();
    const { text, warnings } = await confirmExecute(snap.request, {
      calls: [
        {
          contractAddress: REVERTER,
          entrypoint: 'claim_reward',
          calldata: ['9'],
        },
      ],
      abis: {
        [REVERTER]: [
          {
            type: 'function',
            name: 'claim_reward',
            inputs: [{ name: 'epoch', type: 'core::felt252' }],
          },
        ],
      },
    });
    expect(text).toMatch(/epoch\n9/u);
    expect(warnings.some((warning) => warning.includes('not verified'))).toBe(
      true,
    );
  });

  it('reads a token known only on chain (symbol, 6 decimals) with one more round trip, then from cache', async () => {
    await node.addToken({
      address: PRV,
      name: 'Private',
      symbol: 'PRV',
      decimals: 6,
    });
    await node.setBalance(PRV, account.address, 100_000_000n);
    const snap = await installSnapnet();
    await node.clearRequests();
    const first = await confirmExecute(snap.request, {
      calls: [transfer(PRV, RECIPIENT, 20_000_000n)],
    });
    expect(first.text).toContain('-20 PRV');
    expect((await node.requests()).httpRequests).toBe(4);
    await node.clearRequests();
    const second = await confirmExecute(snap.request, {
      calls: [transfer(PRV, RECIPIENT, 1_500_000n)],
    });
    expect(second.text).toContain('-1.5 PRV');
    expect((await node.requests()).httpRequests).toBe(3);
  });

  it('says "Preview unavailable" and still shows the fee when the node has no simulate', async () => {
    await node.fault({
      kind: 'rpcError',
      method: 'starknet_simulateTransactions',
      code: -32601,
      message: 'Method not found',
    });
    const snap = await installSnapnet();
    const { text, warnings, response } = await confirmExecute(snap.request, {
      calls: [transfer(STRK, RECIPIENT, ONE)],
    });
    expect(
      warnings.some((warning) => warning.includes('Preview unavailable')),
    ).toBe(true);
    expect(text).toContain('Estimated fee');
    expect(text).not.toContain('-1 STRK');
    expect(resultOf(response)).toHaveProperty('transaction_hash');
  });
});

describe('executeTxn confirmation in French', () => {
  it('writes amounts and the missing preview in French', async () => {
    await node.reset();
    await node.deployAccount({ publicKey: account.publicKey });
    await node.setBalance(STRK, account.address, 10n * ONE);
    // MetaMask in French, the page given the seed's first accounts as installSnapnet does.
    const { request } = await installSnap({
      options: {
        locale: 'fr',
        state: {
          version: STATE_VERSION,
          grants: connectedPages(DAPP_ORIGIN),
        },
      },
    });
    const simulated = await confirmExecute(request, {
      calls: [transfer(STRK, RECIPIENT, (15n * ONE) / 10n)],
    });
    expect(simulated.text).toContain('-1,5 STRK');
    await node.fault({
      kind: 'rpcError',
      method: 'starknet_simulateTransactions',
      code: -32601,
      message: 'Method not found',
    });
    const unavailable = await confirmExecute(request, {
      calls: [transfer(STRK, RECIPIENT, ONE)],
    });
    expect(unavailable.warnings.join('\n')).toContain('Aperçu indisponible');
  });
});

describe('deploy-and-invoke confirmation from the simulation', () => {
  it('simulates the deployment first and shows the invoke balance change, in four round trips', async () => {
    await node.reset();
    await node.setBalance(STRK, account.address, 10n * ONE);
    const snap = await installSnapnet();
    await node.clearRequests();
    const { text, response } = await confirmExecute(snap.request, {
      calls: [transfer(STRK, RECIPIENT, 2n * ONE)],
    });
    expect(text).toContain('not deployed yet');
    expect(text).toContain('-2 STRK');
    expect(resultOf(response)).toHaveProperty('transaction_hash');
    const { httpRequests, rpcCalls } = await node.requests();
    expect(httpRequests).toBeLessThanOrEqual(4);
    const simulate = rpcCalls.find(
      (call) => call.method === 'starknet_simulateTransactions',
    );
    const txs = (simulate?.params as { transactions: { type: string }[] })
      .transactions;
    expect(txs.map((tx) => tx.type)).toStrictEqual([
      'DEPLOY_ACCOUNT',
      'INVOKE',
    ]);
  });
});
