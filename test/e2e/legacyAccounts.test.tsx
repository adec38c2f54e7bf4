import { beforeEach, describe, expect, it } from '@jest/globals';
import { RpcProvider, transaction } from 'starknet';

import { fakeNode } from '../../src/fakeNode/admin';
import { ETH, STRK, USDC_TOKEN } from '../../src/fakeNode/constants';
import { V3_BOUNDS } from '../fixtures/transactions';
import {
  MAINNET,
  PROXY_CLASS_HASH,
  expectedAccount,
  hex64,
} from '../fixtures/wallet';
import {
  confirmationOf,
  errorOf,
  expectInvalidField,
  installSnapnet,
  resultOf,
  textOf,
} from './helpers';

const node = fakeNode('sepolia');
const mainnet = fakeNode('mainnet');
const account = expectedAccount(0);
const LEGACY = account.proxyAddress;
const ONE = 10n ** 18n;
/** `v1_bound_accounts_max_tip` of Starknet 0.14 (sequencer versioned constants). */
const MAX_TIP = 0x746a5288000n;
const CLASS_031 =
  '0x29927c8af6bccf3f6fda035981e765a7bdbf18a2dc0d630494f8758aa908e2b';
const CLASS_040 =
  '0x36078334509b514626504edc9fb252328d1a240e4e948bef8d0c08dff45927f';
const RECIPIENT = `0x0${'7'.repeat(63)}`;

type Snap = Awaited<ReturnType<typeof installSnapnet>>;
type Listed = {
  address: string;
  cairoVersion: string;
  accountVersion?: string;
};

/**
 * A STRK transfer of `amount` to the recipient.
 *
 * @param amount - FRI.
 * @returns The calls.
 */
function transfer(
  amount: bigint,
): { contractAddress: string; entrypoint: string; calldata: string[] }[] {
  return [
    {
      contractAddress: STRK,
      entrypoint: 'transfer',
      calldata: [RECIPIENT, amount.toString(), '0'],
    },
  ];
}

/**
 * The class at an address, as any client reads it.
 *
 * @param address - The contract.
 * @returns The class hash.
 */
async function classAt(address: string): Promise<bigint> {
  const provider = new RpcProvider({ nodeUrl: node.rpcUrl });
  return BigInt(await provider.getClassHashAt(address, 'pre_confirmed'));
}

/**
 * Installs the snap and lets it find account 0 (both kinds) on Sepolia.
 *
 * @returns The snap.
 */
async function withRecovered(): Promise<Snap> {
  const snap = await installSnapnet();
  // A page's scan asks the user; approved, what it finds is given to it.
  const pending = snap.request({
    method: 'snapnet_recoverAccounts',
    params: { maxScanned: 1 },
  });
  await (await confirmationOf(pending)).ok();
  resultOf(await pending);
  return snap;
}

/**
 * The stored account at the legacy address, as listAccounts gives it.
 *
 * @param snap - The snap.
 * @param chainId - The network.
 * @returns The listed account, if any.
 */
async function listedLegacy(
  snap: Snap,
  chainId?: string,
): Promise<Listed | undefined> {
  const listed = resultOf(
    await snap.request({
      method: 'snapnet_listAccounts',
      params: chainId ? { chainId } : {},
    }),
  ) as Listed[];
  return listed.find((item) => item.address === LEGACY);
}

/**
 * Asks for an upgrade and approves its dialog.
 *
 * @param snap - The snap.
 * @returns The dialog text and the transaction hash.
 */
async function approveUpgrade(
  snap: Snap,
): Promise<{ text: string; txHash: string }> {
  const pending = snap.request({
    method: 'snapnet_upgradeAccount',
    params: { address: LEGACY },
  });
  const ui = await confirmationOf(pending);
  const text = textOf(ui);
  await ui.ok();
  const result = resultOf(await pending) as { transaction_hash: string };
  return { text, txHash: result.transaction_hash };
}

/**
 * Sends a transfer through executeTxn and approves it.
 *
 * @param snap - The snap.
 * @param details - Transaction details.
 * @returns The dialog text.
 */
async function approveTransfer(
  snap: Snap,
  details?: Record<string, string>,
): Promise<string> {
  const pending = snap.request({
    method: 'snapnet_executeTxn',
    params: {
      address: LEGACY,
      calls: transfer(ONE),
      ...(details ? { details } : {}),
    },
  });
  const ui = await confirmationOf(pending);
  const text = textOf(ui);
  await ui.ok();
  resultOf(await pending);
  return text;
}

describe('legacy (Cairo 0) accounts: found, sent from, deployed, upgraded', () => {
  beforeEach(async () => {
    await node.reset();
    await mainnet.reset();
  });

  it('recovers a legacy address holding only STRK (or, on Mainnet, only USDC) and lists it with its version', async () => {
    await node.setBalance(STRK, LEGACY, 5n * ONE);
    await mainnet.setBalance(hex64(USDC_TOKEN.address), LEGACY, 1_000_000n);
    const snap = await withRecovered();
    expect(await listedLegacy(snap)).toMatchObject({
      cairoVersion: '0',
      accountVersion: '0.2.3',
    });
    const onMainnet = snap.request({
      method: 'snapnet_recoverAccounts',
      params: { maxScanned: 1, chainId: MAINNET },
    });
    await (await confirmationOf(onMainnet)).ok();
    resultOf(await onMainnet);
    expect(await listedLegacy(snap, MAINNET)).toMatchObject({
      cairoVersion: '0',
    });
  });

  it('sends from a deployed Cairo 0 account in Cairo 0 calldata with the tip within the limit; the transfer lands', async () => {
    await node.deployAccount({
      publicKey: account.publicKey,
      classHash: PROXY_CLASS_HASH,
    });
    // The node checks the balance against the maximal fee, the tip priced into every
    // L2 gas unit: at the limit's tip that takes more than 10 STRK.
    await node.setBalance(STRK, LEGACY, 1000n * ONE);
    const snap = await withRecovered();
    await approveTransfer(snap, { tip: `0x${MAX_TIP.toString(16)}` });
    const [sent] = await node.transactions();
    expect(sent?.tip).toBe(MAX_TIP);
    expect(sent?.calldata.map(BigInt)).toStrictEqual(
      transaction.getExecuteCalldata(transfer(ONE), '0').map(BigInt),
    );
    await node.include();
    expect(await node.getBalance(STRK, RECIPIENT)).toBe(ONE);
    const [done] = await node.transactions();
    expect(done?.execution).toBe('SUCCEEDED');
  });

  it('refuses a dapp tip above the limit with -32602 before any dialog, sending nothing', async () => {
    await node.deployAccount({
      publicKey: account.publicKey,
      classHash: PROXY_CLASS_HASH,
    });
    await node.setBalance(STRK, LEGACY, 10n * ONE);
    const snap = await withRecovered();
    const response = await snap.request({
      method: 'snapnet_executeTxn',
      params: {
        address: LEGACY,
        calls: transfer(ONE),
        details: { tip: `0x${(MAX_TIP + 1n).toString(16)}` },
      },
    });
    expectInvalidField(response, 'details.tip');
    // Signing only: the same limit, naming signTransaction's own param.
    const signing = await snap.request({
      method: 'snapnet_signTransaction',
      params: {
        senderAddress: LEGACY,
        transactions: transfer(ONE),
        transactionsDetail: {
          resourceBounds: V3_BOUNDS,
          tip: `0x${(MAX_TIP + 1n).toString(16)}`,
        },
      },
    });
    expectInvalidField(signing, 'transactionsDetail.tip');
    expect(await node.transactions()).toStrictEqual([]);
  });

  it('deploys an undeployed funded legacy account with the proxy class and sends, in one approval', async () => {
    await node.setBalance(STRK, LEGACY, 10n * ONE);
    const snap = await withRecovered();
    await approveTransfer(snap);
    const sent = await node.transactions();
    expect(sent.map((tx) => tx.type)).toStrictEqual([
      'DEPLOY_ACCOUNT',
      'INVOKE',
    ]);
    expect(BigInt(sent[0]?.sender ?? 0)).toBe(BigInt(LEGACY));
    await node.include();
    expect(await classAt(LEGACY)).toBe(BigInt(PROXY_CLASS_HASH));
    expect(await node.getBalance(STRK, RECIPIENT)).toBe(ONE);
  });

  it('upgrades Cairo 0 -> 0.3.1 -> 0.4.0 at the same address, then refuses a third upgrade', async () => {
    await node.deployAccount({
      publicKey: account.publicKey,
      classHash: PROXY_CLASS_HASH,
    });
    await node.setBalance(STRK, LEGACY, 10n * ONE);
    const snap = await withRecovered();
    const first = await approveUpgrade(snap);
    for (const expected of [
      'Argent 0.2.3',
      'Argent 0.3.1',
      'cannot be undone',
      'Same address',
      'STRK',
      '0x746a5288000',
    ]) {
      expect(first.text).toContain(expected);
    }
    const [upgrade] = await node.transactions();
    // One self-call, non-empty calldata after the class hash, in Cairo 0 format.
    const selfCall = {
      contractAddress: LEGACY,
      entrypoint: 'upgrade',
      calldata: [CLASS_031, '1', '0'],
    };
    expect(upgrade?.calldata.map(BigInt)).toStrictEqual(
      transaction.getExecuteCalldata([selfCall], '0').map(BigInt),
    );
    expect(upgrade?.tip).toBe(0n);
    await node.include();
    expect(await classAt(LEGACY)).toBe(BigInt(CLASS_031));
    expect(await listedLegacy(snap)).toMatchObject({
      accountVersion: '0.3.1',
    });
    // The next send is in Cairo 1 format, and lands.
    await approveTransfer(snap);
    const second = (await node.transactions())[1];
    expect(second?.calldata.map(BigInt)).toStrictEqual(
      transaction.getExecuteCalldata(transfer(ONE), '1').map(BigInt),
    );
    await node.include();
    expect(await node.getBalance(STRK, RECIPIENT)).toBe(ONE);

    const next = await approveUpgrade(snap);
    expect(next.text).toContain('Argent 0.4.0');
    await node.include();
    expect(await classAt(LEGACY)).toBe(BigInt(CLASS_040));
    expect(await listedLegacy(snap)).toMatchObject({
      accountVersion: '0.4.0',
    });
    const third = await snap.request({
      method: 'snapnet_upgradeAccount',
      params: { address: LEGACY },
    });
    expectInvalidField(third, 'address');
    expect(errorOf(third).message).toContain('already runs Argent 0.4.0');
    expect(await node.transactions()).toHaveLength(3);
  });

  it('the home page lists each account with kind, version and balances, and offers the upgrade', async () => {
    await node.deployAccount({
      publicKey: account.publicKey,
      classHash: PROXY_CLASS_HASH,
    });
    await node.setBalance(STRK, LEGACY, 2n * ONE);
    const snap = await withRecovered();
    const ui = (await snap.onHomePage()).getInterface();
    const text = textOf(ui);
    expect(text).toContain('Legacy Cairo 0');
    expect(text).toContain('0.2.3');
    expect(text).toContain('Upgrade to 0.3.1');
    expect(text).toMatch(/STRK\n2\n/u);
    // The Cairo 1 account of the same index, not deployed: no upgrade offered.
    expect(text.match(/Upgrade to/gu)).toHaveLength(1);
  });

  it('a rejected upgrade sends nothing', async () => {
    await node.deployAccount({
      publicKey: account.publicKey,
      classHash: PROXY_CLASS_HASH,
    });
    await node.setBalance(STRK, LEGACY, 10n * ONE);
    const snap = await withRecovered();
    const pending = snap.request({
      method: 'snapnet_upgradeAccount',
      params: { address: LEGACY },
    });
    await (await confirmationOf(pending)).cancel();
    expect(errorOf(await pending).code).toBe(4001);
    expect(await node.transactions()).toStrictEqual([]);
    expect(await classAt(LEGACY)).toBe(BigInt(PROXY_CLASS_HASH));
  });

  it('an ETH-only legacy account cannot upgrade: the error says it needs STRK and how much', async () => {
    await node.deployAccount({
      publicKey: account.publicKey,
      classHash: PROXY_CLASS_HASH,
    });
    await node.setBalance(ETH, LEGACY, 10n * ONE);
    const snap = await withRecovered();
    const response = await snap.request({
      method: 'snapnet_upgradeAccount',
      params: { address: LEGACY },
    });
    expectInvalidField(response, 'address');
    const { message } = errorOf(response);
    expect(message).toMatch(/send at least \d[\d.,]* STRK/u);
    expect(message).toContain('ETH cannot pay');
    expect(await node.transactions()).toStrictEqual([]);
  });

  it('refuses an address that is not a wallet account, and an undeployed one', async () => {
    await node.setBalance(STRK, LEGACY, 10n * ONE);
    const snap = await withRecovered();
    // A page was not given the stranger's address: 4100, as for any account it lacks.
    expect(
      errorOf(
        await snap.request({
          method: 'snapnet_upgradeAccount',
          params: { address: RECIPIENT },
        }),
      ),
    ).toMatchObject({ code: 4100, data: { field: 'address' } });
    // MetaMask learns it is no account of the wallet.
    expectInvalidField(
      await snap.request({
        origin: 'metamask',
        method: 'snapnet_upgradeAccount',
        params: { address: RECIPIENT },
      }),
      'address',
    );
    // The page holds the undeployed legacy account (index 0 is granted by default).
    const undeployed = await snap.request({
      method: 'snapnet_upgradeAccount',
      params: { address: LEGACY },
    });
    expectInvalidField(undeployed, 'address');
    expect(errorOf(undeployed).message).toContain('not deployed');
    expect(await node.transactions()).toStrictEqual([]);
  });
});
