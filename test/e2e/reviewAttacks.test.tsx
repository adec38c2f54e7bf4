/**
 * What a hostile page or token contract can make a confirmation show, played by the
 * attacker through the built snap and the fake node: a worthless token calling itself
 * STRK in a "swap", a signature (signTransaction) whose effects must be simulated like a
 * send, dapp-given bounds that must not hide the simulated fee. Each dialog names the
 * node that simulated.
 */
import { beforeEach, describe, expect, it } from '@jest/globals';

import { formatUnits } from '../../src/api/units';
import { fakeNode } from '../../src/fakeNode/admin';
import { STRK } from '../../src/fakeNode/constants';
import { FAKE_NODE_HOST, FAKE_NODE_PORT } from '../../src/fakeNode/ports';
import { V3_BOUNDS } from '../fixtures/transactions';
import { expectedAccount, MAINNET } from '../fixtures/wallet';
import { confirmationOf, installSnapnet, resultOf, textOf } from './helpers';
import { warningsOf } from './reviewHelpers';

const node = fakeNode('sepolia');
const account = expectedAccount(0);
const ATTACKER = `0x0${'6'.repeat(63)}`;
const FAKE_STRK = '0xfa4e57';
const ONE = 10n ** 18n;
const u256 = (value: bigint): string[] => [
  (value % 2n ** 128n).toString(),
  (value / 2n ** 128n).toString(),
];
const short = (address: string): string => {
  const full = `0x${BigInt(address).toString(16).padStart(64, '0')}`;
  return `${full.slice(0, 10)}…${full.slice(-8)}`;
};

/**
 * The overall fee of the node's last simulated transaction, from its own answer.
 *
 * @returns The fee in FRI.
 */
async function simulatedFee(): Promise<bigint> {
  const { rpcCalls } = await node.requests();
  const simulate = rpcCalls.find(
    (call) => call.method === 'starknet_simulateTransactions',
  );
  const answer = simulate?.answer as
    { result: { fee_estimation: { overall_fee: string } }[] } | undefined;
  const last = answer?.result.at(-1);
  if (!last) {
    throw new Error('no simulation');
  }
  return BigInt(last.fee_estimation.overall_fee);
}

describe('confirmations an attacker cannot dress up', () => {
  beforeEach(async () => {
    await node.reset();
    await node.deployAccount({ publicKey: account.publicKey });
    await node.setBalance(STRK, account.address, 2000n * ONE);
  });

  it('shows a fake STRK in a swap by its address, unverified, with a warning', async () => {
    await node.addToken({
      address: FAKE_STRK,
      name: 'Starknet Token',
      symbol: 'STRK',
      decimals: 18,
    });
    await node.setBalance(FAKE_STRK, ATTACKER, 1000n * ONE);
    await node.setAllowance(FAKE_STRK, ATTACKER, account.address, 1000n * ONE);
    const { request } = await installSnapnet();
    const pending = request({
      method: 'snapnet_executeTxn',
      params: {
        address: account.address,
        calls: [
          {
            contractAddress: STRK,
            entrypoint: 'transfer',
            calldata: [ATTACKER, ...u256(1000n * ONE)],
          },
          {
            contractAddress: FAKE_STRK,
            entrypoint: 'transfer_from',
            calldata: [ATTACKER, account.address, ...u256(1000n * ONE)],
          },
        ],
      },
    });
    const ui = await confirmationOf(pending);
    const text = textOf(ui);
    const warnings = warningsOf(ui);
    expect(text).toMatch(/STRK\n-1000 STRK\n/u);
    // The fake token's row, a warning row: its short address, its amount unverified.
    expect(
      warnings.some(
        (warning) =>
          warning.includes(short(FAKE_STRK)) &&
          warning.includes('+1000 STRK · unverified token'),
      ),
    ).toBe(true);
    expect(text).not.toMatch(/^STRK\n\+1000 STRK$/mu);
    expect(
      warnings.some(
        (warning) =>
          warning.includes('Look-alike token') &&
          warning.includes(`0x${FAKE_STRK.slice(2).padStart(64, '0')}`),
      ),
    ).toBe(true);
    expect(text).toContain(`Simulated on ${FAKE_NODE_HOST}:${FAKE_NODE_PORT}`);
    await ui.cancel();
    expect(await pending).toMatchObject({
      response: { error: { code: 4001 } },
    });
  });

  it('shows the simulated balance change of a transfer before signTransaction signs', async () => {
    const { request } = await installSnapnet();
    await node.clearRequests();
    const pending = request({
      method: 'snapnet_signTransaction',
      params: {
        address: account.address,
        transactions: [
          {
            contractAddress: STRK,
            entrypoint: 'transfer',
            calldata: [ATTACKER, ...u256((25n * ONE) / 10n)],
          },
        ],
        transactionsDetail: { resourceBounds: V3_BOUNDS },
      },
    });
    const ui = await confirmationOf(pending);
    const text = textOf(ui);
    expect(text).toMatch(/Your balance changes\nSTRK\n-2\.5 STRK\n/u);
    const fee = await simulatedFee();
    expect(fee).toBeGreaterThan(0n);
    expect(text).toContain(`Estimated fee\n${formatUnits(fee, 18)} STRK`);
    const { rpcCalls, httpRequests } = await node.requests();
    // Nothing was sent: a signature only.
    expect(rpcCalls.map((call) => call.method)).not.toContain(
      'starknet_addInvokeTransaction',
    );
    expect(httpRequests).toBeLessThanOrEqual(3);
    await ui.ok();
    expect(resultOf(await pending)).toHaveLength(2);
  });

  it('shows the simulated fee, not zero, when the dapp gives the bounds', async () => {
    const { request } = await installSnapnet();
    await node.clearRequests();
    const pending = request({
      method: 'snapnet_executeTxn',
      params: {
        address: account.address,
        calls: [
          {
            contractAddress: STRK,
            entrypoint: 'transfer',
            calldata: [ATTACKER, ...u256(ONE)],
          },
        ],
        details: { resourceBounds: V3_BOUNDS },
      },
    });
    const ui = await confirmationOf(pending);
    const text = textOf(ui);
    const fee = await simulatedFee();
    expect(fee).toBeGreaterThan(0n);
    expect(text).toContain(`Estimated fee\n${formatUnits(fee, 18)} STRK`);
    expect(text).not.toMatch(/Estimated fee\n0 STRK/u);
    await ui.ok();
    expect(resultOf(await pending)).toHaveProperty('transaction_hash');
  });
});

describe('everything that moves, not only ERC-20 transfers', () => {
  it('shows NFTs leaving the account and an operator approval as a danger', async () => {
    const NFT = '0x721c011';
    const MULTI = '0x1155c011';
    await node.reset();
    await node.deployAccount({ publicKey: account.publicKey });
    await node.setBalance(STRK, account.address, 10n * ONE);
    await node.addNft({
      address: NFT,
      standard: 'erc721',
      holdings: [{ owner: account.address, tokenId: 7, amount: 1 }],
    });
    await node.addNft({
      address: MULTI,
      standard: 'erc1155',
      holdings: [{ owner: account.address, tokenId: 3, amount: 5 }],
    });
    const { request } = await installSnapnet();
    const pending = request({
      method: 'snapnet_executeTxn',
      params: {
        address: account.address,
        calls: [
          {
            contractAddress: NFT,
            entrypoint: 'transfer_from',
            calldata: [account.address, ATTACKER, '7', '0'],
          },
          {
            contractAddress: NFT,
            entrypoint: 'set_approval_for_all',
            calldata: [ATTACKER, '1'],
          },
          {
            contractAddress: MULTI,
            entrypoint: 'safe_transfer_from',
            calldata: [account.address, ATTACKER, '3', '0', '2', '0', '0'],
          },
        ],
      },
    });
    const ui = await confirmationOf(pending);
    const text = textOf(ui);
    expect(text).not.toContain('No token leaves or reaches your account.');
    expect(text).toContain(`${short(NFT)}\n#7: -1`);
    expect(text).toContain(`${short(MULTI)}\n#3: -2`);
    const dangers = warningsOf(ui, true);
    expect(
      dangers.some(
        (danger) =>
          danger.includes('Access to a whole NFT collection') &&
          danger.includes(ATTACKER),
      ),
    ).toBe(true);
    await ui.cancel();
    expect(await pending).toMatchObject({
      response: { error: { code: 4001 } },
    });
  });
});

describe("the chain's word stays the chain's", () => {
  const mainnet = fakeNode('mainnet');
  const CLAIMER = '0xc1a1e5';
  const SHARED_CLASS = '0xc1a55e5';

  it('an ABI served on Sepolia does not name a call on Mainnet', async () => {
    await node.reset();
    await mainnet.reset();
    for (const chain of [node, mainnet]) {
      await chain.deployAccount({ publicKey: account.publicKey });
      await chain.setBalance(STRK, account.address, 10n * ONE);
    }
    // Sepolia's node serves an ABI for the class; Mainnet's has none for the same hash.
    await node.addContract({
      address: CLAIMER,
      functions: { claim: ['0x1'] },
      classHash: SHARED_CLASS,
    });
    await mainnet.addContract({
      address: CLAIMER,
      functions: { claim: ['0x1'] },
      classHash: SHARED_CLASS,
      hideAbi: true,
    });
    const { request } = await installSnapnet();
    const call = {
      contractAddress: CLAIMER,
      entrypoint: 'claim',
      calldata: ['9'],
    };
    const dappAbis = {
      [CLAIMER]: [
        {
          type: 'function',
          name: 'claim',
          inputs: [{ name: 'epoch', type: 'core::felt252' }],
        },
      ],
    };
    const onSepolia = request({
      method: 'snapnet_executeTxn',
      params: { address: account.address, calls: [call], abis: dappAbis },
    });
    const sepoliaUi = await confirmationOf(onSepolia);
    // Sepolia's on-chain ABI wins there: the dapp's names are not used.
    expect(textOf(sepoliaUi)).not.toContain('epoch');
    await sepoliaUi.cancel();
    await onSepolia;
    const onMainnet = request({
      method: 'snapnet_executeTxn',
      params: {
        address: account.address,
        calls: [call],
        abis: dappAbis,
        chainId: MAINNET,
      },
    });
    const mainnetUi = await confirmationOf(onMainnet);
    // Mainnet has no ABI for the class: the dapp's names, marked not verified, not
    // Sepolia's cached ABI passed off as Mainnet's.
    expect(textOf(mainnetUi)).toMatch(/epoch\n9/u);
    expect(
      warningsOf(mainnetUi).some((text) => text.includes('not verified')),
    ).toBe(true);
    await mainnetUi.cancel();
    await onMainnet;
  });
});
